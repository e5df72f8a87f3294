/**
 * The sandbox identity check: random session tokens valid for 30 minutes of the server's clock, and a widget page
 * at /sandbox/kyc/widget?token= with approve and reject buttons (server/modules/verification/kyc/widget.ts).
 */
import { randomBytes } from 'node:crypto';
import type { KycProvider, KycSession } from './KycProvider';

export const SANDBOX_KYC_TOKEN_TTL_MS = 30 * 60 * 1000;

export class SandboxKycProvider implements KycProvider {
  constructor(private readonly widgetBase: string = '/sandbox/kyc/widget') {}

  async createSession(_user: { readonly id: number; readonly telegramId: number }, nowMs: number): Promise<KycSession> {
    return { token: `kyc_${randomBytes(18).toString('base64url')}`, expiresAtMs: nowMs + SANDBOX_KYC_TOKEN_TTL_MS };
  }

  widgetUrl(token: string): string {
    return `${this.widgetBase}?token=${encodeURIComponent(token)}`;
  }
}
