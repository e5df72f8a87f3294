/**
 * The trials job (server/jobs.ts, after renewals): the bot's reminder a day before a free trial ends, its message
 * with the pay link when it ended, and the `lapsed` outcome once the conversion grace passed unpaid
 * (src/domain/trial.ts). Nothing here charges: the follower pays the invoice with their own tap.
 *
 * Each message at most once across restarts and processes: a run claims due trials BATCH at a time with
 * FOR UPDATE SKIP LOCKED and marks them (reminded_at, end_notified_at) in the claiming transaction, then sends. A
 * message the Bot API refuses is logged, not retried (the app shows the same state). A trial whose follower cancelled
 * it, was banned, or whose subscription was deleted or channel disconnected is marked without a message: those stop
 * trials as they stop payments. So is one a gift extended (its period follows the trial: access does not end then). Outcomes and the per-subscription counters move in one transaction.
 */
import { and, eq, inArray, isNull, lt, lte, sql } from 'drizzle-orm';
import { Pace, forEachConcurrently } from '../../platform/concurrency';
import { formatMoney } from '../../../src/domain/format-light';
import { type Currency, money } from '../../../src/domain/money';
import { TRIAL_CONVERSION_GRACE_MS, TRIAL_REMINDER_LEAD_MS } from '../../../src/domain/trial';
import type { DbOrTx } from '../../platform/db/db';
import {
  channels,
  subscriptionMembers,
  subscriptionTrialCounts,
  subscriptionTrials,
  subscriptions,
  users,
} from '../../platform/db/schema';
import { type BotGateway, miniAppLink } from '../bot/BotGateway';
import { botDate, botTexts, fill } from '../bot/texts';
import { MESSAGES_PER_SECOND, RUN_BUDGET_MS } from '../payments/renewalNotices';

const BATCH = 100;
const IN_FLIGHT = 5;

export interface TrialJobDeps {
  readonly db: DbOrTx;
  readonly bot: BotGateway;
  readonly botUsername: () => string;
  readonly appName: string;
}

export interface TrialRunResult {
  readonly reminded: number;
  readonly ended: number;
  readonly lapsed: number;
}

type Kind = 'reminder' | 'ended';

interface DueTrial {
  readonly trialId: number;
  readonly subscriptionId: number;
  readonly endsAt: Date;
  readonly name: string;
  readonly channel: string;
  readonly priceMinor: number;
  readonly currency: Currency;
  readonly telegramId: number;
  readonly languageCode: string | null;
  /** Whether the follower gets the message (see the module comment). */
  readonly send: boolean;
}

export async function runTrials(
  deps: TrialJobDeps,
  nowMs: number,
  log: (message: string) => void,
): Promise<TrialRunResult> {
  const pace = new Pace(MESSAGES_PER_SECOND);
  const until = Date.now() + RUN_BUDGET_MS;
  const sent = { reminder: 0, ended: 0 };
  for (const kind of ['ended', 'reminder'] as const) {
    for (;;) {
      if (Date.now() >= until) break;
      const { batch, seen } = await claim(deps.db, kind, nowMs);
      await forEachConcurrently(
        batch.filter((trial) => trial.send),
        IN_FLIGHT,
        async (trial) => {
          await pace.turn();
          try {
            await deps.bot.sendMessage(message(deps, kind, trial));
            sent[kind] += 1;
          } catch (error) {
            log(`trial ${kind} for trial ${trial.trialId} not sent: ${error instanceof Error ? error.message : error}`);
          }
        },
      );
      if (seen < BATCH) break;
    }
  }
  return { reminded: sent.reminder, ended: sent.ended, lapsed: await lapse(deps.db, nowMs) };
}

async function claim(db: DbOrTx, kind: Kind, nowMs: number): Promise<{ batch: DueTrial[]; seen: number }> {
  const now = new Date(nowMs);
  const due =
    kind === 'reminder'
      ? and(
          isNull(subscriptionTrials.remindedAt),
          lte(subscriptionTrials.endsAt, new Date(nowMs + TRIAL_REMINDER_LEAD_MS)),
        )
      : and(isNull(subscriptionTrials.endNotifiedAt), lte(subscriptionTrials.endsAt, now));
  // A reminder only while the trial runs; the end's pay link only while paying still converts it.
  const timely =
    kind === 'reminder'
      ? sql`${subscriptionTrials.endsAt} > ${now}`
      : sql`${subscriptionTrials.endsAt} > ${new Date(nowMs - TRIAL_CONVERSION_GRACE_MS)}`;
  return db.transaction(async (tx) => {
    const rows = await tx
      .select({
        trialId: subscriptionTrials.id,
        subscriptionId: subscriptionTrials.subscriptionId,
        endsAt: subscriptionTrials.endsAt,
        name: subscriptions.name,
        channel: channels.title,
        priceMinor: subscriptions.priceMinor,
        currency: subscriptions.currency,
        telegramId: users.telegramId,
        languageCode: users.languageCode,
        send: sql<boolean>`(${timely}
          and ${subscriptionMembers.status} = 'active'
          and ${subscriptionMembers.trialEndsAt} is not null
          and ${subscriptionMembers.expiresAt} = ${subscriptionTrials.endsAt}
          and not ${users.banned}
          and not ${subscriptions.deleted}
          and not ${channels.deleted}
          and ${channels.connected}
          and not exists (select 1 from ${users} as owner where owner.id = ${channels.ownerId} and owner.banned))`,
      })
      .from(subscriptionTrials)
      .innerJoin(subscriptionMembers, eq(subscriptionMembers.id, subscriptionTrials.memberId))
      .innerJoin(subscriptions, eq(subscriptions.id, subscriptionTrials.subscriptionId))
      .innerJoin(channels, eq(channels.id, subscriptionTrials.channelId))
      .innerJoin(users, eq(users.id, subscriptionTrials.userId))
      .where(and(isNull(subscriptionTrials.outcome), due))
      .orderBy(subscriptionTrials.endsAt, subscriptionTrials.id)
      .limit(BATCH)
      .for('update', { of: subscriptionTrials, skipLocked: true });
    if (rows.length === 0) return { batch: [], seen: 0 };
    const ids = rows.map((row) => row.trialId);
    await tx
      .update(subscriptionTrials)
      .set(kind === 'reminder' ? { remindedAt: now } : { endNotifiedAt: now })
      .where(inArray(subscriptionTrials.id, ids));
    return {
      batch: rows.map((row) => ({ ...row, send: row.send === true, currency: row.currency as Currency })),
      seen: rows.length,
    };
  });
}

/** Trials whose conversion grace passed unpaid: outcome lapsed, counted per subscription. Answers how many. */
async function lapse(db: DbOrTx, nowMs: number): Promise<number> {
  const now = new Date(nowMs);
  let lapsed = 0;
  for (;;) {
    const seen = await db.transaction(async (tx) => {
      const rows = await tx
        .select({ id: subscriptionTrials.id, subscriptionId: subscriptionTrials.subscriptionId })
        .from(subscriptionTrials)
        .where(
          and(
            isNull(subscriptionTrials.outcome),
            lt(subscriptionTrials.endsAt, new Date(nowMs - TRIAL_CONVERSION_GRACE_MS)),
          ),
        )
        .orderBy(subscriptionTrials.endsAt, subscriptionTrials.id)
        .limit(BATCH)
        .for('update', { skipLocked: true });
      if (rows.length === 0) return 0;
      await tx
        .update(subscriptionTrials)
        .set({ outcome: 'lapsed', outcomeAt: now })
        .where(
          inArray(
            subscriptionTrials.id,
            rows.map((row) => row.id),
          ),
        );
      const perSubscription = new Map<number, number>();
      for (const row of rows)
        perSubscription.set(row.subscriptionId, (perSubscription.get(row.subscriptionId) ?? 0) + 1);
      // In subscription order: two runners never wait on each other's counter rows in opposite orders.
      for (const [subscriptionId, n] of [...perSubscription].sort((a, b) => a[0] - b[0])) {
        await tx
          .insert(subscriptionTrialCounts)
          .values({ subscriptionId, lapsed: n })
          .onConflictDoUpdate({
            target: subscriptionTrialCounts.subscriptionId,
            set: { lapsed: sql`${subscriptionTrialCounts.lapsed} + ${n}` },
          });
      }
      lapsed += rows.length;
      return rows.length;
    });
    if (seen < BATCH) return lapsed;
  }
}

function message(deps: TrialJobDeps, kind: Kind, trial: DueTrial) {
  const texts = botTexts(trial.languageCode);
  const values = {
    name: trial.name,
    channel: trial.channel,
    amount: formatMoney(money(trial.priceMinor, trial.currency)),
    date: botDate(trial.endsAt, trial.languageCode),
  };
  const username = deps.botUsername();
  // The subscription's invoice (start parameter subscription_<id>): the follower pays there with their own tap.
  const payLink = miniAppLink(username, deps.appName, `subscription_${trial.subscriptionId}`);
  return {
    chatId: trial.telegramId,
    text: fill(kind === 'reminder' ? texts.trialReminder : texts.trialEnded, values),
    button:
      kind === 'reminder'
        ? { text: texts.renewalReminderButton, url: `https://t.me/${username}/${deps.appName}` }
        : { text: texts.trialEndedButton, url: payLink },
    silent: false,
  };
}
