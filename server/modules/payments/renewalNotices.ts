/**
 * Fewer lost renewals: what the bot tells a follower about a coming or failed renewal, in their Telegram
 * language (any page language, else English: bot/texts.ts).
 *
 * - A reminder RENEWAL_REMINDER_LEAD before a recurring membership's renewal (its expiry), with an "Open" button to
 *   the app, where the card can be changed or the subscription cancelled.
 * - Right after a renewal attempt failed (renewal_failed, access still running until expires_at): a one-tap button
 *   that opens the subscription's invoice in the app (start parameter subscription_<id>), to pay with another card
 *   before access ends; paying it clears renewal_failed (renewals.ts).
 *
 * Once per renewal and kind, across restarts and processes: a job claims due notices by inserting renewal_notices rows
 * (member, expiry, kind; migration 0018) and marking the membership (reminder_sent_for, failed_notice_sent_for:
 * migration 0066) in one transaction, then sends. A message the Bot API refuses is logged, not retried (at most once:
 * a follower should never get the same reminder twice); the app shows the same state.
 *
 * At size (100k renewals due at once): claimed BATCH at a time, sent at MESSAGES_PER_SECOND with a few in flight, batch
 * after batch until none are due or the run has spent RUN_BUDGET_MS; the rest goes on in the next run. Telegram's Bot
 * FAQ (core.telegram.org/bots/faq, "Broadcasting to users"): bulk notifications to more than ~30 users a second get 429.
 */
import { and, eq, gt, inArray, isNotNull, isNull, lte, ne, sql } from 'drizzle-orm';
import { Pace, forEachConcurrently } from '../../platform/concurrency';
import { formatMoney } from '../../../src/domain/format-light';
import { type Currency, money } from '../../../src/domain/money';
import type { DbOrTx } from '../../platform/db/db';
import { channels, renewalNotices, subscriptionMembers, subscriptions, users } from '../../platform/db/schema';
import { promoCodes } from '../../platform/db/schema-money';
import { type BotGateway, miniAppLink } from '../bot/BotGateway';
import { botDate, botTexts, fill } from '../bot/texts';

export const RENEWAL_REMINDER_LEAD_MS = 3 * 24 * 60 * 60 * 1000;
/** Notices claimed per transaction (a claimed notice is sent in the same run: the batch bounds what a crash loses). */
const BATCH = 100;
/** Under Telegram's ~30 bulk messages a second, with room for the bot's other messages. */
export const MESSAGES_PER_SECOND = 25;
/** Messages in flight at once: the Bot API's latency would otherwise keep the pace below MESSAGES_PER_SECOND. */
const IN_FLIGHT = 5;
/** After this long a run claims no more: the other jobs wait for it. 50 s at 25 a second: 1,250 notices a run. */
export const RUN_BUDGET_MS = 50_000;

export type RenewalNoticeKind = 'reminder' | 'failed';

export interface RenewalNoticeDeps {
  readonly db: DbOrTx;
  readonly bot: BotGateway;
  /** Read at send time: getMe at start-up may replace the configured username. */
  readonly botUsername: () => string;
  readonly appName: string;
}

interface DueNotice {
  readonly memberId: number;
  readonly expiresAt: Date;
  readonly subscriptionId: number;
  readonly name: string;
  readonly channel: string;
  readonly priceMinor: number;
  readonly currency: Currency;
  readonly telegramId: number;
  readonly languageCode: string | null;
  /** A promo code discounting this renewal: its code and the price once it no longer does. */
  readonly promoCode: string | null;
  readonly promoRenewalsLeft: number | null;
  readonly fullPriceMinor: number | null;
}

export async function sendRenewalNotices(
  deps: RenewalNoticeDeps,
  nowMs: number,
  log: (message: string) => void,
): Promise<Record<RenewalNoticeKind, number>> {
  const sent = { reminder: 0, failed: 0 };
  const pace = new Pace(MESSAGES_PER_SECOND);
  const until = Date.now() + RUN_BUDGET_MS;
  // Failed renewals first: their access ends soonest.
  for (const kind of ['failed', 'reminder'] as const) {
    for (let after: NoticeCursor | null = null; ;) {
      if (Date.now() >= until) return sent;
      const { batch, seen, last } = await claim(deps.db, kind, nowMs, after);
      await forEachConcurrently(batch, IN_FLIGHT, async (notice) => {
        await pace.turn();
        try {
          await deps.bot.sendMessage(message(deps, kind, notice));
          sent[kind] += 1;
        } catch (error) {
          log(
            `renewal notice ${kind} for member ${notice.memberId} not sent: ${error instanceof Error ? error.message : String(error)}`,
          );
        }
      });
      if (seen < BATCH) break;
      after = last;
    }
  }
  return sent;
}

/** The membership's column that holds the expiry its last notice of a kind named (migration 0066). */
const MARK = { reminder: 'reminderSentFor', failed: 'failedNoticeSentFor' } as const satisfies Record<
  RenewalNoticeKind,
  keyof typeof subscriptionMembers.$inferSelect
>;

/** Where a run's last batch ended along (expiry, id), the expiry as the database's text (to the microsecond). */
export interface NoticeCursor {
  readonly expiresAt: string;
  readonly id: number;
}

/**
 * The due notices of one kind after `after`, BATCH at most, in (expiry, id) order, locked: the claim's select (exported
 * so a test can read its plan). Written with the owed-notice indexes' predicates (migration 0066), so it reads one of
 * them: only memberships still owed this notice, however many were sent theirs already.
 */
export function dueNotices(db: DbOrTx, kind: RenewalNoticeKind, nowMs: number, after: NoticeCursor | null) {
  const now = new Date(nowMs);
  const marker = subscriptionMembers[MARK[kind]];
  const due =
    kind === 'reminder'
      ? // Not yet failed (a failed renewal gets its own message) and within the lead.
        and(
          sql`not ${subscriptionMembers.renewalFailed}`,
          lte(subscriptionMembers.expiresAt, new Date(nowMs + RENEWAL_REMINDER_LEAD_MS)),
        )
      : sql`${subscriptionMembers.renewalFailed}`;
  return db
    .select({
      memberId: subscriptionMembers.id,
      expiresAt: subscriptionMembers.expiresAt,
      expiresAtText: sql<string>`${subscriptionMembers.expiresAt}::text`,
      subscriptionId: subscriptions.id,
      name: subscriptions.name,
      channel: channels.title,
      priceMinor: subscriptionMembers.priceMinor,
      currency: subscriptionMembers.currency,
      telegramId: users.telegramId,
      languageCode: users.languageCode,
      promoCode: promoCodes.code,
      promoRenewalsLeft: subscriptionMembers.promoRenewalsLeft,
      fullPriceMinor: subscriptionMembers.fullPriceMinor,
    })
    .from(subscriptionMembers)
    .innerJoin(subscriptions, eq(subscriptions.id, subscriptionMembers.subscriptionId))
    .innerJoin(channels, eq(channels.id, subscriptions.channelId))
    .innerJoin(users, eq(users.id, subscriptionMembers.userId))
    .leftJoin(promoCodes, eq(promoCodes.id, subscriptionMembers.promoCodeId))
    .where(
      and(
        eq(subscriptionMembers.status, 'active'),
        isNotNull(subscriptionMembers.expiresAt),
        ne(subscriptionMembers.period, 'onetime'),
        // A free trial has its own reminder (server/modules/trials/job.ts) and is never renewed.
        isNull(subscriptionMembers.trialEndsAt),
        // Card renewals only: Telegram reminds and renews Stars subscriptions itself.
        sql`${subscriptionMembers.paymentMethod} is distinct from 'telegram_stars'`,
        gt(subscriptionMembers.expiresAt, now),
        due,
        sql`${marker} is distinct from ${subscriptionMembers.expiresAt}`,
        // What renewals would charge: not for deleted subscriptions or channels, banned users.
        eq(subscriptions.deleted, false),
        eq(channels.deleted, false),
        eq(users.banned, false),
        sql`not exists (select 1 from ${renewalNotices} where ${renewalNotices.memberId} = ${subscriptionMembers.id}
          and ${renewalNotices.expiresAt} = ${subscriptionMembers.expiresAt} and ${renewalNotices.kind} = ${kind})`,
        after === null
          ? undefined
          : sql`(${subscriptionMembers.expiresAt}, ${subscriptionMembers.id}) > (${after.expiresAt}::timestamptz, ${after.id})`,
      ),
    )
    .orderBy(subscriptionMembers.expiresAt, subscriptionMembers.id)
    .limit(BATCH)
    .for('update', { of: subscriptionMembers, skipLocked: true });
}

/**
 * Claims the due notices of one kind after `after` (along the kind's owed-notice index, which holds (expiry, id) as
 * migration 0052's due index does: not past every row this run claimed), each recorded as sent in the same
 * transaction that finds it; `seen`: the rows locked (a full batch may have more).
 */
async function claim(
  db: DbOrTx,
  kind: RenewalNoticeKind,
  nowMs: number,
  after: NoticeCursor | null,
): Promise<{ batch: DueNotice[]; seen: number; last: NoticeCursor | null }> {
  const now = new Date(nowMs);
  return db.transaction(async (tx) => {
    const rows = await dueNotices(tx, kind, nowMs, after);
    if (rows.length === 0) return { batch: [], seen: 0, last: null };
    const lastRow = rows[rows.length - 1]!;
    const last = { expiresAt: lastRow.expiresAtText, id: lastRow.memberId };
    // Owed no more, whoever sends it: the rows are locked, so no runner claimed them meanwhile.
    await tx
      .update(subscriptionMembers)
      .set({ [MARK[kind]]: sql`${subscriptionMembers.expiresAt}` })
      .where(
        inArray(
          subscriptionMembers.id,
          rows.map((row) => row.memberId),
        ),
      );
    // One insert for the batch; a notice another runner claimed meanwhile inserts nothing and is not sent here.
    const inserted = new Set(
      (
        await tx
          .insert(renewalNotices)
          .values(rows.map((row) => ({ memberId: row.memberId, expiresAt: row.expiresAt!, kind, sentAt: now })))
          .onConflictDoNothing()
          .returning({ memberId: renewalNotices.memberId })
      ).map((row) => row.memberId),
    );
    const batch = rows
      .filter((row) => inserted.has(row.memberId))
      .map(({ expiresAtText: _cursor, ...row }) => ({
        ...row,
        expiresAt: row.expiresAt!,
        currency: row.currency as Currency,
      }));
    return { batch, seen: rows.length, last };
  });
}

function message(deps: RenewalNoticeDeps, kind: RenewalNoticeKind, notice: DueNotice) {
  const texts = botTexts(notice.languageCode);
  const values = {
    name: notice.name,
    channel: notice.channel,
    amount: formatMoney(money(notice.priceMinor, notice.currency)),
    date: botDate(notice.expiresAt, notice.languageCode),
  };
  // The charge the reminder names is a promo code's discounted price: say so, and what later renewals cost.
  const discounted =
    notice.promoCode !== null &&
    notice.fullPriceMinor !== null &&
    notice.fullPriceMinor > notice.priceMinor &&
    (notice.promoRenewalsLeft === null || notice.promoRenewalsLeft > 0);
  // A retention offer the follower accepted (the same columns without a code): say so too.
  const retained =
    notice.promoCode === null &&
    notice.fullPriceMinor !== null &&
    notice.fullPriceMinor > notice.priceMinor &&
    notice.promoRenewalsLeft !== null &&
    notice.promoRenewalsLeft > 0;
  const username = deps.botUsername();
  const button =
    kind === 'reminder'
      ? { text: texts.renewalReminderButton, url: `https://t.me/${username}/${deps.appName}` }
      : {
          text: texts.renewalFailedButton,
          url: miniAppLink(username, deps.appName, `subscription_${notice.subscriptionId}`),
        };
  return {
    chatId: notice.telegramId,
    text:
      kind === 'reminder' && discounted
        ? `${fill(texts.renewalReminder, values)} ${fill(texts.renewalReminderPromo, {
            code: notice.promoCode!,
            amount: values.amount,
            full: formatMoney(money(notice.fullPriceMinor!, notice.currency)),
          })}`
        : kind === 'reminder' && retained
          ? `${fill(texts.renewalReminder, values)} ${fill(texts.renewalReminderRetention, {
              amount: values.amount,
              full: formatMoney(money(notice.fullPriceMinor!, notice.currency)),
            })}`
          : fill(kind === 'reminder' ? texts.renewalReminder : texts.renewalFailed, values),
    button,
    silent: false,
  };
}
