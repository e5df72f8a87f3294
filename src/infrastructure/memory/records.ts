/** What the in-memory backend stores: domain shapes plus the server-side facts the API never shows. */
import type { Currency, Money } from '../../domain/money';
import type { GiftState } from '../../domain/gift';
import type {
  Bank,
  CardBrand,
  Channel,
  InvoicePaymentMethod,
  Language,
  MigrationChannel,
  MigrationRequest,
  PaymentError,
  PaymentStatus,
  PayoutFieldRequirement,
  PayoutMethod,
  SavedCard,
  Subscription,
  SubscriptionMember,
  SupportedCountry,
  Transaction,
  User,
  VerificationStatus,
  WithdrawalAccount,
  WithdrawalCard,
} from '../../domain/entities';

export type Mutable<T> = { -readonly [K in keyof T]: T[K] };

/** How the sandbox provider treats a card: approve, decline, or ask for 3-D Secure first. */
export type CardScenario = 'approve' | 'decline' | 'three_ds';

export interface MigrationRecord {
  donateChannels: MigrationChannel[];
  request: MigrationRequest | null;
  termsAccepted: boolean;
  /** The creator said no: the dashboard stops offering the migration until they confirm. */
  refused: boolean;
}

export interface UserRecord {
  user: Mutable<User>;
  verification: VerificationStatus;
  verificationToken: string | null;
  banned: boolean;
  /** Payments to this user's channels are unavailable (payments_disabled). */
  paymentsDisabled: boolean;
  /** ISO2; null when unknown. */
  country: string | null;
  /** Minor units per currency. */
  balances: { active: Map<Currency, number>; payout: Map<Currency, number> };
  withdrawalAccount: WithdrawalAccount | null;
  withdrawalCard: WithdrawalCard | null;
  /** Present when the user has channels in the older donation product. */
  migration: MigrationRecord | null;
}

export type ChannelRecord = Mutable<Omit<Channel, 'activeSubscribers'>> & { ownerId: number };
/** The in-memory bot's mini-app link to a subscription's payment page (the server builds it from BOT_USERNAME, APP_NAME). */
export function subscriptionShareLink(subscriptionId: number): string {
  return `https://t.me/BackersSandboxBot/app?startapp=subscription_${subscriptionId}`;
}

/** `publications`: every post the bot made for it, with the creator's pin and sound choices. */
export type SubscriptionRecord = Mutable<Omit<Subscription, 'activeSubscribers'>> & {
  publications: { pin: boolean; disableNotification: boolean }[];
  /** Whole Stars, or unset/null: not sold in Stars. */
  starsPrice?: number | null;
};
export type MemberRecord = Mutable<SubscriptionMember>;

/**
 * What a membership's next renewals charge when a promo code or an accepted retention offer discounts them (the
 * server's subscription_members promo columns, server/modules/payments/promos.ts): the member's `price` is the next
 * renewal's charge; `renewalsLeft` discounted renewals remain (null: every one), then `fullPrice`.
 */
export interface RenewalTermsRecord {
  /** The code's id, or null for a retention offer. */
  readonly promoCodeId: number | null;
  renewalsLeft: number | null;
  readonly fullPrice: Money;
}

/** A gift subscription (src/domain/gift.ts): one period bought by `giverId` for whoever accepts it. */
export interface GiftRecord {
  readonly code: string;
  readonly paymentId: string;
  readonly giverId: number;
  readonly subscriptionId: number;
  readonly channelId: number;
  readonly period: 'weekly' | 'monthly' | 'yearly';
  /** What the giver paid. */
  readonly price: Money;
  /** Epoch seconds: unaccepted by then, it expires. */
  readonly expiresAt: number;
  status: GiftState;
  recipientId: number | null;
  memberId: number | null;
}

/** A free trial (src/domain/trial.ts): once per follower per channel. */
export interface TrialRecord {
  readonly id: number;
  readonly channelId: number;
  readonly subscriptionId: number;
  readonly userId: number;
  readonly memberId: number;
  /** Epoch seconds. */
  readonly endsAt: number;
  /** When the follower first paid after it (null: not yet). */
  paidAtMs: number | null;
}

export interface DonationRecord {
  id: number;
  channelId: number;
  title: string;
  description: string;
  buttonText: string;
  amount: Money;
  pin: boolean;
  disableNotification: boolean;
  imageId: string | null;
  /** The whole Stars a donor paying in Stars is offered first; unset/null: not payable in Stars. */
  starsPrice?: number | null;
  goal?: Money | null;
  /** Epoch seconds. */
  endsAt?: number | null;
}

export type CardRecord = Mutable<SavedCard> & {
  userId: number;
  scenario: CardScenario;
  country: string;
  decline?: PaymentError;
};

/** A transaction as one participant sees it; a sale writes one row for the buyer and one for the owner. */
export interface TransactionRecord {
  userId: number;
  transaction: Transaction;
}

export type PaymentTarget =
  | { kind: 'donation'; donationId: number; channelId: number }
  | { kind: 'subscription'; subscriptionId: number; channelId: number };

export interface PaymentRecord {
  id: string;
  userId: number;
  idempotencyKey: string;
  /** JSON of target plus instrument: a replay with a different request is idempotency_key_reused. */
  fingerprint: string;
  method: InvoicePaymentMethod;
  target: PaymentTarget;
  amount: Money;
  status: PaymentStatus;
  scenario: CardScenario;
  /** The issuer's answer when the scenario declines (default: do_not_honor). */
  decline?: PaymentError;
  challengeFails?: boolean;
  recurringFails?: boolean;
  card: { brand: CardBrand; last4: string; country: string } | null;
  saveCard: boolean;
  url?: string;
  sessionToken?: string;
  redirectUrl?: string;
  error?: PaymentError;
  transactionId?: number;
  memberId?: number;
  /** The promo code it was charged with (amount is the discounted price). */
  promoCode?: string;
  /** With promoCode: the code's id, the price before the discount and the renewals it discounts (null: all). */
  promoTerms?: { readonly promoCodeId: number; readonly fullPrice: Money; readonly renewals: number | null };
  /** A renewal the renewals job charged (renewals.ts): in its code's revenue, never a redemption. */
  renewal?: boolean;
  /** A gift for someone else: its settlement opens a gift instead of a membership. */
  gift?: boolean;
}

export interface ProviderCardTokenRecord {
  token: string;
  brand: CardBrand;
  type: 'credit' | 'debit';
  last4: string;
  bin: string;
  country: string;
  maskedNumber: string;
  scenario: CardScenario;
  decline?: PaymentError;
  challengeFails?: boolean;
  recurringFails?: boolean;
}

export interface ProviderSessionRecord {
  token: string;
  paymentId: string;
  /** Status reads left before the session leaves pending. */
  pendingReads: number;
}

export interface PayoutConfig {
  publicToken: string;
  supportedCountries: SupportedCountry[];
  /** The currency each country pays out in by each method. */
  offers: { country: string; method: PayoutMethod; currency: Currency }[];
  requirements: {
    country: string;
    currency: Currency;
    methodType: PayoutMethod;
    bankExternalId?: string;
    fields: PayoutFieldRequirement[];
  }[];
  banks: { country: string; currency: Currency; bank: Bank }[];
}

export interface BackendConfig {
  languages: Language[];
  payout: PayoutConfig;
  /** What one Telegram Star earns a creator, per currency (the server's STARS_RATE_*); none by default. */
  starsRates?: ReadonlyMap<Currency, string>;
}
