/**
 * Rows to the wire DTOs of src/contract/api.ts. Money leaves in major units (toMajor of the integer minor units),
 * times as epoch seconds, absent optional fields are left out rather than sent as null.
 */
import { type DonationTotals, donationProgress, hasGoal } from '../../src/domain/donation-goal';
import type {
  CardDto,
  ChannelDto,
  DonationDto,
  MigrationChannelDto,
  MigrationRequestDto,
  SubscriptionDto,
  SubscriptionMemberDto,
  TransactionDto,
  UserDto,
  WithdrawalAccountDto,
} from '../../src/contract/api';
import { type LedgerCurrency, toMajor } from '../../src/domain/money';
import { epochSeconds } from './clock';
import type { TransactionView } from '../modules/transactions/repository';
import type {
  ChannelRow,
  DonateChannelRow,
  DonationRow,
  MigrationRequestRow,
  PayoutAccountRow,
  SavedCardRow,
  UserRow,
} from './db/schema';
import { languageOf } from './languages';
import type { ChannelFields, MemberFields, SubscriptionFields } from './db/projections';
import { channelLinks } from './channelLinks';
import type { ChannelView, MemberWithUser, SubscriptionView } from './views';

const major = (minor: number, currency: LedgerCurrency): number => toMajor(minor, currency);
const seconds = (at: Date): number => epochSeconds(at.getTime());

/**
 * A DTO being built: the row DTOs below (a page holds dozens) set each optional field only when it has a value, on the
 * one object, rather than spreading conditional objects into it.
 */
type Building<T> = { -readonly [K in keyof T]: T[K] };

export function userDto(
  user: Pick<UserRow, 'id' | 'telegramId' | 'firstName' | 'lastName' | 'username' | 'photoUrl'>,
): UserDto {
  const dto: Building<UserDto> = { id: user.id, telegramId: user.telegramId, firstName: user.firstName };
  if (user.lastName !== null) dto.lastName = user.lastName;
  if (user.username !== null) dto.userName = user.username;
  if (user.photoUrl !== null) dto.photoUrl = user.photoUrl;
  return dto;
}

export function channelDto(channel: ChannelFields, activeSubscribers = 0): ChannelDto {
  const language = languageOf(channel.language);
  const dto: Building<ChannelDto> = {
    id: channel.id,
    chatId: channel.chatId,
    name: channel.title,
    type: channel.type,
    language: { code: language.code, name: language.name },
    isLanguageSelected: channel.languageSelected,
    connected: channel.connected,
    moderation: channel.moderation,
    onboardingStep: channel.onboardingStep,
    onboardingPassed: channel.onboardingPassed,
    isOnboarding: !channel.onboardingPassed && channel.onboardingStep !== 'completed',
    activeSubscribers,
    isDeleted: channel.deleted,
  };
  if (channel.username !== null) dto.userName = channel.username;
  if (channel.photoUrl !== null) dto.photoUrl = channel.photoUrl;
  return dto;
}

/**
 * A subscription as the API shows it. Invite links go only to those allowed to open the channel: the owner
 * (`withLinks`) and members with access; invoice payers get them from the payment check.
 */
export function subscriptionDto(
  subscription: SubscriptionFields,
  activeSubscribers = 0,
  linksFrom?: Pick<ChannelRow, 'type' | 'username'>,
  personalLink: string | null = null,
): SubscriptionDto {
  const dto: Building<SubscriptionDto> = {
    id: subscription.id,
    channelId: subscription.channelId,
    name: subscription.name,
    description: subscription.description,
    period: subscription.period,
    amount: major(subscription.priceMinor, subscription.currency),
    currency: subscription.currency,
    buttonText: subscription.buttonText,
    activeSubscribers,
    isDeleted: subscription.deleted,
  };
  if (subscription.command !== null) dto.command = subscription.command;
  if (linksFrom) Object.assign(dto, channelLinks(linksFrom, personalLink));
  if (subscription.trialDays !== null) dto.trialDays = subscription.trialDays;
  return dto;
}

export function memberDto(member: MemberFields): SubscriptionMemberDto {
  const dto: Building<SubscriptionMemberDto> = {
    id: member.id,
    subscriptionId: member.subscriptionId,
    userId: member.userId,
    status: member.status,
    period: member.period,
    activatedAt: seconds(member.activatedAt),
    paidWith: member.paymentMethod === 'telegram_stars' ? 'stars' : 'card',
    price: major(member.priceMinor, member.currency),
    currency: member.currency,
    renewalFailed: member.renewalFailed,
  };
  if (member.expiresAt) dto.expiresAt = seconds(member.expiresAt);
  if (member.paymentMethod !== null) dto.paymentMethod = member.paymentMethod;
  if (member.paymentMethod === 'telegram_stars' && member.starsPrice !== null) dto.stars = member.starsPrice;
  if (member.trialEndsAt !== null) dto.trialEndsAt = seconds(member.trialEndsAt);
  if (member.giftEndsAt !== null) dto.giftEndsAt = seconds(member.giftEndsAt);
  return dto;
}

/** A donation request; with its totals at `nowMs`, a request with a goal or an end date carries its progress. */
export function donationDto(
  donation: DonationRow,
  totals: { readonly totals: DonationTotals; readonly nowMs: number } | null = null,
): DonationDto {
  const goal = { goalMinor: donation.goalMinor, endsAtMs: donation.endsAt?.getTime() ?? null };
  const progress =
    totals !== null && hasGoal(goal) ? donationProgress({ ...goal, ...totals.totals }, totals.nowMs) : null;
  return {
    id: donation.id,
    channelId: donation.channelId,
    title: donation.title,
    description: donation.description,
    buttonText: donation.buttonText,
    amount: major(donation.amountMinor, donation.currency),
    currency: donation.currency,
    ...(donation.goalMinor !== null ? { goal: major(donation.goalMinor, donation.currency) } : {}),
    ...(donation.endsAt !== null ? { endsAt: Math.floor(donation.endsAt.getTime() / 1000) } : {}),
    ...(progress !== null
      ? {
          progress: {
            raised: major(progress.raisedMinor, donation.currency),
            donations: progress.donations,
            ...(progress.percent !== null ? { percent: progress.percent } : {}),
            reached: progress.reached,
            ended: progress.ended,
          },
        }
      : {}),
  };
}

export function cardDto(card: Pick<SavedCardRow, 'id' | 'brand' | 'last4' | 'active' | 'primary'>): CardDto {
  return { id: card.id, cardBrand: card.brand, cardLast: card.last4, active: card.active, primary: card.primary };
}

export function withdrawalAccountDto(
  account: Pick<PayoutAccountRow, 'countryIso2' | 'methodType' | 'currency' | 'params'>,
): WithdrawalAccountDto {
  return {
    country: account.countryIso2,
    methodType: account.methodType,
    currency: account.currency,
    params: account.params,
  };
}

/**
 * A ledger line. `total` is what the line's owner paid or received overall: the price for the payer (and the price
 * back in a refund they received), the payout amount for the creator, the paid-out sum for a withdrawal. Amounts are magnitudes; the type gives the sign
 * (src/domain/transactions.ts).
 */
export function transactionDto(view: TransactionView): TransactionDto {
  const row = view.transaction;
  const c = row.currency;
  const isPayer = row.type === 'buy_subscription' || row.type === 'send_donation' || row.type === 'refund_received';
  const total = isPayer ? row.price : row.type === 'withdrawal' ? row.amount : row.payoutAmount;
  const card = row.cardBrand && row.cardLast4 ? { brand: row.cardBrand, last4: row.cardLast4 } : undefined;
  const dto: Building<TransactionDto> = {
    id: row.id,
    type: row.type,
    createdAt: seconds(row.createdAt),
    currency: c,
    total: major(total, c),
    amount: major(row.amount, c),
    payoutAmount: major(row.payoutAmount, c),
    price: major(row.price, c),
    providerFee: major(row.providerFee, c),
    serviceFee: major(row.serviceFee, c),
  };
  if (row.paymentMethod !== null) dto.paymentMethod = row.paymentMethod;
  if (card) {
    dto.card = card;
    dto.paymentExtra = JSON.stringify({ cardBrand: card.brand, cardLast: card.last4 });
  }
  if (row.withdrawalAccount) dto.withdrawalAccount = row.withdrawalAccount;
  if (row.convertedCurrency !== null && row.convertedAmount !== null && row.conversionRate !== null)
    dto.conversion = {
      currency: row.convertedCurrency,
      amount: toMajor(row.convertedAmount, row.convertedCurrency),
      rate: row.conversionRate,
    };
  if (row.starsAmount !== null && row.starsRate !== null && row.currency !== 'xtr')
    dto.stars = { amount: row.starsAmount, rate: row.starsRate, credited: major(row.payoutAmount, c) };
  if (row.gift) dto.gift = true;
  if (view.counterparty) dto.user = userDto(view.counterparty);
  if (view.channel) {
    const channel: Building<NonNullable<TransactionDto['channel']>> = { id: view.channel.id, name: view.channel.title };
    if (view.channel.photoUrl !== null) channel.photoUrl = view.channel.photoUrl;
    if (view.channel.username !== null) channel.userName = view.channel.username;
    dto.channel = channel;
  }
  if (view.subscription) dto.subscription = view.subscription;
  if (row.memberId !== null) dto.subscriptionMember = { id: row.memberId };
  return dto;
}

export function donateChannelDto(channel: DonateChannelRow): MigrationChannelDto {
  return {
    chatId: channel.chatId,
    name: channel.name,
    link: channel.link,
    activeSubscribers: channel.activeSubscribers,
  };
}

export function migrationRequestDto(
  request: MigrationRequestRow,
  positionInQueue?: number,
  progress?: { done: number; total: number },
): MigrationRequestDto {
  return {
    id: request.id,
    status: request.status,
    createdAt: seconds(request.createdAt),
    ...(request.status === 'queued' && positionInQueue !== undefined ? { positionInQueue } : {}),
    ...(request.status === 'importing' && progress !== undefined ? { progress } : {}),
  };
}

// ---- views (server/platform/views.ts) to the wire

export function channelViewDto(view: ChannelView): ChannelDto {
  return channelDto(view.channel, view.activeSubscribers);
}

export function subscriptionViewDto(view: SubscriptionView): SubscriptionDto {
  const dto = subscriptionDto(view.subscription, view.activeSubscribers, view.linksFrom);
  return view.shareLink ? { ...dto, shareLink: view.shareLink } : dto;
}

/** The users of listed members, each once. */
export function membersUsersDto(rows: readonly MemberWithUser[]): UserDto[] {
  return [...new Map(rows.map(({ user }) => [user.id, userDto(user)])).values()];
}
