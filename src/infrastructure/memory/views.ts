/** Projections of stored records to the domain shapes repositories answer with (copies, never live records). */
import type { Channel, SavedCard, Subscription, SubscriptionMember, Transaction, User } from '../../domain/entities';
import type { Page } from '../../application/ports/Page';
import type { InMemoryBackend } from './InMemoryBackend';
import { paginate } from './paging';
import type { CardRecord, ChannelRecord, DonationRecord, MemberRecord, SubscriptionRecord } from './records';
import type { Donation } from '../../application/ports/DonationRepository';
import { donationProgress, hasGoal } from '../../domain/donation-goal';
import { money } from '../../domain/money';
import type { Cursor } from '../../application/ports/Page';

export function channelView(backend: InMemoryBackend, record: ChannelRecord): Channel {
  const { ownerId: _ownerId, ...channel } = record;
  return {
    ...channel,
    language: { ...record.language },
    activeSubscribers: backend.channelActiveSubscribers(record.id),
  };
}

export function subscriptionView(backend: InMemoryBackend, record: SubscriptionRecord): Subscription {
  const { publications: _publications, ...subscription } = record;
  return { ...subscription, activeSubscribers: backend.activeSubscribersOf(record.id) };
}

export function memberView(record: MemberRecord): SubscriptionMember {
  return { ...record };
}

export function userView(backend: InMemoryBackend, userId: number): User {
  return { ...backend.userRecord(userId).user };
}

export function cardView(record: CardRecord): SavedCard {
  return {
    id: record.id,
    cardBrand: record.cardBrand,
    cardLast: record.cardLast,
    active: record.active,
    primary: record.primary,
  };
}

/** Newest first, ties by id. */
function newestFirst(a: Transaction, b: Transaction): number {
  return b.createdAt - a.createdAt || b.id - a.id;
}

/** A page of the user's own transaction rows that pass `keep`. */
export function transactionPage(
  backend: InMemoryBackend,
  userId: number,
  keep: (transaction: Transaction) => boolean,
  startFrom: Cursor,
  size = backend.pageSize,
): Page<Transaction> {
  const rows = backend.transactions
    .filter((row) => row.userId === userId && keep(row.transaction))
    .map((row) => row.transaction);
  return paginate(rows.sort(newestFirst), startFrom, size);
}

/**
 * A donation request as the server shows it: with a goal or an end date, its progress from the paid payments of it
 * (the fake sums its few payments; the server keeps a counter with its ledger).
 */
export function donationView(backend: InMemoryBackend, record: DonationRecord): Donation {
  const { pin: _pin, disableNotification: _quiet, imageId: _image, starsPrice: _stars, ...donation } = record;
  const goal = { goalMinor: record.goal?.minor ?? null, endsAtMs: record.endsAt == null ? null : record.endsAt * 1000 };
  if (!hasGoal(goal)) return donation;
  let raisedMinor = 0;
  let donations = 0;
  for (const payment of backend.payments.values()) {
    if (payment.target.kind !== 'donation' || payment.target.donationId !== record.id || payment.status !== 'paid')
      continue;
    raisedMinor += payment.amount.minor;
    donations += 1;
  }
  const progress = donationProgress({ ...goal, raisedMinor, donations }, backend.nowMs());
  return {
    ...donation,
    progress: {
      raised: money(progress.raisedMinor, record.amount.currency),
      donations: progress.donations,
      percent: progress.percent,
      reached: progress.reached,
      ended: progress.ended,
    },
  };
}
