import type { VerificationState } from '../../domain/entities';

/** A started identity check: the widget token and, when the provider gives one, the widget page to embed. */
export interface VerificationSession {
  readonly token: string;
  readonly widgetUrl?: string;
}

/** Identity verification of a creator (spec section 4, calls /verification/*). */
export interface VerificationRepository {
  /**
   * Current status and, while in_kyc, the identity-check widget token.
   * @param options.firstCall true on the first poll of a screen visit (query `first_call`).
   */
  status(options?: { readonly firstCall?: boolean }): Promise<VerificationState>;
  /** Starts a verification (status becomes in_kyc) and returns a fresh widget token; also used after invalid-token. */
  start(): Promise<VerificationSession>;
}
