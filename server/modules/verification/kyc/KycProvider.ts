/**
 * The identity check (KYC) behind verification (spec section 4). A provider keeps an applicant per user, opens
 * widget sessions (an access token for the embedded widget and a page for iOS), and tells its results by webhook,
 * which the provider verifies and reads into provider-neutral events that VerificationService applies.
 * The only provider is Sumsub (../sumsub/SumsubKycProvider.ts; the sandbox points it at its double). Without one
 * (SANDBOX=0 and no SUMSUB_*), verification is a manual review decided by an operator.
 */
export interface KycSession {
  /** The access token the widget runs with. */
  readonly token: string;
  /** Epoch ms after which the widget answers invalid-token and the client asks for a fresh token. */
  readonly expiresAtMs: number;
  /** The provider's own page for this session (iOS runs the check there, outside the app); null when it could not be had. */
  readonly externalUrl: string | null;
  /** The provider's applicant for this user. */
  readonly applicantId: string;
}

export interface KycApplicantRef {
  /** Our user id: the applicant's external id at the provider. */
  readonly userId: number;
  /** The user's language for the widget (ISO 639-1). */
  readonly lang: string;
  /** The applicant made for this user before, if any. */
  readonly applicantId: string | null;
}

/** What a provider's webhook says, read and verified. */
export interface KycEvent {
  /** Stable across redeliveries of the same event: it is applied once. */
  readonly id: string;
  /** The provider's own name for the event (e.g. applicantReviewed). */
  readonly type: string;
  /** Our user id (the applicant's external id); null when the applicant is not ours. */
  readonly userId: number | null;
  readonly applicantId: string;
  /** When the provider made the event; orders events delivered out of order. */
  readonly occurredAtMs: number;
  readonly change: KycChange;
}

export type KycChange =
  /** The applicant submitted everything; the check runs. */
  | { readonly kind: 'pending' }
  /** The check's result; a RED RETRY may be tried again, a RED FINAL may not. */
  | {
      readonly kind: 'reviewed';
      readonly answer: 'GREEN' | 'RED';
      readonly rejectType: 'RETRY' | 'FINAL' | null;
      readonly labels: readonly string[];
      /** What the provider says to the applicant about a rejection (never its internal notes). */
      readonly comment?: string;
    }
  /** The applicant was reset: the check starts over. */
  | { readonly kind: 'reset' }
  /** Nothing verification acts on. */
  | { readonly kind: 'ignored' };

export interface KycProvider {
  /** The provider's name, stored with applicants and events. */
  readonly name: string;
  /** Makes the user's applicant when there is none yet, and opens a new widget session (a fresh token). */
  createSession(applicant: KycApplicantRef): Promise<KycSession>;
  /** Verifies a webhook (its raw body and headers) and reads it; throws KycWebhookRejected when it is not genuine. */
  readWebhook(rawBody: string, headers: Readonly<Record<string, string | string[] | undefined>>): KycEvent;
}

/** A webhook whose signature (digest) does not verify, or that cannot be read: answered 401, nothing changes. */
export class KycWebhookRejected extends Error {
  override readonly name = 'KycWebhookRejected';
}

/** A provider call that failed (network, refusal): verification cannot start now. */
export class KycProviderError extends Error {
  override readonly name = 'KycProviderError';
  constructor(
    message: string,
    readonly httpStatus: number | null,
    readonly errorName?: string,
  ) {
    super(message);
  }
}

/** Widget error the client answers with a fresh token (src/domain/verification.ts WIDGET_INVALID_TOKEN_ERROR). */
export const INVALID_TOKEN = 'invalid-token';
