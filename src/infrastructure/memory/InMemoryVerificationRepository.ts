import type { VerificationState } from '../../domain/entities';
import type { VerificationRepository } from '../../application/ports/VerificationRepository';
import { type InMemoryBackend, type InMemorySession, fail } from './InMemoryBackend';

export class InMemoryVerificationRepository implements VerificationRepository {
  constructor(
    private readonly backend: InMemoryBackend,
    private readonly session: InMemorySession = backend.session,
  ) {}

  async status(_options?: { readonly firstCall?: boolean }): Promise<VerificationState> {
    const user = this.backend.actor(this.session);
    return user.verification === 'in_kyc' && user.verificationToken !== null
      ? { status: user.verification, token: user.verificationToken }
      : { status: user.verification };
  }

  /** Starts (or restarts, with a fresh token) the identity check, also after a rejection for retry (kyc_rejected). */
  async start(): Promise<{ readonly token: string }> {
    const user = this.backend.actor(this.session);
    if (user.verification !== 'none' && user.verification !== 'in_kyc' && user.verification !== 'kyc_rejected')
      fail('conflict', `Verification is ${user.verification}`);
    user.verification = 'in_kyc';
    user.verificationToken = this.backend.nextToken('kyc');
    return { token: user.verificationToken };
  }
}
