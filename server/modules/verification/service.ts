/**
 * Verification (spec section 4): none → in_kyc (identity check running, widget token) → kyc_approved (check passed,
 * an operator's final decision) → approved; or kyc_rejected (may try again) / rejected.
 *
 * The identity check sits behind the KycProvider port (Sumsub; the sandbox's double in the sandbox). Its results
 * arrive by webhook (applyWebhook): each event is recorded in the same transaction as its effect, so a redelivery
 * changes nothing, and an event older than the last one applied (by the provider's time) changes nothing either.
 * Mapping (README.md): pending → in_kyc; GREEN → kyc_approved (approved at once with KYC_AUTO_APPROVE=1);
 * RED RETRY → kyc_rejected; RED FINAL → rejected; reset → none.
 * Without a provider (SANDBOX=0, no SUMSUB_*) start opens a manual review (in_kyc, manualReview) instead.
 * An operator decides kyc_approved users and manual reviews (decide; awaitingDecision lists them).
 * Every decision (an operator's, the provider's, the sandbox control's) is told to the creator by the bot after its commit,
 * in their language, with the reason of a rejection.
 */
import type { VerificationStatus } from '../../../src/domain/entities';
import { AppError } from '../../platform/errors';
import type { Tx } from '../../platform/db/db';
import { type KycChange, type KycEvent, KycProviderError } from './kyc/KycProvider';
import { VerificationRepository } from './repository';
import type { KycReviewRow, UserRow } from '../../platform/db/schema';
import { type ServiceDeps, nowDate } from '../../platform/serviceDeps';
import { botTexts, fill, reasonInSentence } from '../bot/texts';

/** A decision the creator hears about: approved, rejected for good, or rejected with a retry allowed. */
type DecisionOutcome = 'approved' | 'rejected' | 'kyc_rejected';
const isDecision = (status: VerificationStatus): status is DecisionOutcome =>
  status === 'approved' || status === 'rejected' || status === 'kyc_rejected';

/** The provider name of a review without a provider. */
export const MANUAL_REVIEW = 'manual';

export interface VerificationState {
  readonly status: VerificationStatus;
  readonly token?: string;
  readonly widgetUrl?: string;
  /** in_kyc without an identity-check provider: an operator reviews the application by hand. */
  readonly manualReview?: boolean;
  readonly botUsername: string;
}

export interface KycSessionStart {
  readonly token?: string;
  readonly widgetUrl?: string;
  readonly manualReview?: boolean;
}

export type OperatorDecision = 'approve' | 'reject';

export type WebhookResult = 'applied' | 'duplicate' | 'stale' | 'ignored' | 'unknown_applicant';

/** A user waiting for an operator's decision, with what the provider found. */
export interface AwaitingDecision {
  readonly userId: number;
  readonly telegramId: number;
  readonly name: string;
  readonly username: string | null;
  readonly status: VerificationStatus;
  /** 'sumsub', or 'manual' when there was no provider. */
  readonly provider: string;
  readonly applicantId: string | null;
  readonly reviewAnswer: 'GREEN' | 'RED' | null;
  readonly rejectLabels: readonly string[];
  /** Epoch ms since the user waits. */
  readonly sinceMs: number;
}

/** Where a change leads from the current status; null: the change does not apply there (README.md, the mapping). */
export function nextStatus(current: VerificationStatus, change: KycChange): VerificationStatus | null {
  switch (change.kind) {
    case 'pending':
      return current === 'none' || current === 'in_kyc' || current === 'kyc_rejected' ? 'in_kyc' : null;
    case 'reset':
      return current === 'in_kyc' || current === 'kyc_rejected' || current === 'kyc_approved' ? 'none' : null;
    case 'reviewed':
      if (change.answer === 'GREEN')
        return current === 'none' || current === 'in_kyc' || current === 'kyc_rejected' ? 'kyc_approved' : null;
      if (change.rejectType === 'RETRY')
        return current === 'rejected' || current === 'kyc_rejected' ? null : 'kyc_rejected';
      return current === 'rejected' ? null : 'rejected';
    case 'ignored':
      return null;
  }
}

export class VerificationService {
  constructor(
    private readonly deps: ServiceDeps,
    private readonly log?: (error: unknown) => void,
  ) {}

  /**
   * The bot's message about a decision, in the creator's language. Sent after the commit; a message that cannot be
   * sent is not retried (the app shows the same status).
   */
  private async tell(user: Pick<UserRow, 'telegramId' | 'languageCode'>, outcome: DecisionOutcome, reason?: string) {
    const texts = botTexts(user.languageCode);
    const why = reasonInSentence(reason, texts.identityNoReason);
    const text =
      outcome === 'approved'
        ? texts.identityApproved
        : fill(outcome === 'rejected' ? texts.identityRejected : texts.identityRetry, { reason: why });
    await this.deps.bot
      .sendMessage({ chatId: Number(user.telegramId), text, silent: false })
      .catch((error: unknown) => this.log?.(error));
  }

  private get repository(): VerificationRepository {
    return new VerificationRepository(this.deps.db);
  }

  private tokenIsLive(user: UserRow): boolean {
    return (
      user.kycToken !== null &&
      user.kycTokenExpiresAt !== null &&
      user.kycTokenExpiresAt.getTime() > this.deps.clock.now()
    );
  }

  /** What the verification screen shows: the status, the running check's token and page, the bot to add. */
  private state(user: UserRow, review: KycReviewRow | undefined): VerificationState {
    const botUsername = this.deps.botProfile.username;
    if (user.verificationStatus !== 'in_kyc') return { status: user.verificationStatus, botUsername };
    if (review?.provider === MANUAL_REVIEW) return { status: 'in_kyc', manualReview: true, botUsername };
    if (user.kycToken === null) return { status: 'in_kyc', botUsername };
    return {
      status: 'in_kyc',
      token: user.kycToken,
      ...(user.kycUrl !== null ? { widgetUrl: user.kycUrl } : {}),
      botUsername,
    };
  }

  private async newSession(user: UserRow, review: KycReviewRow | undefined): Promise<UserRow> {
    const provider = this.deps.kyc!;
    let session;
    try {
      session = await provider.createSession({
        userId: user.id,
        lang: user.languageCode?.slice(0, 2) || 'en',
        applicantId: review?.provider === provider.name ? review.applicantId : null,
      });
    } catch (error) {
      if (error instanceof KycProviderError)
        throw new AppError('provider_unavailable', 'The identity check could not be started; try again later');
      throw error;
    }
    const now = nowDate(this.deps.clock);
    await this.repository.upsertReview(user.id, provider.name, { applicantId: session.applicantId }, now);
    return (await this.repository.setStatus(user.id, 'in_kyc', now, {
      token: session.token,
      expiresAt: new Date(session.expiresAtMs),
      url: session.externalUrl,
    }))!;
  }

  /**
   * The current status. With first_call (the screen opening), an identity check whose token expired gets a fresh
   * one, so the widget can start at once.
   */
  async status(user: UserRow, firstCall: boolean): Promise<VerificationState> {
    const review = user.verificationStatus === 'in_kyc' ? await this.repository.review(user.id) : undefined;
    if (
      firstCall &&
      user.verificationStatus === 'in_kyc' &&
      this.deps.kyc !== null &&
      review?.provider !== MANUAL_REVIEW &&
      !this.tokenIsLive(user)
    ) {
      return this.state(await this.newSession(user, review), review);
    }
    return this.state(user, review);
  }

  /**
   * Starts (or restarts, with a fresh token) the identity check: before a result, or after a rejection that may be
   * tried again (kyc_rejected). Without a provider it opens a manual review.
   */
  async start(user: UserRow): Promise<KycSessionStart> {
    const status = user.verificationStatus;
    if (status !== 'none' && status !== 'in_kyc' && status !== 'kyc_rejected') {
      throw new AppError('conflict', `Verification cannot be started in status ${status}`);
    }
    const review = await this.repository.review(user.id);
    if (this.deps.kyc === null) {
      const now = nowDate(this.deps.clock);
      await this.repository.upsertReview(
        user.id,
        MANUAL_REVIEW,
        { applicantId: null, decision: null, decidedBy: null, decidedAt: null },
        now,
      );
      await this.repository.setStatus(user.id, 'in_kyc', now, { token: null, expiresAt: null, url: null });
      return { manualReview: true };
    }
    const updated = await this.newSession(user, review);
    return { token: updated.kycToken!, ...(updated.kycUrl !== null ? { widgetUrl: updated.kycUrl } : {}) };
  }

  /** Applies a verified provider webhook once; older than the last applied, it changes nothing. */
  async applyWebhook(event: KycEvent): Promise<WebhookResult> {
    const provider = this.deps.kyc?.name ?? 'none';
    const now = nowDate(this.deps.clock);
    let decided: { user: UserRow; status: DecisionOutcome } | null = null;
    const result = await this.deps.db.transaction(async (tx): Promise<WebhookResult> => {
      const repository = new VerificationRepository(tx);
      const userId = (await repository.userByApplicant(provider, event.applicantId)) ?? event.userId;
      const user = userId === null ? undefined : await repository.lockUser(userId);
      const recorded = await repository.recordEvent(
        {
          provider,
          eventId: event.id,
          userId: user?.id ?? null,
          type: event.type,
          occurredAt: new Date(event.occurredAtMs),
        },
        now,
      );
      if (!recorded) return 'duplicate';
      if (!user) return 'unknown_applicant';
      if (event.change.kind === 'ignored') return 'ignored';
      const review = await repository.review(user.id);
      if (review?.lastEventAt && review.lastEventAt.getTime() > event.occurredAtMs) return 'stale';
      const next = nextStatus(user.verificationStatus, event.change);
      if (next === null) return 'ignored';
      const reviewed = event.change.kind === 'reviewed' ? event.change : null;
      const autoApproved = next === 'kyc_approved' && this.deps.config.kycAutoApprove;
      const status: VerificationStatus = autoApproved ? 'approved' : next;
      await repository.upsertReview(
        user.id,
        provider,
        {
          applicantId: event.applicantId,
          lastEventAt: new Date(event.occurredAtMs),
          reviewAnswer: reviewed?.answer ?? null,
          rejectType: reviewed?.rejectType ?? null,
          rejectLabels: reviewed ? [...reviewed.labels] : null,
          ...(autoApproved ? { decision: 'approve', decidedBy: null, decidedAt: now } : {}),
        },
        now,
      );
      await repository.setStatus(
        user.id,
        status,
        now,
        status === 'in_kyc' ? undefined : { token: null, expiresAt: null, url: null },
      );
      await repository.markEventApplied(provider, event.id);
      if (isDecision(status)) decided = { user, status };
      return 'applied';
    });
    const told = decided as { user: UserRow; status: DecisionOutcome } | null;
    if (told !== null)
      await this.tell(told.user, told.status, event.change.kind === 'reviewed' ? event.change.comment : undefined);
    return result;
  }

  /** An operator's decision on a passed check (kyc_approved) or a manual review: approved or rejected. */
  async decide(
    userId: number,
    decision: OperatorDecision,
    operatorId: number,
    record?: (tx: Tx, before: VerificationStatus, after: VerificationStatus) => Promise<void>,
    reason?: string,
  ): Promise<VerificationStatus> {
    const now = nowDate(this.deps.clock);
    let decided: UserRow | undefined;
    const result = await this.deps.db.transaction(async (tx) => {
      const repository = new VerificationRepository(tx);
      const user = await repository.lockUser(userId);
      if (!user) throw new AppError('not_found', 'No such user');
      const review = await repository.review(userId);
      const waiting =
        user.verificationStatus === 'kyc_approved' ||
        (user.verificationStatus === 'in_kyc' && review?.provider === MANUAL_REVIEW);
      if (!waiting) throw new AppError('conflict', `No decision can be made in status ${user.verificationStatus}`);
      const status: VerificationStatus = decision === 'approve' ? 'approved' : 'rejected';
      await repository.upsertReview(
        userId,
        review?.provider ?? MANUAL_REVIEW,
        { decision, decidedBy: operatorId, decidedAt: now },
        now,
      );
      await repository.setStatus(userId, status, now, { token: null, expiresAt: null, url: null });
      await record?.(tx, user.verificationStatus, status);
      decided = user;
      return status;
    });
    if (decided !== undefined && isDecision(result)) await this.tell(decided, result, reason);
    return result;
  }

  /** Users waiting for an operator's decision, the longest waiting first, with the provider's result. */
  async awaitingDecision(): Promise<AwaitingDecision[]> {
    const rows = await this.repository.awaitingDecision();
    return rows.map(({ user, review }) => ({
      userId: user.id,
      telegramId: user.telegramId,
      name: [user.firstName, user.lastName].filter(Boolean).join(' '),
      username: user.username,
      status: user.verificationStatus,
      provider: review.provider,
      applicantId: review.applicantId,
      reviewAnswer: review.reviewAnswer,
      rejectLabels: review.rejectLabels ?? [],
      sinceMs: review.updatedAt.getTime(),
    }));
  }

  /** Sets the status directly (sandbox control API: a state to start from, not a decision; the bot says nothing). */
  async setStatus(user: UserRow, status: VerificationStatus): Promise<UserRow> {
    const keepSession = status === 'in_kyc';
    return (await this.repository.setStatus(
      user.id,
      status,
      nowDate(this.deps.clock),
      keepSession ? undefined : { token: null, expiresAt: null, url: null },
    ))!;
  }
}
