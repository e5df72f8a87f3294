/**
 * The columns a list's rows are read with: what the wire DTOs (../dto.ts) and the lists' cursors use, not every column
 * of the table. A page holds 21 rows, and each column of each row is parsed by the driver and mapped by drizzle: the
 * follower's memberships page read 80 columns a row (membership, subscription and channel), and the subscription
 * page's member groups 31, of which the answer uses about half.
 */
import { channels, subscriptionMembers as m, subscriptions } from './schema';
import type { ChannelRow, MemberRow, SubscriptionRow } from './schema';

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
