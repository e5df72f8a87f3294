/**
 * The columns a list's rows are read with: what the wire DTOs (../dto.ts) and the lists' cursors use, not every column
 * of the table. A page holds 21 rows, and each column of each row is parsed by the driver and mapped by drizzle: the
 * follower's memberships page read 80 columns a row (membership, subscription and channel), the subscription page's
 * member groups 31 and the ledger pages 41, of which the answers use about half.
 */
import { channels, subscriptionMembers as m, subscriptions, transactions as t } from './schema';
import type { ChannelRow, MemberRow, SubscriptionRow, TransactionRow } from './schema';

/** A membership as memberDto shows it, with the times its lists order by. */
export const memberFieldColumns = {
  id: m.id,
  subscriptionId: m.subscriptionId,
  userId: m.userId,
  status: m.status,
  period: m.period,
  activatedAt: m.activatedAt,
  expiresAt: m.expiresAt,
  renewalFailed: m.renewalFailed,
  paymentMethod: m.paymentMethod,
  priceMinor: m.priceMinor,
  currency: m.currency,
  starsPrice: m.starsPrice,
  trialEndsAt: m.trialEndsAt,
  giftEndsAt: m.giftEndsAt,
  createdAt: m.createdAt,
};
export type MemberFields = Pick<MemberRow, keyof typeof memberFieldColumns>;

/** A follower's own membership: memberDto's fields and the channel link it may give (access, invite link). */
export const ownMemberColumns = { ...memberFieldColumns, inviteLink: m.inviteLink, accessRemovedAt: m.accessRemovedAt };
export type OwnMemberFields = Pick<MemberRow, keyof typeof ownMemberColumns>;

/** A subscription as subscriptionDto shows it. */
export const subscriptionFieldColumns = {
  id: subscriptions.id,
  channelId: subscriptions.channelId,
  name: subscriptions.name,
  description: subscriptions.description,
  period: subscriptions.period,
  priceMinor: subscriptions.priceMinor,
  currency: subscriptions.currency,
  buttonText: subscriptions.buttonText,
  command: subscriptions.command,
  deleted: subscriptions.deleted,
  trialDays: subscriptions.trialDays,
};
export type SubscriptionFields = Pick<SubscriptionRow, keyof typeof subscriptionFieldColumns>;

/** A channel as channelDto shows it (its links included). */
export const channelFieldColumns = {
  id: channels.id,
  chatId: channels.chatId,
  title: channels.title,
  username: channels.username,
  photoUrl: channels.photoUrl,
  type: channels.type,
  language: channels.language,
  languageSelected: channels.languageSelected,
  connected: channels.connected,
  moderation: channels.moderation,
  onboardingStep: channels.onboardingStep,
  onboardingPassed: channels.onboardingPassed,
  deleted: channels.deleted,
  createdAt: channels.createdAt,
};
export type ChannelFields = Pick<ChannelRow, keyof typeof channelFieldColumns>;

/** A ledger line as transactionDto shows it, with the times its lists order by. */
export const transactionFieldColumns = {
  id: t.id,
  type: t.type,
  memberId: t.memberId,
  currency: t.currency,
  price: t.price,
  amount: t.amount,
  providerFee: t.providerFee,
  serviceFee: t.serviceFee,
  payoutAmount: t.payoutAmount,
  paymentMethod: t.paymentMethod,
  cardBrand: t.cardBrand,
  cardLast4: t.cardLast4,
  withdrawalAccount: t.withdrawalAccount,
  convertedCurrency: t.convertedCurrency,
  convertedAmount: t.convertedAmount,
  conversionRate: t.conversionRate,
  starsAmount: t.starsAmount,
  starsRate: t.starsRate,
  gift: t.gift,
  createdAt: t.createdAt,
};
export type TransactionFields = Pick<TransactionRow, keyof typeof transactionFieldColumns>;
