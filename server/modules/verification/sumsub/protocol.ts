/**
 * Sumsub's wire protocol, shared by the adapter (SumsubKycProvider) and the sandbox's double (sandbox/SumsubDouble),
 * from Sumsub's public API reference (/work/shared/vendors/sumsub.md; assumptions: ../README.md):
 * - requests carry X-App-Token, X-App-Access-Ts (epoch seconds) and X-App-Access-Sig, the lowercase hex
 *   HMAC-SHA256 (key: the app token's secret key) of ts + METHOD + path with query + body;
 * - webhooks carry X-Payload-Digest, the hex HMAC of the raw body with the webhook's secret, with the algorithm
 *   named in X-Payload-Digest-Alg (HMAC_SHA256_HEX by default);
 * - errors answer { description, code, correlationId, errorCode?, errorName? }.
 */
import { createHmac, timingSafeEqual } from 'node:crypto';

export const APP_TOKEN_HEADER = 'x-app-token';
export const ACCESS_TS_HEADER = 'x-app-access-ts';
export const ACCESS_SIG_HEADER = 'x-app-access-sig';
export const DIGEST_HEADER = 'x-payload-digest';
export const DIGEST_ALG_HEADER = 'x-payload-digest-alg';

/** The clock window the API allows between X-App-Access-Ts and its own time. */
export const SIGNATURE_WINDOW_SECONDS = 60;

export const PATHS = {
  createApplicant: (levelName: string) => `/resources/applicants?levelName=${encodeURIComponent(levelName)}`,
  applicantByExternalId: (externalUserId: string) =>
    `/resources/applicants/-;externalUserId=${encodeURIComponent(externalUserId)}/one`,
  accessToken: '/resources/accessTokens/sdk',
  websdkLink: '/resources/sdkIntegrations/levels/-/websdkLink',
  testCompleted: (applicantId: string) =>
    `/resources/applicants/${encodeURIComponent(applicantId)}/status/testCompleted`,
  reset: (applicantId: string) => `/resources/applicants/${encodeURIComponent(applicantId)}/reset`,
} as const;

/** Where the WebSDK builder (@sumsub/websdk) loads its frame from, under the base URL the access token names. */
export const WEBSDK_FRAME_PATH = '/websdk/websdk.html';

export function requestSignature(
  secretKey: string,
  ts: number | string,
  method: string,
  pathWithQuery: string,
  body: string = '',
): string {
  return createHmac('sha256', secretKey)
    .update(`${ts}${method.toUpperCase()}${pathWithQuery}`)
    .update(body)
    .digest('hex');
}

export const DIGEST_ALGORITHMS = {
  HMAC_SHA1_HEX: 'sha1',
  HMAC_SHA256_HEX: 'sha256',
  HMAC_SHA512_HEX: 'sha512',
} as const;
export type DigestAlgorithm = keyof typeof DIGEST_ALGORITHMS;
export const DEFAULT_DIGEST_ALGORITHM: DigestAlgorithm = 'HMAC_SHA256_HEX';

export function payloadDigest(
  webhookSecret: string,
  rawBody: string,
  algorithm: DigestAlgorithm = DEFAULT_DIGEST_ALGORITHM,
): string {
  return createHmac(DIGEST_ALGORITHMS[algorithm], webhookSecret).update(rawBody, 'utf8').digest('hex');
}

/** Constant-time check of a webhook's digest; an unknown algorithm or a missing digest fails. */
export function digestMatches(
  webhookSecret: string,
  rawBody: string,
  digest: string | undefined,
  algorithm: string | undefined,
): boolean {
  const name = (algorithm ?? DEFAULT_DIGEST_ALGORITHM) as DigestAlgorithm;
  if (digest === undefined || !(name in DIGEST_ALGORITHMS)) return false;
  const expected = Buffer.from(payloadDigest(webhookSecret, rawBody, name), 'utf8');
  const given = Buffer.from(digest.toLowerCase(), 'utf8');
  return expected.length === given.length && timingSafeEqual(expected, given);
}

export type ReviewAnswer = 'GREEN' | 'RED';
export type ReviewRejectType = 'RETRY' | 'FINAL';

export interface ReviewResult {
  readonly reviewAnswer: ReviewAnswer;
  readonly reviewRejectType?: ReviewRejectType;
  readonly rejectLabels?: readonly string[];
  /** May be shown to the applicant. */
  readonly moderationComment?: string;
  /** Never shown to the applicant. */
  readonly clientComment?: string;
}

/** A webhook body (user verification webhooks). */
export interface SumsubWebhook {
  readonly applicantId: string;
  readonly inspectionId?: string;
  readonly correlationId?: string;
  readonly externalUserId?: string;
  readonly levelName?: string;
  readonly type: string;
  readonly sandboxMode?: boolean;
  readonly reviewStatus?: string;
  /** `yyyy-MM-dd HH:mm:ss.fff`, UTC. */
  readonly createdAtMs?: string;
  /** `yyyy-MM-dd HH:mm:ss+0000`. */
  readonly createdAt?: string;
  readonly applicantType?: 'individual' | 'company';
  readonly reviewResult?: ReviewResult;
  readonly clientId?: string;
}

export interface SumsubErrorBody {
  readonly description: string;
  readonly code: number;
  readonly correlationId: string;
  readonly errorCode?: number;
  readonly errorName?: string;
}

const pad = (value: number, width = 2): string => String(value).padStart(width, '0');

/** Epoch ms as Sumsub's createdAtMs: `2020-02-21 13:23:19.321` (UTC). */
export function formatCreatedAtMs(ms: number): string {
  const d = new Date(ms);
  return `${d.getUTCFullYear()}-${pad(d.getUTCMonth() + 1)}-${pad(d.getUTCDate())} ${pad(d.getUTCHours())}:${pad(d.getUTCMinutes())}:${pad(d.getUTCSeconds())}.${pad(d.getUTCMilliseconds(), 3)}`;
}

/** Epoch ms as Sumsub's createdAt: `2020-02-21 13:23:19+0000`. */
export function formatCreatedAt(ms: number): string {
  return `${formatCreatedAtMs(ms).slice(0, 19)}+0000`;
}

/** createdAtMs (or createdAt) as epoch ms; null when absent or unreadable. */
export function webhookTimeMs(webhook: Pick<SumsubWebhook, 'createdAtMs' | 'createdAt'>): number | null {
  const ms = webhook.createdAtMs?.match(/^(\d{4})-(\d{2})-(\d{2}) (\d{2}):(\d{2}):(\d{2})(?:\.(\d{1,3}))?$/);
  if (ms)
    return Date.UTC(+ms[1]!, +ms[2]! - 1, +ms[3]!, +ms[4]!, +ms[5]!, +ms[6]!, Number((ms[7] ?? '0').padEnd(3, '0')));
  const plain = webhook.createdAt?.match(/^(\d{4})-(\d{2})-(\d{2}) (\d{2}):(\d{2}):(\d{2})\+0000$/);
  if (plain) return Date.UTC(+plain[1]!, +plain[2]! - 1, +plain[3]!, +plain[4]!, +plain[5]!, +plain[6]!);
  return null;
}
