/**
 * Smart Glocal API v1 as its public reference describes it (developer.smart-glocal.com/docs/reference), shared by the
 * adapter (SmartGlocalProvider.ts) and the sandbox's double (../sandbox/), so both speak one protocol and the
 * contract test pins it. Where the reference is silent, the assumption is written in ../README.md ("Smart Glocal").
 *
 * - Every call is `POST <base>/api/v1/<method>` with a JSON body and headers X-PARTNER-PROJECT and X-PARTNER-SIGN.
 * - X-PARTNER-SIGN: RSA-SHA256 (PKCS#1 v1.5) over the raw body bytes as sent. The reference does not say hex or
 *   base64 (its examples are hex-shaped, the one public integration uses base64): ours are signed in
 *   SMART_GLOCAL_SIGNATURE_ENCODING (base64 by default), and a signature is verified in either. Webhooks are signed the
 *   same way with Smart Glocal's key (header X-PARTNER-SIGN, no project header).
 * - Answers: `{ status: 'ok', ... }` or `{ status: 'error', error: { code, description } }`.
 * - Amounts are integers in minor units; currencies lower-case ISO 4217.
 */
import { createSign, createVerify, type KeyObject, sign as cryptoSign } from 'node:crypto';

export const API_PREFIX = '/api/v1';
export const PROJECT_HEADER = 'x-partner-project';
export const SIGN_HEADER = 'x-partner-sign';
/** Assumed name (the reference asks for an idempotency key on init calls without naming the header). */
export const IDEMPOTENCY_HEADER = 'x-partner-idempotency-key';
/** Browser-side tokenisation (Telegram's clients: POST <tokenize_url> with this header). */
export const PUBLIC_TOKEN_HEADER = 'x-public-token';
/** Path of the card tokenisation endpoint on the tokenisation host (tgb.smart-glocal.com in live). */
export const TOKENIZE_PATH = '/cds/v1/tokenize/card';

export const METHODS = [
  'session/create',
  'session/init/payment',
  'session/start/payment',
  'session/init/payout',
  'session/status',
  'session/confirm',
  'session/cancel',
  'session/refund',
  'token',
  'token/info',
] as const;
export type Method = (typeof METHODS)[number];

/** How X-PARTNER-SIGN writes the signature's bytes (SMART_GLOCAL_SIGNATURE_ENCODING). */
export type SignatureEncoding = 'base64' | 'hex';
export const SIGNATURE_ENCODINGS: readonly SignatureEncoding[] = ['base64', 'hex'];

export function sign(body: string, privateKey: KeyObject, encoding: SignatureEncoding = 'base64'): string {
  return createSign('RSA-SHA256').update(body, 'utf8').sign(privateKey, encoding);
}

/**
 * The same signature as `sign`, computed on libuv's thread pool: RSA signing is the costliest step of a provider
 * call, and on the event loop it delays every other request (a payment signs two calls and the double two webhooks).
 */
export function signOffLoop(
  body: string,
  privateKey: KeyObject,
  encoding: SignatureEncoding = 'base64',
): Promise<string> {
  return new Promise((resolve, reject) => {
    cryptoSign('sha256', Buffer.from(body, 'utf8'), privateKey, (error, signature) =>
      error ? reject(error) : resolve(signature.toString(encoding)),
    );
  });
}

const BASE64 = /^[A-Za-z0-9+/]+={0,2}$/;
const HEX = /^(?:[0-9a-fA-F]{2})+$/;

/**
 * The bytes a header may stand for: hex when it reads as hex, base64 when it reads as base64 (a hex string is valid
 * base64 too, so both are tried; only the right one verifies).
 */
function signatureCandidates(signature: string | undefined): Buffer[] {
  if (signature === undefined) return [];
  const candidates: Buffer[] = [];
  if (HEX.test(signature)) candidates.push(Buffer.from(signature, 'hex'));
  if (BASE64.test(signature)) candidates.push(Buffer.from(signature, 'base64'));
  return candidates;
}

/**
 * Checks a signature on the event loop: an RSA-2048 check takes ~35 µs of CPU, and handing it to libuv's thread pool
 * (as signing is) cost more than the check itself (~60 µs per call in all). Each payment checks two calls at the
 * double and two webhooks here.
 */
export function verify(body: string, signature: string | undefined, publicKey: KeyObject): boolean {
  return signatureCandidates(signature).some((bytes) => {
    try {
      return createVerify('RSA-SHA256').update(body, 'utf8').verify(publicKey, bytes);
    } catch {
      return false;
    }
  });
}

// ---- objects (only the fields we read or write; answers may carry more, which are ignored)

export interface AmountDetails {
  amount: number;
  currency: string;
}
export interface ApiError {
  code: string;
  description: string;
}

export type SessionStatus = 'created' | 'in_progress' | 'accepted' | 'cancelled' | 'error';
export type OperationStatus = 'in_progress' | 'pending' | 'succeeded' | 'failed';

export interface CardInfo {
  brand?: string;
  last4?: string;
  bin?: string;
  /** Extra field of the double (issuing country, ISO2). */ issuer_country?: string;
}

export interface Redirect {
  url: string;
  base_url?: string;
  method?: 'GET' | 'POST';
  qs?: Record<string, string>;
  params?: Record<string, string>;
}
export interface CustomerInteraction {
  type: 'redirect' | 'inform';
  redirect?: Redirect;
}

export interface Refund {
  id: string;
  status: 'in_progress' | 'accepted' | 'failed';
  created_at: string;
  finished_at?: string;
  amount_details: AmountDetails;
  is_chargeback?: boolean;
}

export interface AcquiringPayment {
  id: string;
  status: OperationStatus;
  created_at: string;
  finished_at?: string;
  customer?: { reference: string };
  payment_details:
    { type: 'card'; card: CardInfo } | { type: 'recurrent'; recurrent?: { token?: string } } | { type: string };
  amount_details: AmountDetails;
  /** After a payment made with payment_options.recurrent: the token for later charges. */
  recurrent?: { token: string; is_active: boolean; type: 'recurrent_token' };
  refunds?: Refund[];
  customer_interaction?: CustomerInteraction;
  /** We send our payment id here; it comes back on every answer and webhook. */
  metadata?: { reference?: string } | string | number;
  error?: ApiError;
}

export interface Payout {
  id: string;
  status: OperationStatus;
  created_at: string;
  finished_at?: string;
  payment_method: { type: string; card?: CardInfo };
  amount_details: AmountDetails;
  /**
   * A payout the recipient's bank returned after it succeeded: the reference sends that as payment_refunded with the
   * payout in `payments[]` (payouts/payout-refunds); we assume it carries an accepted refund like a payment's.
   */
  refunds?: Refund[];
  metadata?: { reference?: string } | string | number;
  error?: ApiError;
}

export interface PaymentSession {
  id: string;
  status: SessionStatus;
  created_at: string;
  updated_at: string;
  next_action?: 'confirm' | 'capture';
  acquiring_payments?: AcquiringPayment[];
  payments?: Payout[];
  error?: ApiError;
}

export type WebhookType =
  'ready_to_confirm' | 'action_required' | 'ready_to_capture' | 'payment_finished' | 'payment_refunded';
export const WEBHOOK_TYPES: readonly WebhookType[] = [
  'ready_to_confirm',
  'action_required',
  'ready_to_capture',
  'payment_finished',
  'payment_refunded',
];

export interface Webhook {
  type: WebhookType;
  session: PaymentSession;
}

// ---- request bodies

/** A card tokenised in the browser, as the reference passes tokenised cards (encrypted_card.number_hash). */
export interface EncryptedCard {
  type: 'card';
  card: { type: 'encrypted_card'; encrypted_card: { number_hash: string } };
}
export interface RecurrentDetails {
  type: 'recurrent';
  recurrent: { token: string; initiator: 'merchant' | 'client' };
}

export interface InitPaymentBody {
  payment_details: EncryptedCard | RecurrentDetails;
  amount_details: AmountDetails;
  customer: { reference: string };
  payment_options?: { recurrent?: boolean; return_url?: string };
  /** The reference says metadata may be any JSON object: ours carries our payment id and what is paid for. */
  metadata: { reference: string; description: string };
}

export interface CreateSessionBody {
  amount_details: AmountDetails;
  customer: { reference: string };
  payment_options?: { recurrent?: boolean; return_url?: string };
  metadata: { reference: string; description: string };
}

export type PayoutMethod =
  | EncryptedCard
  | {
      type: 'bank_account';
      bank_account: {
        system_type: 'ru';
        ru: { bik: string; account: string; full_name: string; description: string; inn?: string };
      };
    }
  | { type: 'bank_account'; bank_account: { system_type: 'global'; global: { iban: string; description: string } } };

export interface InitPayoutBody {
  payment_method: PayoutMethod;
  amount_details: AmountDetails;
  participant_details: { recipient: { full_name: string } };
  metadata: { reference: string };
}

export interface TokenBody {
  tokenize_widget?: { access: 'card'; locale: string };
  acquiring_widget?: {
    session_id: string;
    locale: string;
    success_return_url?: string;
    failure_return_url?: string;
    show_recurrent_checkbox?: boolean;
  };
}

// The browser's tokenisation request and answer are the app's: ProviderTokenizeRequest and ProviderTokenizeResponse
// in src/contract/api.ts.

/** The reference of our own that travels in metadata. */
export function referenceOf(operation: { metadata?: AcquiringPayment['metadata'] }): string | null {
  const { metadata } = operation;
  return typeof metadata === 'object' && metadata !== null && typeof metadata.reference === 'string'
    ? metadata.reference
    : null;
}
