/**
 * The money engine's background jobs, in run order: the kept subscriber counts and insights brought up to now, the
 * Smart Glocal double's housekeeping (expired challenges and pages, webhook retries), the Bot API double's Stars
 * renewals, reconciliation of payments left open and refunds still due, unredeemed gifts' expiry and refund, renewals
 * and the bot's renewal notices, free trials' reminders and ends, payouts, removing members whose private-channel
 * access ended, forgetting old idempotency answers, applied Telegram update ids and donation images uploaded over a
 * day ago, donation goals' post edits and announcements, migration imports under way, and the daily reconciliation
 * with the provider's records. buildApp builds the registry with the app's own engine (server/app.ts).
 */
import { type JobContext, JobRegistry } from './platform/jobs';
import { DatabaseJobLeases } from './platform/jobLeases';
import type { MoneyEngine } from './modules/payments/engine';
import { runPayouts, trackPayouts } from './modules/payouts/job';
import { runRenewals } from './modules/payments/renewals';
import { type RenewalNoticeDeps, sendRenewalNotices } from './modules/payments/renewalNotices';
import type { ChannelAccessService } from './modules/access/service';
import type { BotUpdateHandler } from './modules/bot/updateHandler';
import type { SandboxTelegram } from './modules/bot/sandbox/BotApiDouble';
import { runMigrationImports } from './modules/admin/migrationImport';
import { purgeDonationImages } from './modules/donations/service';
import { type GoalPostsDeps, runGoalPosts } from './modules/donations/goalPosts';
import { type TrialJobDeps, runTrials } from './modules/trials/job';
import type { Db } from './platform/db/db';
import { settleMemberCounts } from './platform/db/memberCounts';
import type { GiftService } from './modules/gifts/service';
import { settleInsights } from './modules/revenue/insights';

/** Idempotency answers are kept for a day: far longer than any client retries a tap. */
const IDEMPOTENCY_RETENTION_SECONDS = 24 * 60 * 60;

export function createJobs(
  engine: MoneyEngine,
  bot: {
    access?: ChannelAccessService;
    botUpdates?: BotUpdateHandler;
    db?: Db;
    renewalNotices?: RenewalNoticeDeps;
    /** The sandbox's Telegram: its Stars subscriptions renew on the sandbox clock. */
    sandboxTelegram?: SandboxTelegram | null;
    /** Donation goals' post edits and announcements. */
    goalPosts?: GoalPostsDeps;
    /** Gift subscriptions: unredeemed ones expire and are refunded. */
    gifts?: GiftService;
    /** Free trials' reminders, pay links and outcomes. */
    trials?: TrialJobDeps;
  } = {},
): JobRegistry {
  const { access, botUpdates, db, renewalNotices, sandboxTelegram, goalPosts, gifts, trials } = bot;
  // Each job in one process at a time across every server process on the database (README "Running several instances").
  return (
    new JobRegistry(new DatabaseJobLeases())
      // First: the memberships that ended since the last round, taken into the kept subscriber counts. Every read
      // passes over the ends after its count was kept, so while a long job runs (100k renewals due at once) reads
      // pass over few. A renewal later in the round that moves an expiry adjusts the counts itself (its trigger).
      .register('member-counts', (context) => settleMemberCounts(context.db, context.nowMs))
      // Likewise for revenue insights: memberships that ended since their counters were kept (migration 0056).
      .register('revenue-insights', (context) => settleInsights(context.db, context.nowMs))
      .register('sandbox-provider', async () => {
        if (engine.double === null) return { skipped: true };
        await engine.double.sweep();
        return { swept: true };
      })
      // Telegram renews Stars subscriptions on its own; in the sandbox that is its double, at the sandbox clock.
      .register('sandbox-telegram', async () =>
        sandboxTelegram ? sandboxTelegram.stars.renewDue() : Promise.resolve({ skipped: true }),
      )
      .register('payments-reconcile', async (context) => ({
        changed: await engine.payments.reconcileOpen(context.nowMs),
        refunded: await engine.payments.refundDue(),
      }))
      // After reconciliation: gifts whose 30 days passed (or whose subscription is gone) are refunded to their giver.
      .register('gifts-expiry', async (context) => (gifts ? gifts.runExpiry(context.nowMs) : { skipped: true }))
      // After reconciliation: a donation it just settled shows in its post in the same run.
      .register('donation-posts', (context) => donationPostsJob(goalPosts, context))
      .register('renewals', (context) => runRenewals(context, engine))
      // After renewals: a renewal that just failed gets its "pay with another card" message in the same run.
      .register('renewal-notices', (context) =>
        renewalNotices
          ? sendRenewalNotices(renewalNotices, context.nowMs, (message) => context.log.error(message))
          : Promise.resolve({ skipped: true }),
      )
      // Free trials: the reminder a day before the end, the pay link at the end, lapsed outcomes. Never charges.
      .register('trials', (context) =>
        trials
          ? runTrials(trials, context.nowMs, (message) => context.log.error(message))
          : Promise.resolve({ skipped: true }),
      )
      .register('payouts', (context) => runPayouts(context, engine))
      .register('payouts-track', async (context) => ({ changed: await trackPayouts(context, engine) }))
      // After renewals: a membership a renewal just extended keeps its member in the channel.
      .register('channel-access', async (context) => (access ? access.removeEnded(context.log) : { skipped: true }))
      .register('idempotency-purge', async () => ({
        removed: await engine.idempotency.purge(IDEMPOTENCY_RETENTION_SECONDS),
      }))
      .register('bot-updates-purge', async () =>
        botUpdates ? { removed: await botUpdates.purge() } : { skipped: true },
      )
      .register('donation-images-purge', async (context) => ({
        removed: await purgeDonationImages(context.db, context.nowMs),
      }))
      // Imports of the older product's exports an operator started (the operator console's migration queue).
      .register('migration-import', async (context) =>
        db ? runMigrationImports(db, context.nowMs) : { skipped: true },
      )
      // Once a day: the provider's records of the last RECONCILIATION_DAYS days against ours (the console's queue).
      // Last, as it asks the provider about every payment and payout of those days: the others do not wait for it.
      .register('reconciliation', (context) => engine.reconciliation.runIfDue(context.nowMs))
  );
}

/** The donation-posts job (also run on its own by main.ts every GOAL_POSTS_TICK_MS, under its own lease). */
export function donationPostsJob(goalPosts: GoalPostsDeps | undefined, context: JobContext): Promise<unknown> {
  return goalPosts
    ? runGoalPosts(goalPosts, context.nowMs, (message) => context.log.error(message))
    : Promise.resolve({ skipped: true });
}
