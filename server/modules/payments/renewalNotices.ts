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
 * (member, expiry, kind; migration 0018) in one transaction, then sends. A message the Bot API refuses is logged, not
 * retried (at most once: a follower should never get the same reminder twice); the app shows the same state.
 */
import { and, eq, gt, lte, ne, sql } from 'drizzle-orm';
import { formatMoney } from '../../../src/domain/format-light';
import { type Currency, money } from '../../../src/domain/money';
import type { DbOrTx } from '../../platform/db/db';
import { channels, renewalNotices, subscriptionMembers, subscriptions, users } from '../../platform/db/schema';
import { type BotGateway, miniAppLink } from '../bot/BotGateway';
import { botDate, botTexts, fill } from '../bot/texts';

export const RENEWAL_REMINDER_LEAD_MS = 3 * 24 * 60 * 60 * 1000;
const BATCH = 100;

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
}

export async function sendRenewalNotices(
  deps: RenewalNoticeDeps,
  nowMs: number,
  log: (message: string) => void,
): Promise<Record<RenewalNoticeKind, number>> {
  const sent = { reminder: 0, failed: 0 };
  for (const kind of ['failed', 'reminder'] as const) {
    for (const notice of await claim(deps.db, kind, nowMs)) {
      try {
        await deps.bot.sendMessage(message(deps, kind, notice));
        sent[kind] += 1;
      } catch (error) {
        log(
          `renewal notice ${kind} for member ${notice.memberId} not sent: ${error instanceof Error ? error.message : String(error)}`,
        );
      }
    }
  }
  return sent;
}

/** Due notices of one kind, each recorded as sent in the same transaction that finds it. */
async function claim(db: DbOrTx, kind: RenewalNoticeKind, nowMs: number): Promise<DueNotice[]> {
  const now = new Date(nowMs);
  const due =
    kind === 'reminder'
      ? // Not yet failed (a failed renewal gets its own message) and within the lead.
        and(
          eq(subscriptionMembers.renewalFailed, false),
          lte(subscriptionMembers.expiresAt, new Date(nowMs + RENEWAL_REMINDER_LEAD_MS)),
        )
      : eq(subscriptionMembers.renewalFailed, true);
  return db.transaction(async (tx) => {
    const rows = await tx
      .select({
        memberId: subscriptionMembers.id,
        expiresAt: subscriptionMembers.expiresAt,
        subscriptionId: subscriptions.id,
        name: subscriptions.name,
        channel: channels.title,
        priceMinor: subscriptionMembers.priceMinor,
        currency: subscriptionMembers.currency,
        telegramId: users.telegramId,
        languageCode: users.languageCode,
      })
      .from(subscriptionMembers)
      .innerJoin(subscriptions, eq(subscriptions.id, subscriptionMembers.subscriptionId))
      .innerJoin(channels, eq(channels.id, subscriptions.channelId))
      .innerJoin(users, eq(users.id, subscriptionMembers.userId))
      .where(
        and(
          eq(subscriptionMembers.status, 'active'),
          ne(subscriptionMembers.period, 'onetime'),
          gt(subscriptionMembers.expiresAt, now),
          due,
          // What renewals would charge: not for deleted subscriptions or channels, banned users.
          eq(subscriptions.deleted, false),
          eq(channels.deleted, false),
          eq(users.banned, false),
          sql`not exists (select 1 from ${renewalNotices} where ${renewalNotices.memberId} = ${subscriptionMembers.id}
          and ${renewalNotices.expiresAt} = ${subscriptionMembers.expiresAt} and ${renewalNotices.kind} = ${kind})`,
        ),
      )
      .orderBy(subscriptionMembers.expiresAt, subscriptionMembers.id)
      .limit(BATCH)
      .for('update', { of: subscriptionMembers, skipLocked: true });
    const claimed: DueNotice[] = [];
    for (const row of rows) {
      const inserted = await tx
        .insert(renewalNotices)
        .values({ memberId: row.memberId, expiresAt: row.expiresAt!, kind, sentAt: now })
        .onConflictDoNothing()
        .returning({ memberId: renewalNotices.memberId });
      if (inserted.length > 0) claimed.push({ ...row, expiresAt: row.expiresAt!, currency: row.currency as Currency });
    }
    return claimed;
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
    text: fill(kind === 'reminder' ? texts.renewalReminder : texts.renewalFailed, values),
    button,
    silent: false,
  };
}
