/**
 * The columns a list's rows are read with: what the wire DTOs (../dto.ts) and the lists' cursors use, not every column
 * of the table. A page holds 21 rows, and each column of each row is parsed by the driver and mapped by drizzle: the
 * follower's memberships page read 80 columns a row (membership, subscription and channel), the subscription page's
 * member groups 31 and the ledger pages 41, of which the answers use about half.
 */
import { type Table, getTableColumns } from 'drizzle-orm';
import { channels, subscriptionMembers, subscriptions, transactions } from './schema';
import type { ChannelRow, MemberRow, SubscriptionRow, TransactionRow } from './schema';

/** The named columns of a table, as a selection drizzle reads rows with (typed like the table's own). */
function columnsOf<T extends Table, const K extends keyof T['_']['columns'] & string>(
  table: T,
  names: readonly K[],
): Pick<T['_']['columns'], K> {
  const all = getTableColumns(table);
  return Object.fromEntries(names.map((name) => [name, all[name]])) as Pick<T['_']['columns'], K>;
}

/** A membership as memberDto shows it, with the times its lists order by. */
export const memberFieldColumns = columnsOf(subscriptionMembers, [
  'id',
  'subscriptionId',
  'userId',
  'status',
  'period',
  'activatedAt',
  'expiresAt',
  'renewalFailed',
  'paymentMethod',
  'priceMinor',
  'currency',
  'starsPrice',
  'trialEndsAt',
  'giftEndsAt',
  'createdAt',
]);
export type MemberFields = Pick<MemberRow, keyof typeof memberFieldColumns>;

/** A follower's own membership: memberDto's fields and the channel link it may give (access, invite link). */
export const ownMemberColumns = {
  ...memberFieldColumns,
  ...columnsOf(subscriptionMembers, ['inviteLink', 'accessRemovedAt']),
};
export type OwnMemberFields = Pick<MemberRow, keyof typeof ownMemberColumns>;

/** A subscription as subscriptionDto shows it. */
export const subscriptionFieldColumns = columnsOf(subscriptions, [
  'id',
  'channelId',
  'name',
  'description',
  'period',
  'priceMinor',
  'currency',
  'buttonText',
  'command',
  'deleted',
  'trialDays',
]);
export type SubscriptionFields = Pick<SubscriptionRow, keyof typeof subscriptionFieldColumns>;

/** A channel as channelDto shows it (its links included). */
export const channelFieldColumns = columnsOf(channels, [
  'id',
  'chatId',
  'title',
  'username',
  'photoUrl',
  'type',
  'language',
  'languageSelected',
  'connected',
  'moderation',
  'onboardingStep',
  'onboardingPassed',
  'deleted',
  'createdAt',
]);
export type ChannelFields = Pick<ChannelRow, keyof typeof channelFieldColumns>;

/** A ledger line as transactionDto shows it, with the times its lists order by. */
export const transactionFieldColumns = columnsOf(transactions, [
  'id',
  'type',
  'memberId',
  'currency',
  'price',
  'amount',
  'providerFee',
  'serviceFee',
  'payoutAmount',
  'paymentMethod',
  'cardBrand',
  'cardLast4',
  'withdrawalAccount',
  'convertedCurrency',
  'convertedAmount',
  'conversionRate',
  'starsAmount',
  'starsRate',
  'gift',
  'createdAt',
]);
export type TransactionFields = Pick<TransactionRow, keyof typeof transactionFieldColumns>;
