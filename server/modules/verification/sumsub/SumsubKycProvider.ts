/**
 * The Sumsub adapter behind the KycProvider port (Sumsub's API reference; assumptions: ../README.md):
 * - one applicant per user at SUMSUB_LEVEL_NAME, our user id as its externalUserId
 *   (POST /resources/applicants?levelName=; 409 when it exists, then GET /resources/applicants/-;externalUserId=/one);
 * - WebSDK access tokens (POST /resources/accessTokens/sdk) and the external WebSDK link iOS opens
 *   (POST /resources/sdkIntegrations/levels/-/websdkLink);
 * - every request signed with X-App-Token, X-App-Access-Ts, X-App-Access-Sig;
 * - webhooks verified by X-Payload-Digest (HMAC of the raw body with the webhook secret) and read into KycEvents.
 * The sandbox points baseUrl at its double (../sandbox/SumsubDouble.ts): nothing here knows about the sandbox.
 */
import {
  type KycApplicantRef,
  type KycChange,
  type KycEvent,
  type KycProvider,
  KycProviderError,
  type KycSession,
  KycWebhookRejected,
} from '../kyc/KycProvider';
import {
  ACCESS_SIG_HEADER,
  ACCESS_TS_HEADER,
  APP_TOKEN_HEADER,
  DIGEST_ALG_HEADER,
  DIGEST_HEADER,
  PATHS,
  type SumsubWebhook,
  digestMatches,
  requestSignature,
  webhookTimeMs,
} from './protocol';

export interface HttpAnswer {
  status: number;
  json(): Promise<unknown>;
}
export type HttpFetch = (
  url: string,
  init: { method: 'GET' | 'POST'; headers: Record<string, string>; body?: string; signal: AbortSignal },
) => Promise<HttpAnswer>;

export interface SumsubSettings {
  /** https://api.sumsub.com or the sandbox's double; read per call (it may be the listening address). */
  readonly baseUrl: () => string;
  readonly appToken: string;
  readonly secretKey: string;
  readonly webhookSecret: string;
  readonly levelName: string;
  /** Access token lifetime (Sumsub's default is 600 s). */
  readonly tokenTtlSecs?: number;
  /** Epoch ms for X-App-Access-Ts (the server's clock). */
  readonly now: () => number;
  readonly fetch?: HttpFetch;
  readonly timeoutMs?: number;
}

export const SUMSUB_TOKEN_TTL_SECS = 1800;

const header = (headers: Readonly<Record<string, string | string[] | undefined>>, name: string): string | undefined => {
  const value = headers[name];
  return Array.isArray(value) ? value[0] : value;
};

const plainFetch: HttpFetch = (url, init) => fetch(url, init);

/** The change a webhook asks for; only applicantReviewed with reviewStatus completed carries a result. */
function changeOf(webhook: SumsubWebhook): KycChange {
  switch (webhook.type) {
    case 'applicantPending':
      return { kind: 'pending' };
    case 'applicantReset':
      return { kind: 'reset' };
    case 'applicantReviewed': {
      const result = webhook.reviewResult;
      if (webhook.reviewStatus !== 'completed' || (result?.reviewAnswer !== 'GREEN' && result?.reviewAnswer !== 'RED'))
        return { kind: 'ignored' };
      const rejectType =
        result.reviewAnswer === 'RED' ? (result.reviewRejectType === 'RETRY' ? 'RETRY' : 'FINAL') : null;
      // moderationComment is the one Sumsub means for the applicant; clientComment is never shown to them.
      const comment = result.moderationComment?.trim();
      return {
        kind: 'reviewed',
        answer: result.reviewAnswer,
        rejectType,
        labels: [...(result.rejectLabels ?? [])],
        ...(comment ? { comment } : {}),
      };
    }
    default:
      return { kind: 'ignored' };
  }
}

export class SumsubKycProvider implements KycProvider {
  readonly name = 'sumsub';
  private readonly fetch: HttpFetch;

  constructor(private readonly settings: SumsubSettings) {
    this.fetch = settings.fetch ?? plainFetch;
  }

  async createSession(applicant: KycApplicantRef): Promise<KycSession> {
    const externalUserId = String(applicant.userId);
    const applicantId = applicant.applicantId ?? (await this.ensureApplicant(externalUserId, applicant.lang));
    const ttlInSecs = this.settings.tokenTtlSecs ?? SUMSUB_TOKEN_TTL_SECS;
    const issuedAtMs = this.settings.now();
    const token = await this.call<{ token?: unknown }>('POST', PATHS.accessToken, {
      userId: externalUserId,
      levelName: this.settings.levelName,
      ttlInSecs,
    });
    if (typeof token.body.token !== 'string')
      throw new KycProviderError('Sumsub answered without an access token', token.status);
    // The WebSDK runs with the access token; the link is only a fallback for hosts that cannot run it, so a failed
    // link call does not fail the check.
    const link = await this.call<{ url?: unknown }>(
      'POST',
      `${PATHS.websdkLink}?lang=${encodeURIComponent(applicant.lang)}`,
      {
        levelName: this.settings.levelName,
        userId: externalUserId,
        ttlInSecs,
      },
    ).catch(() => null);
    const externalUrl = typeof link?.body.url === 'string' ? link.body.url : null;
    return {
      token: token.body.token,
      expiresAtMs: issuedAtMs + ttlInSecs * 1000,
      externalUrl,
      applicantId,
    };
  }

  /** The user's applicant: made now, or found by our id when Sumsub already has one (409). */
  private async ensureApplicant(externalUserId: string, lang: string): Promise<string> {
    const created = await this.call<{ id?: unknown }>(
      'POST',
      PATHS.createApplicant(this.settings.levelName),
      { externalUserId, lang },
      [409],
    );
    if (created.status !== 409 && typeof created.body.id === 'string') return created.body.id;
    const found = await this.call<{ id?: unknown }>('GET', PATHS.applicantByExternalId(externalUserId));
    if (typeof found.body.id !== 'string')
      throw new KycProviderError('Sumsub answered an applicant without an id', found.status);
    return found.body.id;
  }

  readWebhook(rawBody: string, headers: Readonly<Record<string, string | string[] | undefined>>): KycEvent {
    if (
      !digestMatches(
        this.settings.webhookSecret,
        rawBody,
        header(headers, DIGEST_HEADER),
        header(headers, DIGEST_ALG_HEADER),
      )
    ) {
      throw new KycWebhookRejected('The webhook digest does not match');
    }
    let webhook: SumsubWebhook;
    try {
      webhook = JSON.parse(rawBody) as SumsubWebhook;
    } catch {
      throw new KycWebhookRejected('The webhook body is not JSON');
    }
    if (
      typeof webhook !== 'object' ||
      webhook === null ||
      typeof webhook.type !== 'string' ||
      typeof webhook.applicantId !== 'string'
    ) {
      throw new KycWebhookRejected('The webhook names no type or applicant');
    }
    const occurredAtMs = webhookTimeMs(webhook);
    if (occurredAtMs === null) throw new KycWebhookRejected('The webhook carries no createdAtMs');
    const userId = /^[1-9]\d{0,15}$/.test(webhook.externalUserId ?? '') ? Number(webhook.externalUserId) : null;
    return {
      // A redelivery repeats the same body: the applicant, the type, the time and the correlation id name the event (README assumption 7).
      id: `${webhook.applicantId}:${webhook.type}:${webhook.createdAtMs ?? webhook.createdAt}:${webhook.correlationId ?? ''}`,
      type: webhook.type,
      userId,
      applicantId: webhook.applicantId,
      occurredAtMs,
      change: changeOf(webhook),
    };
  }

  /** A signed call; answers with a status in `accept` are returned, other errors throw KycProviderError. */
  private async call<T>(
    method: 'GET' | 'POST',
    pathWithQuery: string,
    body?: unknown,
    accept: readonly number[] = [],
  ): Promise<{ status: number; body: Partial<T> }> {
    const raw = body === undefined ? '' : JSON.stringify(body);
    const ts = Math.floor(this.settings.now() / 1000);
    const headers: Record<string, string> = {
      accept: 'application/json',
      [APP_TOKEN_HEADER]: this.settings.appToken,
      [ACCESS_TS_HEADER]: String(ts),
      [ACCESS_SIG_HEADER]: requestSignature(this.settings.secretKey, ts, method, pathWithQuery, raw),
      ...(body === undefined ? {} : { 'content-type': 'application/json' }),
    };
    let status: number;
    let answer: unknown;
    try {
      const response = await this.fetch(`${this.settings.baseUrl()}${pathWithQuery}`, {
        method,
        headers,
        ...(body === undefined ? {} : { body: raw }),
        signal: AbortSignal.timeout(this.settings.timeoutMs ?? 20_000),
      });
      status = response.status;
      answer = await response.json().catch(() => null);
    } catch (error) {
      throw new KycProviderError(
        `Sumsub did not answer ${method} ${pathWithQuery.split('?')[0]} (${(error as Error).name})`,
        null,
      );
    }
    const object = (typeof answer === 'object' && answer !== null ? answer : {}) as Partial<T> & {
      description?: unknown;
      errorName?: unknown;
    };
    if (status < 300 || accept.includes(status)) return { status, body: object };
    const description = typeof object.description === 'string' ? object.description : `HTTP ${status}`;
    throw new KycProviderError(
      `Sumsub refused ${method} ${pathWithQuery.split('?')[0]}: ${description}`,
      status,
      typeof object.errorName === 'string' ? object.errorName : undefined,
    );
  }
}
