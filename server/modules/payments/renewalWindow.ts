/**
 * When the renewal job may still charge a membership for its current period: the one definition shared by the
 * renewal claim (renewals.ts) and the channel-access job (access/repository.ts), so a member is never removed from a
 * private channel while a renewal that would keep them in is still to come.
 */
import { type SQL, and, eq, gt, isNotNull, isNull, ne, or, sql } from 'drizzle-orm';
import { channels, subscriptionMembers, subscriptions, users } from '../../platform/db/schema';
import { payments } from '../../platform/db/schema-money';

export const RENEWAL_LEAD_MS = 24 * 60 * 60 * 1000;
export const RENEWAL_CATCH_UP_MS = 7 * 24 * 60 * 60 * 1000;

/** The renewal_key of a membership's attempt for its current expiry: renewal:<member>:<expiry ms>:<early|final>. */
export function renewalKeyOf(phase: SQL): SQL {
  return sql`concat('renewal:', ${subscriptionMembers.id}, ':', floor(extract(epoch from ${subscriptionMembers.expiresAt}) * 1000)::bigint, ':', ${phase})`;
}

/**
 * Over subscription_members joined to its subscription and channel: an auto-renewing membership (not on a free trial), expired at most
 * RENEWAL_CATCH_UP ago, whose renewal a new payment's rules would allow (subscription and channel not deleted, channel
 * approved, nobody banned, not ended before a restore). Whether the bot is in the channel is the caller's condition.
 */
export function renewable(nowMs: number): SQL {
  return and(
    eq(subscriptionMembers.status, 'active'),
    ne(subscriptionMembers.period, 'onetime'),
    // A free trial is never charged: its follower pays at its end with their own tap (server/modules/trials).
    isNull(subscriptionMembers.trialEndsAt),
    // Telegram renews a membership paid in Stars (or it was paid once): our renewals never charge it.
    sql`${subscriptionMembers.paymentMethod} is distinct from 'telegram_stars'`,
    isNotNull(subscriptionMembers.expiresAt),
    gt(subscriptionMembers.expiresAt, new Date(nowMs - RENEWAL_CATCH_UP_MS)),
    // A renewal is a new payment: attempted only where invoiceTargets.assertPayable would take one.
    eq(subscriptions.deleted, false),
    eq(channels.deleted, false),
    eq(channels.moderation, 'approved'),
    sql`not exists (select 1 from ${users} where ${users.id} in (${channels.ownerId}, ${subscriptionMembers.userId}) and ${users.banned})`,
    // A restore never charges: memberships that had ended before it stay ended.
    or(isNull(subscriptions.restoredAt), gt(subscriptionMembers.expiresAt, subscriptions.restoredAt)),
  ) as SQL;
}

/**
 * How long after its expiry a membership Telegram renews in Stars keeps its place in a private channel: Telegram
 * charges the renewal at the expiry and its successful_payment reaches the bot moments later. Assumed (the Bot API
 * reference names no delay): well within an hour. A renewal that does not come by then ends access.
 */
export const STARS_RENEWAL_GRACE_MS = 60 * 60 * 1000;

/**
 * A renewal may still extend this membership: it is renewable and its final attempt for the current expiry has not
 * failed (not made yet, or still waiting for the provider); or Telegram renews it in Stars and its renewal may still
 * be on its way (STARS_RENEWAL_GRACE_MS).
 */
export function renewalStillPossible(nowMs: number): SQL {
  return or(
    and(
      renewable(nowMs),
      sql`not exists (select 1 from ${payments} where ${payments.renewalKey} = ${renewalKeyOf(sql`'final'`)} and ${payments.status} = 'error')`,
    ),
    and(
      eq(subscriptionMembers.status, 'active'),
      eq(subscriptionMembers.paymentMethod, 'telegram_stars'),
      isNotNull(subscriptionMembers.starsSubscriptionId),
      gt(subscriptionMembers.expiresAt, new Date(nowMs - STARS_RENEWAL_GRACE_MS)),
    ),
  ) as SQL;
}
