import type { VerificationState } from '../../domain/entities';

/**
 * A started identity check: the widget's access token and the provider's own page (iOS), or a manual review (no
 * identity-check provider on the server: no token, an operator reviews the application).
 */
export interface VerificationSession {
  readonly token?: string;
  readonly widgetUrl?: string;
  readonly manualReview?: boolean;
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
