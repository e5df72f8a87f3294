/**
 * The identity check (KYC) behind verification (spec section 4). A provider opens a session for a user and
 * answers a token the client's widget runs with; its decision arrives later (sandbox: the widget's buttons or
 * POST /sandbox/kyc; a real provider: its webhook) and is applied by VerificationService.
 */
export interface KycSession {
  readonly token: string;
  /** Epoch ms after which the widget answers invalid-token and the client asks for a fresh token. */
  readonly expiresAtMs: number;
}

export interface KycProvider {
  /** Opens a new identity-check session (a fresh token) for the user. */
  createSession(user: { readonly id: number; readonly telegramId: number }, nowMs: number): Promise<KycSession>;
  /** Where the client embeds the widget for this token. */
  widgetUrl(token: string): string;
}

/** Widget error the client answers with a fresh token (src/domain/verification.ts WIDGET_INVALID_TOKEN_ERROR). */
export const INVALID_TOKEN = 'invalid-token';
