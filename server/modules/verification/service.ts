/**
 * Verification (spec section 4): none → in_kyc (identity check running, widget token) → kyc_approved (check passed,
 * final review) → approved; or kyc_rejected / rejected. The identity check sits behind the KycProvider port; its
 * decision arrives through applyDecision (sandbox widget) or setStatus (sandbox control, a real provider's hook).
 */
import type { VerificationStatus } from '../../../src/domain/entities';
import { AppError } from '../../platform/errors';
import { INVALID_TOKEN } from './kyc/KycProvider';
import { UsersRepository } from '../users/repository';
import type { UserRow } from '../../platform/db/schema';
import { type ServiceDeps, nowDate } from '../../platform/serviceDeps';

export type KycDecision = 'approved' | 'kyc_approved' | 'rejected' | 'kyc_rejected';

export interface VerificationState {
  readonly status: VerificationStatus;
  readonly token?: string;
  readonly widgetUrl?: string;
  readonly botUsername: string;
}

export interface KycSessionStart {
  readonly token: string;
  readonly widgetUrl: string;
}

/** The widget's answer for a token that is unknown, used or expired; the client then asks for a fresh token. */
export class InvalidKycTokenError extends Error {
  readonly code = INVALID_TOKEN;
  constructor() {
    super('The identity check session is invalid or expired');
  }
}

export class VerificationService {
  constructor(private readonly deps: ServiceDeps) {}

  private get users() {
    return new UsersRepository(this.deps.db);
  }

  private tokenIsLive(user: UserRow): boolean {
    return user.kycToken !== null && user.kycTokenExpiresAt !== null && user.kycTokenExpiresAt.getTime() > this.deps.clock.now();
  }

  /** What the verification screen shows: the status, the running check's token and widget, the bot to add. */
  private state(user: UserRow): VerificationState {
    const botUsername = this.deps.botProfile.username;
    if (user.verificationStatus !== 'in_kyc' || user.kycToken === null) return { status: user.verificationStatus, botUsername };
    return { status: user.verificationStatus, token: user.kycToken, widgetUrl: this.deps.kyc.widgetUrl(user.kycToken), botUsername };
  }

  private async newSession(user: UserRow): Promise<UserRow> {
    const session = await this.deps.kyc.createSession(user, this.deps.clock.now());
    const updated = await this.users.setVerification(user.id, 'in_kyc', nowDate(this.deps.clock), {
      token: session.token,
      expiresAt: new Date(session.expiresAtMs),
    });
    return updated!;
  }

  /**
   * The current status. With first_call (the screen opening), an identity check whose token expired gets a fresh
   * one, so the widget can start at once.
   */
  async status(user: UserRow, firstCall: boolean): Promise<VerificationState> {
    if (firstCall && user.verificationStatus === 'in_kyc' && !this.tokenIsLive(user)) return this.state(await this.newSession(user));
    return this.state(user);
  }

  /** Starts (or restarts, with a fresh token) the identity check. Only before a decision was made. */
  async start(user: UserRow): Promise<KycSessionStart> {
    if (user.verificationStatus !== 'none' && user.verificationStatus !== 'in_kyc') {
      throw new AppError('conflict', `Verification cannot be started in status ${user.verificationStatus}`);
    }
    const updated = await this.newSession(user);
    return { token: updated.kycToken!, widgetUrl: this.deps.kyc.widgetUrl(updated.kycToken!) };
  }

  /** Whether the widget may run with this token (live and still in the identity check). */
  async checkToken(token: string): Promise<UserRow> {
    const user = await this.users.byKycToken(token);
    if (!user || user.verificationStatus !== 'in_kyc' || !this.tokenIsLive(user)) throw new InvalidKycTokenError();
    return user;
  }

  /** The identity check's decision for a widget session. */
  async applyDecision(token: string, decision: KycDecision): Promise<VerificationStatus> {
    const user = await this.checkToken(token);
    await this.users.setVerification(user.id, decision, nowDate(this.deps.clock), { token: null, expiresAt: null });
    return decision;
  }

  /** Sets the status directly (sandbox control API). */
  async setStatus(user: UserRow, status: VerificationStatus): Promise<UserRow> {
    const keepToken = status === 'in_kyc';
    return (await this.users.setVerification(user.id, status, nowDate(this.deps.clock), keepToken ? undefined : { token: null, expiresAt: null }))!;
  }
}
