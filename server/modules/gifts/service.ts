/**
 * Gift subscriptions after the purchase (rules: src/domain/gift.ts; the purchase: ../payments/gifts.ts): the giver's
 * gift link, the recipient's view and redemption, the creator's counts, and the expiry job that refunds unredeemed
 * gifts. See README.md.
 */
import { aliasedTable, and, eq, inArray, isNotNull, isNull, lte, or, sql } from 'drizzle-orm';
import {
  type GiftRefusal,
  type GiftSpan,
  type GiftState,
  giftRefusal,
  giftSpan,
  giftStartParam,
  giftStateAt,
  isGiftCode,
} from '../../../src/domain/gift';
import { nextExpiry } from '../../../src/domain/periods';
import { type Currency, money } from '../../../src/domain/money';
import { formatMoney } from '../../../src/domain/format-light';
import type { ServerClock } from '../../platform/clock';
import type { MoneyDb, MoneyTx } from '../../platform/db/moneyDb';
import { AppError, notFound } from '../../platform/errors';
import { channelLinks } from '../../platform/channelLinks';
import type { BotProfile } from '../../platform/serviceDeps';
import {
  type ChannelRow,
  type UserRow,
  channelMembers,
  channels,
  subscriptionMembers,
  subscriptions,
  users,
} from '../../platform/db/schema';
import { type GiftRow, gifts, payments, subscriptionGiftCounts } from '../../platform/db/schema-money';
import { ownedSubscription } from '../subscriptions/access';
import type { MemberAccess } from '../access/service';
import { type BotGateway, miniAppLink } from '../bot/BotGateway';
import { botDate, botTexts, fill } from '../bot/texts';
import type { PaymentService, PaymentView } from '../payments/PaymentService';
import { isUnexpired } from '../payments/invoiceTargets';

/** The refund reason an expired gift's payment records (the giver is told by the bot). */
export const GIFT_EXPIRED_REFUND = 'gift_expired';
/** Gifts expired per job run (the rest in the next run). */
const EXPIRY_BATCH = 100;

export interface GiftServiceDeps {
  readonly db: MoneyDb;
  readonly clock: ServerClock;
  readonly payments: PaymentService;
  readonly access?: MemberAccess;
  readonly bot: BotGateway;
  readonly botProfile: BotProfile;
  readonly appName: string;
  readonly log?: (error: unknown, what: string) => void;
}

export interface GiftView {
  readonly gift: GiftRow;
  /** As of now (an open gift past its expiry reads expired). */
  readonly state: GiftState;
  readonly subscriptionName: string;
  readonly channel: ChannelRow;
  readonly giverName: string;
  /** Why the viewer cannot redeem it now (null: they can, or they redeemed it). */
  readonly refusal: GiftRefusal | null;
  /** The viewer gave it. */
  readonly mine: boolean;
  /** The viewer redeemed it. */
  readonly redeemedByMe: boolean;
}

export interface GiftStats {
  readonly sold: number;
  readonly redeemed: number;
  readonly open: number;
  readonly refunded: number;
}

const creator = aliasedTable(users, 'creator');
const giver = aliasedTable(users, 'giver');

/** Whether a subscription can take payments now (invoiceTargets.ts assertPayable's rules), as SQL over the joins. */
const payable = sql<boolean>`(not ${subscriptions.deleted} and not ${channels.deleted} and ${channels.connected}
  and ${channels.moderation} = 'approved' and not ${creator.banned})`;

export class GiftService {
  constructor(private readonly deps: GiftServiceDeps) {}

  private get db(): MoneyDb {
    return this.deps.db;
  }

  /** The share link: the mini-app opened on the gift. */
  link(code: string): string {
    return miniAppLink(this.deps.botProfile.username, this.deps.appName, giftStartParam(code));
  }

  /**
   * The giver's purchase (GET /gift/sent/{paymentId}): the payment, refreshed from the provider while open, and its
   * gift once paid. Another user's payment, or one that is not a gift, is not found.
   */
  async sent(userId: number, paymentId: string): Promise<{ payment: PaymentView; gift: GiftView | null }> {
    const payment = await this.deps.payments.check(userId, paymentId);
    if (payment.payment.purpose !== 'gift') throw notFound('Gift not found');
    const [row] = await this.db.select({ code: gifts.code }).from(gifts).where(eq(gifts.paymentId, paymentId));
    return { payment, gift: row === undefined ? null : await this.show(userId, row.code) };
  }

  /** A gift as its viewer sees it (GET /gift/{code}); an unknown code answers 404 gift_invalid (reason unknown). */
  async show(userId: number, code: string): Promise<GiftView> {
    const loaded = await this.load(this.db, code, userId, false);
    if (loaded === null) throw unknownGift();
    return loaded;
  }

  /**
   * Redeems a gift for `userId` (POST /gift/{code}/accept): in one transaction with the gift's row locked, so of two
   * accepts one wins and the other is told it is redeemed. The membership gets one period: after the paid-through date
   * of one that still runs (its renewals move one period later), else from now, not renewing. A repeated accept by
   * the recipient answers the same.
   */
  async accept(userId: number, code: string): Promise<{ view: GiftView; inviteLink: string | null; expiresAt: Date }> {
    let redeemedNow = false;
    const view = await this.db.transaction(async (tx) => {
      const loaded = await this.load(tx, code, userId, true);
      if (loaded === null) throw unknownGift();
      if (loaded.refusal !== null) throw refused(loaded.refusal);
      if (loaded.redeemedByMe) return loaded;
      const nowMs = this.deps.clock.now();
      const { memberId, span } = await this.giveMembership(tx, loaded.gift, userId, nowMs);
      const at = new Date(nowMs);
      const [gift] = await tx
        .update(gifts)
        .set({
          status: 'redeemed',
          recipientId: userId,
          memberId,
          redeemedAt: at,
          gaveFrom: new Date(span.fromMs),
          gaveUntil: new Date(span.untilMs),
          updatedAt: at,
        })
        .where(and(eq(gifts.id, loaded.gift.id), eq(gifts.status, 'open')))
        .returning();
      redeemedNow = true;
      return { ...loaded, gift, state: 'redeemed' as const, redeemedByMe: true };
    });
    // After the commit, never failing the accept: the giver is told once (a notice lost here, the jobs round sends).
    if (redeemedNow) {
      await this.tellAccepted(new Date(this.deps.clock.now()), view.gift.id).catch((error: unknown) => {
        this.deps.log?.(error, 'could not tell a giver their gift was accepted');
      });
    }
    const { channel } = view;
    const [member] = await this.db
      .select({ expiresAt: subscriptionMembers.expiresAt })
      .from(subscriptionMembers)
      .where(eq(subscriptionMembers.id, view.gift.memberId!));
    const personal =
      channel.type === 'private' && view.gift.memberId !== null && this.deps.access
        ? await this.deps.access.personalLink(view.gift.memberId)
        : null;
    return { view, inviteLink: channelLinks(channel, personal).inviteLink ?? null, expiresAt: member.expiresAt! };
  }

  /** The creator's counts for one of their subscriptions (another's answers 404). */
  async stats(user: UserRow, subscriptionId: number): Promise<GiftStats> {
    const { subscription } = await ownedSubscription(this.db, user, subscriptionId);
    if (subscription.deleted) throw notFound('Subscription not found');
    // Kept per state by a trigger on gifts (migration 0059): no count over the subscription's gifts.
    const rows = await this.db
      .select({ status: subscriptionGiftCounts.status, count: subscriptionGiftCounts.gifts })
      .from(subscriptionGiftCounts)
      .where(eq(subscriptionGiftCounts.subscriptionId, subscriptionId));
    const of = (...states: GiftState[]) =>
      rows.filter((row) => states.includes(row.status as GiftState)).reduce((sum, row) => sum + Number(row.count), 0);
    return {
      sold: of('open', 'redeemed', 'expired', 'refunded'),
      redeemed: of('redeemed'),
      open: of('open'),
      refunded: of('expired', 'refunded'),
    };
  }

  /**
   * The gifts job: open gifts past their expiry, or whose subscription can no longer be paid (deleted, channel gone
   * or disconnected, not approved, creator banned), expire at once; each expired gift's payment is refunded in full
   * through the payment path (a refund the provider cannot take now stays due for the reconcile job; its ledger
   * reversal and the gift's 'refunded' follow when it is taken); the giver is told once by the bot. Safe on several
   * instances: rows are claimed with SKIP LOCKED and moved by compare-and-set, and refunds are idempotent.
   */
  async runExpiry(nowMs: number): Promise<{ expired: number; refunded: number; told: number }> {
    const now = new Date(nowMs);
    const expired = await this.db.transaction(async (tx) => {
      const due = await tx
        .select({ id: gifts.id })
        .from(gifts)
        .innerJoin(subscriptions, eq(subscriptions.id, gifts.subscriptionId))
        .innerJoin(channels, eq(channels.id, gifts.channelId))
        .innerJoin(creator, eq(creator.id, channels.ownerId))
        .where(and(eq(gifts.status, 'open'), or(lte(gifts.expiresAt, now), sql`not ${payable}`)))
        .orderBy(gifts.expiresAt, gifts.id)
        .limit(EXPIRY_BATCH)
        .for('update', { of: gifts, skipLocked: true });
      if (due.length === 0) return 0;
      const moved = await tx
        .update(gifts)
        .set({ status: 'expired', updatedAt: now })
        .where(
          and(
            inArray(
              gifts.id,
              due.map((row) => row.id),
            ),
            eq(gifts.status, 'open'),
          ),
        )
        .returning({ id: gifts.id });
      return moved.length;
    });
    // Expired gifts whose payment is not refunded yet (also those a stopped process left between the two steps).
    const toRefund = await this.db
      .select({ paymentId: gifts.paymentId })
      .from(gifts)
      .innerJoin(payments, eq(payments.id, gifts.paymentId))
      .where(and(eq(gifts.status, 'expired'), isNull(payments.refundStatus)))
      .limit(EXPIRY_BATCH);
    let refunded = 0;
    for (const { paymentId } of toRefund) {
      const after = await this.deps.payments.requestRefund(paymentId, GIFT_EXPIRED_REFUND);
      if (after.refundStatus === 'done') refunded += 1;
    }
    const told = (await this.tellGivers(now)) + (await this.tellAccepted(now)) + (await this.tellRecipients(now));
    return { expired, refunded, told };
  }

  /**
   * Tells givers their gift was accepted: the one gift `giftId` (right after its redemption committed) or, in the
   * jobs round, any accepted gift whose notice no one sent yet. Each notice is claimed in the database before it is
   * sent (compare-and-set on accept_notified_at), so it goes out at most once whatever instance sends it; a failed send
   * is logged, never retried.
   */
  async tellAccepted(now: Date, giftId?: number): Promise<number> {
    const claimed = await this.db
      .update(gifts)
      .set({ acceptNotifiedAt: now })
      .where(
        and(
          giftId === undefined ? undefined : eq(gifts.id, giftId),
          isNotNull(gifts.recipientId),
          isNull(gifts.acceptNotifiedAt),
        ),
      )
      .returning();
    return this.tellEach(claimed, 'could not tell a giver their gift was accepted', async (gift) => {
      const [row] = await this.db
        .select({
          telegramId: giver.telegramId,
          languageCode: giver.languageCode,
          recipient: users.firstName,
          name: subscriptions.name,
          channel: channels.title,
        })
        .from(giver)
        .innerJoin(users, eq(users.id, gift.recipientId!))
        .innerJoin(subscriptions, eq(subscriptions.id, gift.subscriptionId))
        .innerJoin(channels, eq(channels.id, gift.channelId))
        .where(eq(giver.id, gift.giverId));
      if (row === undefined) return null;
      const text = fill(botTexts(row.languageCode).giftAccepted, {
        recipient: row.recipient,
        name: row.name,
        channel: row.channel,
      });
      return { telegramId: row.telegramId, text };
    });
  }

  /**
   * Tells each recipient once that a refund of their redeemed gift took back the time it had not used yet, with the
   * membership's expiry as it stands (claimed before sending, never retried).
   */
  private async tellRecipients(now: Date): Promise<number> {
    const claimed = await this.db
      .update(gifts)
      .set({ recipientNotifiedAt: now })
      .where(
        and(
          eq(gifts.status, 'refunded'),
          isNotNull(gifts.recipientId),
          isNull(gifts.recipientNotifiedAt),
          // Something was taken back: the span reached past the refund, and the membership still ran then.
          sql`${gifts.gaveUntil} > ${gifts.refundedAt}`,
          sql`exists (select 1 from ${subscriptionMembers} where ${subscriptionMembers.id} = ${gifts.memberId}
            and ${subscriptionMembers.expiresAt} >= ${gifts.refundedAt})`,
        ),
      )
      .returning();
    return this.tellEach(claimed, 'could not tell a recipient their gift was refunded', async (gift) => {
      const [row] = await this.db
        .select({
          telegramId: users.telegramId,
          languageCode: users.languageCode,
          name: subscriptions.name,
          channel: channels.title,
          expiresAt: subscriptionMembers.expiresAt,
        })
        .from(users)
        .innerJoin(subscriptionMembers, eq(subscriptionMembers.id, gift.memberId!))
        .innerJoin(subscriptions, eq(subscriptions.id, gift.subscriptionId))
        .innerJoin(channels, eq(channels.id, gift.channelId))
        .where(eq(users.id, gift.recipientId!));
      if (row === undefined || row.expiresAt === null) return null;
      const text = fill(botTexts(row.languageCode).giftTakenBack, {
        name: row.name,
        channel: row.channel,
        date: botDate(row.expiresAt, row.languageCode),
      });
      return { telegramId: row.telegramId, text };
    });
  }

  /**
   * Sends the notice of each gift already claimed for it (the claim committed first, so at most once whatever instance
   * sends it); a notice that cannot be sent is logged as `what`, never retried. Answers how many went out.
   */
  private async tellEach(
    claimed: readonly GiftRow[],
    what: string,
    notice: (gift: GiftRow) => Promise<{ telegramId: number | bigint; text: string } | null>,
  ): Promise<number> {
    let told = 0;
    for (const gift of claimed) {
      const message = await notice(gift);
      if (message === null) continue;
      try {
        await this.deps.bot.sendMessage({ chatId: Number(message.telegramId), text: message.text, silent: false });
        told += 1;
      } catch (error) {
        this.deps.log?.(error, what);
      }
    }
    return told;
  }

  /** Tells each giver of an expired gift once that it was refunded (claimed first: at most once, never retried). */
  private async tellGivers(now: Date): Promise<number> {
    const claimed = await this.db
      .update(gifts)
      .set({ giverNotifiedAt: now })
      .where(
        and(
          eq(gifts.status, 'refunded'),
          isNull(gifts.giverNotifiedAt),
          sql`exists (select 1 from ${payments} where ${payments.id} = ${gifts.paymentId} and ${payments.refundReason} = ${GIFT_EXPIRED_REFUND})`,
        ),
      )
      .returning();
    return this.tellEach(claimed, 'could not tell a giver their gift was refunded', async (gift) => {
      const [row] = await this.db
        .select({
          telegramId: users.telegramId,
          languageCode: users.languageCode,
          name: subscriptions.name,
          channel: channels.title,
        })
        .from(users)
        .innerJoin(subscriptions, eq(subscriptions.id, gift.subscriptionId))
        .innerJoin(channels, eq(channels.id, gift.channelId))
        .where(eq(users.id, gift.giverId));
      if (row === undefined) return null;
      const texts = botTexts(row.languageCode);
      // Refunded before its 30 days were up: the job expired it early because its subscription can no longer be paid.
      const early = gift.refundedAt !== null && gift.refundedAt.getTime() < gift.expiresAt.getTime();
      const text = fill(early ? texts.giftRefundedUnavailable : texts.giftRefunded, {
        name: row.name,
        channel: row.channel,
        amount: formatMoney(money(Number(gift.amount), gift.currency as Currency)),
      });
      return { telegramId: row.telegramId, text };
    });
  }

  /** The gift with what its viewer needs; with `lock`, its row locked for the transaction. Null: no such code. */
  private async load(db: MoneyDb | MoneyTx, code: string, userId: number, lock: boolean): Promise<GiftView | null> {
    if (!isGiftCode(code)) return null;
    const query = db
      .select({
        gift: gifts,
        subscriptionName: subscriptions.name,
        channel: channels,
        giverName: giver.firstName,
        available: payable,
        paymentRefund: payments.refundStatus,
        banned: sql<boolean>`exists (select 1 from ${channelMembers} inner join ${users} on ${users.telegramId} = ${channelMembers.telegramId}
          where ${channelMembers.channelId} = ${gifts.channelId} and ${users.id} = ${userId} and ${channelMembers.status} = 'kicked')`,
        renewsInStars: sql<boolean>`exists (select 1 from ${subscriptionMembers} where ${subscriptionMembers.subscriptionId} = ${gifts.subscriptionId}
          and ${subscriptionMembers.userId} = ${userId} and ${subscriptionMembers.status} = 'active'
          and ${subscriptionMembers.starsSubscriptionId} is not null and ${subscriptionMembers.expiresAt} > ${new Date(this.deps.clock.now())})`,
      })
      .from(gifts)
      .innerJoin(subscriptions, eq(subscriptions.id, gifts.subscriptionId))
      .innerJoin(channels, eq(channels.id, gifts.channelId))
      .innerJoin(creator, eq(creator.id, channels.ownerId))
      .innerJoin(giver, eq(giver.id, gifts.giverId))
      .innerJoin(payments, eq(payments.id, gifts.paymentId))
      .where(eq(gifts.code, code));
    const [row] = lock ? await query.for('update', { of: gifts }) : await query;
    if (row === undefined) return null;
    const nowMs = this.deps.clock.now();
    const { gift } = row;
    // A payment refunded by other means (an operator) leaves nothing to redeem.
    const state =
      row.paymentRefund !== null && gift.status === 'open' ? ('refunded' as const) : giftStateAt(toRule(gift), nowMs);
    return {
      gift,
      state,
      subscriptionName: row.subscriptionName,
      channel: row.channel,
      giverName: row.giverName,
      refusal: giftRefusal(
        { ...toRule(gift), state, available: row.available },
        userId,
        row.banned,
        nowMs,
        row.renewsInStars,
      ),
      mine: gift.giverId === userId,
      redeemedByMe: gift.recipientId === userId,
    };
  }

  /**
   * One period of the gift's subscription for the recipient, never charged again by it: a running membership
   * (active or cancelled) is extended from its expiry and keeps its status, so an active one renews one period later
   * and a cancelled one still ends; a new or lapsed one runs from now and does not renew (status cancelled: the
   * recipient renews it themselves, or subscribes once it ends). Serialised with the recipient's own payments by the
   * settlement's advisory lock (../payments/settlement.ts paysUnaskedPeriod), so a card payment settling at the same
   * time sees this membership and is refused and refunded instead of paying the same period twice.
   */
  private async giveMembership(
    tx: MoneyTx,
    gift: GiftRow,
    userId: number,
    nowMs: number,
  ): Promise<{ memberId: number; span: GiftSpan }> {
    await tx.execute(
      sql`select pg_advisory_xact_lock(hashtextextended(${`membership:${gift.subscriptionId}:${userId}`}, 0))`,
    );
    const at = new Date(nowMs);
    const [member] = await tx
      .select()
      .from(subscriptionMembers)
      .where(and(eq(subscriptionMembers.subscriptionId, gift.subscriptionId), eq(subscriptionMembers.userId, userId)))
      .for('update');
    if (member === undefined) {
      const [subscription] = await tx
        .select({ priceMinor: subscriptions.priceMinor, currency: subscriptions.currency })
        .from(subscriptions)
        .where(eq(subscriptions.id, gift.subscriptionId));
      const expiry = new Date(nextExpiry(null, gift.period, nowMs)!);
      const [created] = await tx
        .insert(subscriptionMembers)
        .values({
          subscriptionId: gift.subscriptionId,
          userId,
          status: 'cancelled',
          period: gift.period,
          activatedAt: at,
          expiresAt: expiry,
          giftEndsAt: expiry,
          priceMinor: subscription.priceMinor,
          currency: subscription.currency,
          createdAt: at,
          updatedAt: at,
        })
        .returning({ id: subscriptionMembers.id });
      return { memberId: created.id, span: giftSpan(null, expiry.getTime(), nowMs) };
    }
    const running = isUnexpired(member, nowMs);
    const previous = member.expiresAt?.getTime() ?? null;
    const expiry = nextExpiry(previous, gift.period, nowMs)!;
    // On gifts alone: a new start, or a running membership that ran on gifts alone up to now.
    const giftOnly = !running || (member.giftEndsAt !== null && member.giftEndsAt.getTime() === previous);
    await tx
      .update(subscriptionMembers)
      .set({
        expiresAt: new Date(expiry),
        ...(running ? {} : { status: 'cancelled' as const, activatedAt: at, renewalFailed: false }),
        giftEndsAt: giftOnly ? new Date(expiry) : null,
        updatedAt: at,
      })
      .where(eq(subscriptionMembers.id, member.id));
    return { memberId: member.id, span: giftSpan(running ? previous : null, expiry, nowMs) };
  }
}

const toRule = (gift: GiftRow) => ({
  state: gift.status,
  expiresAtMs: gift.expiresAt.getTime(),
  giverId: gift.giverId,
  recipientId: gift.recipientId,
  available: true,
});

const REFUSAL_MESSAGES: Record<GiftRefusal, string> = {
  unknown: 'There is no such gift',
  redeemed: 'This gift was already accepted',
  expired: 'This gift expired and was refunded to its giver',
  refunded: 'This gift was refunded to its giver',
  own: 'You cannot accept your own gift; share its link',
  banned: 'You were removed from this channel, so this gift cannot be given to you',
  unavailable: 'This subscription is no longer available',
  stars_renewing: 'Your Telegram Stars subscription to it renews by itself; cancel it in Telegram to accept a gift',
};
const REFUSAL_STATUS: Record<GiftRefusal, number> = {
  unknown: 404,
  redeemed: 409,
  expired: 409,
  refunded: 409,
  own: 403,
  banned: 403,
  unavailable: 409,
  stars_renewing: 409,
};

function refused(reason: GiftRefusal): AppError {
  return new AppError('gift_invalid', REFUSAL_MESSAGES[reason], { reason }, REFUSAL_STATUS[reason]);
}

function unknownGift(): AppError {
  return refused('unknown');
}
