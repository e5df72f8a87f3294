/**
 * The sandbox's Sumsub: the same API, signatures and webhooks as Sumsub (../sumsub/protocol.ts), so the sandbox
 * runs the real adapter (SumsubKycProvider) against it. Kept in memory (applicants, access tokens, WebSDK links):
 * a restart starts with no applicants, and the adapter makes them again.
 *
 * - API (signed like Sumsub's, 401 `app-token-signature mismatch` otherwise): create applicant, get applicant by
 *   external id, WebSDK access tokens, external WebSDK links, reset, and the sandbox review simulation testCompleted.
 * - Access tokens look like Sumsub's JWT-style sandbox tokens (`_act-sbx-jwt-<header>.<claims>`) whose `url` claim is
 *   the origin the double was reached at: @sumsub/websdk reads it and loads its frame from <url>/websdk/websdk.html,
 *   which the double serves (./widget.ts) and which speaks the WebSDK's messages to the builder.
 * - The frame's buttons (approve, reject for retry, reject final) submit the applicant (applicantPending webhook)
 *   and review it (applicantReviewed webhook with GREEN, or RED with RETRY or FINAL), as testCompleted does.
 * Webhooks are signed with X-Payload-Digest (HMAC_SHA256_HEX) and sent through the connected sender.
 */
import { randomBytes, randomUUID } from 'node:crypto';
import {
  ACCESS_SIG_HEADER,
  ACCESS_TS_HEADER,
  APP_TOKEN_HEADER,
  DEFAULT_DIGEST_ALGORITHM,
  DIGEST_ALG_HEADER,
  DIGEST_HEADER,
  type ReviewResult,
  SIGNATURE_WINDOW_SECONDS,
  type SumsubErrorBody,
  type SumsubWebhook,
  formatCreatedAt,
  formatCreatedAtMs,
  payloadDigest,
  requestSignature,
} from '../sumsub/protocol';

export interface SumsubDoubleSettings {
  readonly appToken: string;
  readonly secretKey: string;
  readonly webhookSecret: string;
  readonly levelName: string;
  /** The sandbox clock (epoch ms). */
  readonly now: () => number;
}

export interface DoubleApplicant {
  readonly id: string;
  readonly inspectionId: string;
  readonly externalUserId: string;
  readonly levelName: string;
  readonly lang: string;
  readonly createdAtMs: number;
  reviewStatus: 'init' | 'pending' | 'completed';
  reviewResult: ReviewResult | null;
  attemptCnt: number;
}

interface AccessToken {
  readonly externalUserId: string;
  readonly levelName: string;
  readonly expiresAtMs: number;
}

export interface DoubleAnswer {
  readonly httpStatus: number;
  readonly body: unknown;
}

/** Sends a webhook body with its headers; true when the receiver answered 2xx. */
export type WebhookSender = (rawBody: string, headers: Record<string, string>) => Promise<boolean>;

/** The outcomes the frame's buttons (and the emulator) choose. */
export const DOUBLE_OUTCOMES = ['approve', 'retry', 'final'] as const;
export type DoubleOutcome = (typeof DOUBLE_OUTCOMES)[number];

export function reviewResultFor(outcome: DoubleOutcome): ReviewResult {
  if (outcome === 'approve') return { reviewAnswer: 'GREEN', rejectLabels: [] };
  if (outcome === 'retry') {
    return {
      reviewAnswer: 'RED',
      reviewRejectType: 'RETRY',
      rejectLabels: ['UNSATISFACTORY_PHOTOS'],
      moderationComment: 'The photo of your document is blurry. Please upload a sharper one.',
      clientComment: 'Blurry document photo (sandbox).',
    };
  }
  return {
    reviewAnswer: 'RED',
    reviewRejectType: 'FINAL',
    rejectLabels: ['FORGERY'],
    moderationComment: 'We could not verify your profile.',
    clientComment: 'Suspected forged document (sandbox).',
  };
}

const b64 = (value: unknown): string => Buffer.from(JSON.stringify(value), 'utf8').toString('base64');
const hexId = (): string => randomBytes(12).toString('hex');

export class SumsubDouble {
  private readonly applicants = new Map<string, DoubleApplicant>();
  private readonly byExternalId = new Map<string, string>();
  private readonly tokens = new Map<string, AccessToken>();
  private readonly links = new Map<string, string>();
  private sender: WebhookSender | null = null;
  private readonly inFlight = new Set<Promise<unknown>>();
  /** Failures switched on by tests: the websdkLink call answers this HTTP status (null: it works). */
  readonly faults: { websdkLinkStatus: number | null } = { websdkLinkStatus: null };

  constructor(readonly settings: SumsubDoubleSettings) {}

  connect(sender: WebhookSender): void {
    this.sender = sender;
  }

  async drain(): Promise<void> {
    await Promise.allSettled([...this.inFlight]);
  }

  private error(code: number, description: string, errorCode?: number, errorName?: string): DoubleAnswer {
    const body: SumsubErrorBody = {
      description,
      code,
      correlationId: `req-${randomUUID()}`,
      ...(errorCode !== undefined ? { errorCode, errorName: errorName! } : {}),
    };
    return { httpStatus: code, body };
  }

  /** Checks X-App-Token, X-App-Access-Ts (within a minute) and X-App-Access-Sig as Sumsub does. */
  private authenticate(
    method: string,
    pathWithQuery: string,
    rawBody: string,
    headers: Readonly<Record<string, string | undefined>>,
  ): DoubleAnswer | null {
    const token = headers[APP_TOKEN_HEADER];
    const ts = headers[ACCESS_TS_HEADER];
    const signature = headers[ACCESS_SIG_HEADER];
    if (token !== this.settings.appToken)
      return this.error(401, 'App token is invalid', 4000, 'app-token-invalid-format');
    if (
      ts === undefined ||
      !/^\d+$/.test(ts) ||
      Math.abs(Number(ts) - Math.floor(this.settings.now() / 1000)) > SIGNATURE_WINDOW_SECONDS
    ) {
      return this.error(401, 'Request timestamp is out of the allowed range', 4002, 'app-token-invalid-ts');
    }
    if (signature !== requestSignature(this.settings.secretKey, ts, method, pathWithQuery, rawBody)) {
      return this.error(401, 'Request signature mismatch', 4003, 'app-token-signature mismatch');
    }
    return null;
  }

  /** One API call; `origin` is where the caller reached the double (the access token's url claim). */
  async handle(
    method: string,
    pathWithQuery: string,
    rawBody: string,
    headers: Readonly<Record<string, string | undefined>>,
    origin: string,
  ): Promise<DoubleAnswer> {
    const refused = this.authenticate(method, pathWithQuery, rawBody, headers);
    if (refused) return refused;
    const url = new URL(pathWithQuery, 'http://double.invalid');
    const path = decodeURIComponent(url.pathname);
    let body: Record<string, unknown> = {};
    if (rawBody !== '') {
      try {
        const parsed: unknown = JSON.parse(rawBody);
        if (typeof parsed === 'object' && parsed !== null) body = parsed as Record<string, unknown>;
      } catch {
        return this.error(400, 'Request body is not valid JSON');
      }
    }
    const text = (name: string): string | undefined =>
      typeof body[name] === 'string' && body[name] !== '' ? body[name] : undefined;

    if (method === 'POST' && path === '/resources/applicants') {
      const levelName = url.searchParams.get('levelName');
      if (levelName === null || levelName === '') return this.error(400, 'levelName is required');
      if (levelName !== this.settings.levelName) return this.error(404, `Level '${levelName}' not found`);
      const externalUserId = text('externalUserId') ?? `preview-random-${hexId()}`;
      const existing = this.byExternalId.get(externalUserId);
      if (existing !== undefined)
        return this.error(409, `Applicant with external user id '${externalUserId}' already exists: ${existing}`);
      const applicant: DoubleApplicant = {
        id: hexId(),
        inspectionId: hexId(),
        externalUserId,
        levelName,
        lang: text('lang') ?? 'en',
        createdAtMs: this.settings.now(),
        reviewStatus: 'init',
        reviewResult: null,
        attemptCnt: 0,
      };
      this.applicants.set(applicant.id, applicant);
      this.byExternalId.set(externalUserId, applicant.id);
      void this.send(applicant, 'applicantCreated');
      return { httpStatus: 200, body: this.applicantView(applicant) };
    }
    const one = path.match(/^\/resources\/applicants\/([^/]+)\/one$/);
    if (method === 'GET' && one) {
      const ref = one[1]!;
      const id = ref.startsWith('-;externalUserId=')
        ? this.byExternalId.get(ref.slice('-;externalUserId='.length))
        : ref;
      const applicant = id === undefined ? undefined : this.applicants.get(id);
      return applicant
        ? { httpStatus: 200, body: this.applicantView(applicant) }
        : this.error(404, `Applicant not found: ${ref}`);
    }
    if (method === 'POST' && path === '/resources/accessTokens/sdk') {
      const userId = text('userId');
      const levelName = text('levelName');
      if (userId === undefined || levelName === undefined) return this.error(400, 'userId and levelName are required');
      if (levelName !== this.settings.levelName) return this.error(404, `Level '${levelName}' not found`);
      const ttl = typeof body.ttlInSecs === 'number' && body.ttlInSecs > 0 ? body.ttlInSecs : 600;
      return { httpStatus: 200, body: { token: this.issueToken(userId, levelName, ttl, origin), userId } };
    }
    if (method === 'POST' && path === '/resources/sdkIntegrations/levels/-/websdkLink') {
      if (this.faults.websdkLinkStatus !== null) return this.error(this.faults.websdkLinkStatus, 'Link unavailable');
      const userId = text('userId');
      const levelName = text('levelName');
      if (userId === undefined || levelName === undefined) return this.error(400, 'userId and levelName are required');
      const ttl = typeof body.ttlInSecs === 'number' && body.ttlInSecs > 0 ? body.ttlInSecs : 1800;
      const linkId = `sbx_${randomBytes(12).toString('base64url')}`;
      this.links.set(linkId, this.issueToken(userId, levelName, ttl, origin));
      const lang = url.searchParams.get('lang');
      return {
        httpStatus: 200,
        body: { url: `${origin}/websdk/p/${linkId}${lang ? `?lang=${encodeURIComponent(lang)}` : ''}` },
      };
    }
    const action = path.match(/^\/resources\/applicants\/([^/]+)\/(reset|status\/testCompleted)$/);
    if (method === 'POST' && action) {
      const applicant = this.applicants.get(action[1]!);
      if (!applicant) return this.error(400, `Invalid id '${action[1]}'`);
      if (action[2] === 'reset') {
        if (applicant.reviewResult?.reviewRejectType === 'FINAL')
          return this.error(409, 'Applicant with a final reject cannot be reset', 1009, 'applicant-with-final-reject');
        applicant.reviewStatus = 'init';
        applicant.reviewResult = null;
        await this.send(applicant, 'applicantReset');
        return { httpStatus: 200, body: { ok: 1 } };
      }
      const answer = body.reviewAnswer;
      if (answer !== 'GREEN' && answer !== 'RED') return this.error(400, 'reviewAnswer must be GREEN or RED');
      const rejectType =
        body.reviewRejectType === 'RETRY' || body.reviewRejectType === 'FINAL' ? body.reviewRejectType : undefined;
      await this.review(applicant, {
        reviewAnswer: answer,
        ...(answer === 'RED' ? { reviewRejectType: rejectType ?? 'RETRY' } : {}),
        rejectLabels: Array.isArray(body.rejectLabels)
          ? body.rejectLabels.filter((label): label is string => typeof label === 'string')
          : [],
        ...(text('moderationComment') ? { moderationComment: text('moderationComment')! } : {}),
        ...(text('clientComment') ? { clientComment: text('clientComment')! } : {}),
      });
      return { httpStatus: 200, body: { ok: 1 } };
    }
    return this.error(404, `No such method: ${method} ${path}`);
  }

  private issueToken(externalUserId: string, levelName: string, ttlInSecs: number, origin: string): string {
    // A JWT-style sandbox token: @sumsub/websdk takes the frame's base URL from the `url` claim.
    const token = `_act-sbx-jwt-${b64({ alg: 'none' })}.${b64({ jti: `_act-sbx-${randomUUID()}`, url: origin })}`;
    this.tokens.set(token, { externalUserId, levelName, expiresAtMs: this.settings.now() + ttlInSecs * 1000 });
    return token;
  }

  /** The applicant a live access token is for (made now if the WebSDK is the first to ask, as Sumsub does). */
  applicantForToken(token: string): DoubleApplicant | null {
    const access = this.tokens.get(token);
    if (!access || access.expiresAtMs <= this.settings.now()) return null;
    const id = this.byExternalId.get(access.externalUserId);
    if (id !== undefined) return this.applicants.get(id) ?? null;
    const applicant: DoubleApplicant = {
      id: hexId(),
      inspectionId: hexId(),
      externalUserId: access.externalUserId,
      levelName: access.levelName,
      lang: 'en',
      createdAtMs: this.settings.now(),
      reviewStatus: 'init',
      reviewResult: null,
      attemptCnt: 0,
    };
    this.applicants.set(applicant.id, applicant);
    this.byExternalId.set(applicant.externalUserId, applicant.id);
    return applicant;
  }

  /** The token behind an external WebSDK link. */
  linkToken(linkId: string): string | null {
    return this.links.get(linkId) ?? null;
  }

  applicantByExternalId(externalUserId: string): DoubleApplicant | null {
    const id = this.byExternalId.get(externalUserId);
    return id === undefined ? null : (this.applicants.get(id) ?? null);
  }

  /**
   * The frame's submit: the applicant sends their documents (applicantPending) and the check ends with the chosen
   * outcome (applicantReviewed). Null when the token is invalid or expired; 'final' when the applicant was finally
   * rejected before (Sumsub refuses new data then).
   */
  async submit(token: string, outcome: DoubleOutcome): Promise<DoubleApplicant | null | 'final'> {
    const applicant = this.applicantForToken(token);
    if (applicant === null) return null;
    if (applicant.reviewResult?.reviewRejectType === 'FINAL') return 'final';
    applicant.reviewStatus = 'pending';
    applicant.reviewResult = null;
    applicant.attemptCnt += 1;
    await this.send(applicant, 'applicantPending');
    await this.review(applicant, reviewResultFor(outcome));
    return applicant;
  }

  private async review(applicant: DoubleApplicant, result: ReviewResult): Promise<void> {
    applicant.reviewStatus = 'completed';
    applicant.reviewResult = result;
    await this.send(applicant, 'applicantReviewed');
  }

  /** A webhook body as Sumsub sends it for the applicant's current state. */
  webhookBody(applicant: DoubleApplicant, type: string, atMs: number = this.settings.now()): SumsubWebhook {
    return {
      applicantId: applicant.id,
      inspectionId: applicant.inspectionId,
      applicantType: 'individual',
      correlationId: `req-${randomUUID()}`,
      levelName: applicant.levelName,
      sandboxMode: true,
      externalUserId: applicant.externalUserId,
      type,
      reviewStatus: applicant.reviewStatus,
      createdAt: formatCreatedAt(atMs),
      createdAtMs: formatCreatedAtMs(atMs),
      clientId: 'backers-sandbox',
      ...(type === 'applicantReviewed' && applicant.reviewResult ? { reviewResult: applicant.reviewResult } : {}),
    };
  }

  /** Signs a raw body as Sumsub signs its webhooks. */
  signWebhook(rawBody: string): Record<string, string> {
    return {
      'content-type': 'application/json',
      [DIGEST_HEADER]: payloadDigest(this.settings.webhookSecret, rawBody, DEFAULT_DIGEST_ALGORITHM),
      [DIGEST_ALG_HEADER]: DEFAULT_DIGEST_ALGORITHM,
    };
  }

  private async send(applicant: DoubleApplicant, type: string): Promise<boolean> {
    if (this.sender === null) return false;
    const raw = JSON.stringify(this.webhookBody(applicant, type));
    const delivery = this.sender(raw, this.signWebhook(raw)).catch(() => false);
    this.inFlight.add(delivery);
    try {
      return await delivery;
    } finally {
      this.inFlight.delete(delivery);
    }
  }

  private applicantView(applicant: DoubleApplicant): Record<string, unknown> {
    return {
      id: applicant.id,
      createdAt: formatCreatedAt(applicant.createdAtMs).slice(0, 19),
      clientId: 'backers-sandbox',
      inspectionId: applicant.inspectionId,
      externalUserId: applicant.externalUserId,
      lang: applicant.lang,
      type: 'individual',
      review: {
        attemptCnt: applicant.attemptCnt,
        levelName: applicant.levelName,
        createDate: formatCreatedAt(applicant.createdAtMs),
        reviewStatus: applicant.reviewStatus,
        ...(applicant.reviewResult ? { reviewResult: applicant.reviewResult } : {}),
      },
    };
  }
}
