/**
 * Puts data straight into an InMemoryBackend for tests and demos, bypassing the API rules (a seeded channel may
 * be in moderation, a member may be expired). Everything answers the domain shape the repositories return.
 */
import { type Money, money } from '../../domain/money';
import type {
  CardBrand,
  Channel,
  LanguageCode,
  MemberStatus,
  MigrationChannel,
  ModerationState,
  OnboardingStep,
  Period,
  SavedCard,
  Subscription,
  SubscriptionMember,
  Transaction,
  TransactionType,
  User,
  VerificationStatus,
} from '../../domain/entities';
import type { Donation } from '../../application/ports/DonationRepository';
import type { InMemoryBackend } from './InMemoryBackend';
import { credit } from './ledger';
import { nextExpiry } from '../../domain/periods';
import { type CardScenario, subscriptionShareLink } from './records';
import { cardView, channelView, donationView, memberView, subscriptionView } from './views';

export interface SeedUserOptions {
  readonly firstName?: string;
  readonly lastName?: string;
  readonly userName?: string;
  readonly verification?: VerificationStatus;
  readonly country?: string | null;
  readonly banned?: boolean;
}

export interface SeedChannelOptions {
  readonly name?: string;
  /** Private channels have no public handle. */
  readonly private?: boolean;
  readonly connected?: boolean;
  readonly moderation?: ModerationState;
  readonly onboardingStep?: OnboardingStep;
  readonly language?: LanguageCode;
}

export interface SeedSubscriptionOptions {
  readonly name?: string;
  readonly description?: string;
  readonly period?: Period;
  readonly price?: Money;
  readonly buttonText?: string;
  readonly isDeleted?: boolean;
  /** The free trial's days (written as given, even where the API would refuse them). */
  readonly trialDays?: number;
}

export interface SeedMemberOptions {
  readonly status?: MemberStatus;
  /** Epoch seconds; defaults to now. */
  readonly activatedAt?: number;
  /** Epoch seconds; defaults to one period after activation. */
  readonly expiresAt?: number;
  readonly renewalFailed?: boolean;
  /** Paid in Telegram Stars, this many a period: a Stars subscription Telegram renews (never our renewals). */
  readonly paidInStars?: number;
}

export interface SeedDonationOptions {
  readonly title?: string;
  readonly description?: string;
  readonly amount?: Money;
  readonly goal?: Money | null;
  /** Epoch seconds. */
  readonly endsAt?: number | null;
}

export interface SeedCardOptions {
  readonly brand?: CardBrand;
  readonly last4?: string;
  readonly primary?: boolean;
  readonly active?: boolean;
  /** How the sandbox provider treats charges on this card. */
  readonly scenario?: CardScenario;
}

export interface SeedTransactionOptions {
  readonly type: TransactionType;
  readonly amount?: Money;
  /** Epoch seconds; defaults to now. */
  readonly createdAt?: number;
  readonly channelId?: number;
}

export class InMemorySeeder {
  constructor(private readonly backend: InMemoryBackend) {}

  user(options: SeedUserOptions = {}): User {
    const id = this.backend.nextId();
    const user: User = {
      id,
      telegramId: 7_000_000 + id,
      firstName: options.firstName ?? `User ${id}`,
      lastName: options.lastName,
      userName: options.userName,
    };
    this.backend.users.set(id, {
      user: { ...user },
      verification: options.verification ?? 'none',
      verificationToken: null,
      banned: options.banned ?? false,
      paymentsDisabled: false,
      country: options.country ?? null,
      balances: { active: new Map(), payout: new Map() },
      withdrawalAccount: null,
      withdrawalCard: null,
      migration: null,
    });
    return user;
  }

  /** Makes the backend's default session act as this user. */
  signIn(userId: number): void {
    this.backend.userRecord(userId);
    this.backend.session.userId = userId;
  }

  channel(ownerId: number, options: SeedChannelOptions = {}): Channel {
    this.backend.userRecord(ownerId);
    const id = this.backend.nextId();
    const step = options.onboardingStep ?? 'completed';
    const language =
      this.backend.config.languages.find((l) => l.code === (options.language ?? 'en')) ??
      this.backend.config.languages[0];
    const record = {
      id,
      ownerId,
      chatId: -1_000_000_000_000 - id,
      name: options.name ?? `Channel ${id}`,
      userName: options.private ? undefined : `channel${id}`,
      photoUrl: undefined,
      type: options.private ? ('private' as const) : ('public' as const),
      language: { code: language.code, name: language.name },
      isLanguageSelected: step !== 'select_language',
      connected: options.connected ?? true,
      moderation: options.moderation ?? 'approved',
      onboardingStep: step,
      onboardingPassed: step === 'completed',
      isOnboarding: step !== 'completed',
      isDeleted: false,
    };
    this.backend.channels.set(id, record);
    return channelView(this.backend, record);
  }

  subscription(channelId: number, options: SeedSubscriptionOptions = {}): Subscription {
    const channel = this.backend.channels.get(channelId);
    if (channel === undefined) throw new Error(`seed: no channel ${channelId}`);
    const id = this.backend.nextId();
    const record = {
      id,
      channelId,
      name: options.name ?? `Subscription ${id}`,
      description: options.description ?? 'Support the channel',
      period: options.period ?? 'monthly',
      price: options.price ?? money(500, 'eur'),
      buttonText: options.buttonText ?? 'Subscribe',
      command: undefined,
      isDeleted: options.isDeleted ?? false,
      publications: [],
      inviteLink: `https://t.me/+sandbox${id}`,
      privateChannelInviteLink: channel.type === 'private' ? `https://t.me/+private${id}` : undefined,
      publicChannelInviteLink: channel.userName ? `https://t.me/${channel.userName}` : undefined,
      shareLink: subscriptionShareLink(id),
      ...(options.trialDays === undefined ? {} : { trialDays: options.trialDays }),
    };
    this.backend.subscriptions.set(id, record);
    return subscriptionView(this.backend, record);
  }

  member(subscriptionId: number, userId: number, options: SeedMemberOptions = {}): SubscriptionMember {
    const subscription = this.backend.subscriptions.get(subscriptionId);
    if (subscription === undefined) throw new Error(`seed: no subscription ${subscriptionId}`);
    this.backend.userRecord(userId);
    const activatedAt = options.activatedAt ?? this.backend.nowSeconds();
    const record = {
      id: this.backend.nextId(),
      subscriptionId,
      userId,
      status: options.status ?? ('active' as const),
      period: subscription.period,
      activatedAt,
      expiresAt:
        subscription.period === 'onetime'
          ? undefined
          : (options.expiresAt ?? nextExpiry(null, subscription.period, activatedAt * 1000)! / 1000),
      paymentMethod: options.paidInStars === undefined ? ('smart_glocal' as const) : ('telegram_stars' as const),
      price: subscription.price,
      renewalFailed: options.renewalFailed ?? false,
      ...(options.paidInStars === undefined ? {} : { paidWith: 'stars' as const }),
    };
    this.backend.members.set(record.id, record);
    if (options.paidInStars !== undefined) this.backend.memberStars.set(record.id, options.paidInStars);
    return memberView(record);
  }

  donation(channelId: number, options: SeedDonationOptions = {}): Donation {
    if (!this.backend.channels.has(channelId)) throw new Error(`seed: no channel ${channelId}`);
    const id = this.backend.nextId();
    const record = {
      id,
      channelId,
      title: options.title ?? 'Support us',
      description: options.description ?? 'Every coin helps',
      buttonText: 'Donate',
      amount: options.amount ?? money(500, 'eur'),
      pin: true,
      disableNotification: false,
      imageId: null,
      goal: options.goal ?? null,
      endsAt: options.endsAt ?? null,
    };
    this.backend.donations.set(id, record);
    return donationView(this.backend, record);
  }

  card(userId: number, options: SeedCardOptions = {}): SavedCard {
    this.backend.userRecord(userId);
    const id = this.backend.nextId();
    const owned = [...this.backend.cards.values()].filter((c) => c.userId === userId);
    const primary = options.primary ?? owned.length === 0;
    if (primary) for (const card of owned) card.primary = false;
    const record = {
      id,
      userId,
      cardBrand: options.brand ?? 'visa',
      cardLast: options.last4 ?? String(4242 + (id % 1000)).slice(-4),
      active: options.active ?? true,
      primary,
      scenario: options.scenario ?? ('approve' as const),
      country: 'DE',
    };
    this.backend.cards.set(id, record);
    return cardView(record);
  }

  /** A transaction row seen by `userId` alone (balances are seeded apart, with balance()). */
  transaction(userId: number, options: SeedTransactionOptions): Transaction {
    this.backend.userRecord(userId);
    const amount = options.amount ?? money(500, 'eur');
    const channel = options.channelId === undefined ? undefined : this.backend.channels.get(options.channelId);
    const transaction: Transaction = {
      id: this.backend.nextId(),
      type: options.type,
      createdAt: options.createdAt ?? this.backend.nowSeconds(),
      total: amount,
      amount,
      paymentMethod: options.type === 'withdrawal' ? 'bank_card' : 'smart_glocal',
      channel: channel
        ? { id: channel.id, name: channel.name, photoUrl: channel.photoUrl, userName: channel.userName }
        : undefined,
    };
    this.backend.transactions.push({ userId, transaction });
    return transaction;
  }

  migration(userId: number, donateChannels: readonly MigrationChannel[]): void {
    this.backend.userRecord(userId).migration = {
      donateChannels: donateChannels.map((c) => ({ ...c })),
      request: null,
      termsAccepted: false,
      refused: false,
    };
  }

  verification(userId: number, status: VerificationStatus): void {
    const user = this.backend.userRecord(userId);
    user.verification = status;
    user.verificationToken = status === 'in_kyc' ? this.backend.nextToken('kyc') : null;
  }

  paymentsDisabled(userId: number, disabled: boolean): void {
    this.backend.userRecord(userId).paymentsDisabled = disabled;
  }

  balance(userId: number, kind: 'active' | 'payout', amount: Money): void {
    credit(this.backend.userRecord(userId).balances[kind], amount);
  }
}
