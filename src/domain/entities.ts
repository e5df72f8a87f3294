/**
 * Entities, value types and enumerations of spec section 3. Amounts are Money (integer minor units).
 * Times are epoch seconds (as the API carries them) unless the name says otherwise.
 */
import type { Currency, Money } from './money';

export const ROLES = ['creator', 'follower'] as const;
export type Role = (typeof ROLES)[number];

export const ONBOARDING_STEPS = [
  'completed',
  'select_language',
  'create_subscription',
  'subscription_created',
  'request_donation',
] as const;
export type OnboardingStep = (typeof ONBOARDING_STEPS)[number];

export const PERIODS = ['onetime', 'weekly', 'monthly', 'yearly'] as const;
export type Period = (typeof PERIODS)[number];

export const MEMBER_STATUSES = ['active', 'cancelled'] as const;
export type MemberStatus = (typeof MEMBER_STATUSES)[number];
/** What a follower sees: status plus the time-derived expiring and expired labels. */
export type FollowerMemberLabel = 'active' | 'cancelled' | 'expiring' | 'expired' | 'gift';

export const MEMBER_FILTERS = ['all', 'active', 'expiring', 'expired'] as const;
export type MemberFilter = (typeof MEMBER_FILTERS)[number];

/**
 * The spec's five types, plus a refund's reversing pair: refund_received (the payer's price back) and refund_issued
 * (the creator's earning taken back).
 */
export const TRANSACTION_TYPES = [
  'buy_subscription',
  'sell_subscription',
  'send_donation',
  'get_donation',
  'withdrawal',
  'refund_received',
  'refund_issued',
] as const;
export type TransactionType = (typeof TRANSACTION_TYPES)[number];

export const TRANSACTION_PAYMENT_METHODS = [
  'smart_glocal',
  'bank_card',
  'swift',
  'global_bank_account',
  'ru_account',
  'bank_account',
  'ton',
  'telegram_stars',
] as const;
export type TransactionPaymentMethod = (typeof TRANSACTION_PAYMENT_METHODS)[number];

/** Where a payout is on its way (the payout page's tracker): requested at the run, sent when the provider took it, then arrived or failed. */
export const PAYOUT_PROGRESS = ['requested', 'sent', 'arrived', 'failed'] as const;
export type PayoutProgress = (typeof PAYOUT_PROGRESS)[number];

/** telegram_stars: an invoice link the mini-app opens with openInvoice; Telegram's successful_payment settles it. */
export const INVOICE_PAYMENT_METHODS = [
  'smart_glocal',
  'smart_glocal_saved_card',
  'smart_glocal_form',
  'telegram_stars',
] as const;
export type InvoicePaymentMethod = (typeof INVOICE_PAYMENT_METHODS)[number];
export type CardPaymentMethod = Exclude<InvoicePaymentMethod, 'telegram_stars'>;

/** How a membership was paid last: by card or in Telegram Stars. */
export const PAID_WITH = ['card', 'stars'] as const;
export type PaidWith = (typeof PAID_WITH)[number];

export const CARD_BRANDS = ['visa', 'mastercard', 'maestro', 'mir', 'unknown'] as const;
export type CardBrand = (typeof CARD_BRANDS)[number];

export const PAYMENT_STATUSES = ['pending', 'error', 'action_required', 'paid'] as const;
export type PaymentStatus = (typeof PAYMENT_STATUSES)[number];

export const ID_TYPES = [
  'PASSPORT',
  'NATIONAL_ID',
  'DRIVING_LICENSE',
  'SOCIAL_SECURITY',
  'TAX_ID',
  'SENIOR_CITIZEN_ID',
  'BIRTH_CERTIFICATE',
  'VILLAGE_ELDER_ID',
  'RESIDENT_CARD',
  'ALIEN_REGISTRATION',
  'PAN_CARD',
  'VOTERS_ID',
  'HEALTH_CARD',
  'EMPLOYER_ID',
  'OTHER',
] as const;
export type IdType = (typeof ID_TYPES)[number];

export const ACCOUNT_TYPES = ['CHECKING', 'SAVINGS', 'DEPOSIT', 'OTHERS'] as const;
export type AccountType = (typeof ACCOUNT_TYPES)[number];

export const LANGUAGE_CODES = ['ru', 'en', 'id'] as const;
export type LanguageCode = (typeof LANGUAGE_CODES)[number];

export const THEMES = ['apple', 'material'] as const;
export type Theme = (typeof THEMES)[number];

export const BADGE_TYPES = [
  'SendDonation',
  'GetDonation',
  'SellSubscription',
  'BuySubscription',
  'check',
  'Refund',
] as const;
export type BadgeType = (typeof BADGE_TYPES)[number];

export const TOAST_KINDS = ['success', 'fail', 'loading', 'info', 'copied'] as const;
export type ToastKind = (typeof TOAST_KINDS)[number];

export const VERIFICATION_STATUSES = [
  'none',
  'in_kyc',
  'rejected',
  'kyc_rejected',
  'kyc_approved',
  'approved',
] as const;
export type VerificationStatus = (typeof VERIFICATION_STATUSES)[number];

export const PAYOUT_METHOD_TYPES = ['bank_card', 'swift', 'global_bank_account', 'ru_account'] as const;
export type PayoutMethod = (typeof PAYOUT_METHOD_TYPES)[number];

export const PAYOUT_FIELD_NAMES = [
  'iban',
  'address',
  'id_type',
  'id_number',
  'id_expiration_date',
  'msisdn',
  'bank_account_number',
  'bsb_number',
  'city',
  'province_state',
  'postal_code',
  'branch_number',
  'account_number',
  'routing_code',
  'swift_bic_code',
  'ifs_code',
  'country_iso_code',
  'account_type',
  'full_name',
  'inn',
  'bik',
  'account',
  'bank',
  'cardNumber',
] as const;
export type PayoutFieldName = (typeof PAYOUT_FIELD_NAMES)[number];

export interface Language {
  readonly code: LanguageCode;
  readonly name: string;
  readonly englishName: string;
}

export interface User {
  readonly id: number;
  readonly telegramId: number;
  readonly firstName: string;
  readonly lastName?: string;
  readonly userName?: string;
  readonly photoUrl?: string;
}

export type ChannelType = 'private' | 'public';
export type ModerationState = 'approved' | 'in_progress' | 'rejected';

export interface Channel {
  readonly id: number;
  readonly chatId: number;
  readonly name: string;
  /** Absent for private channels. */
  readonly userName?: string;
  readonly photoUrl?: string;
  readonly type: ChannelType;
  readonly language: { readonly code: LanguageCode; readonly name: string };
  readonly isLanguageSelected: boolean;
  /** False when the bot lost its admin rights. */
  readonly connected: boolean;
  readonly moderation: ModerationState;
  readonly onboardingStep: OnboardingStep;
  readonly onboardingPassed: boolean;
  readonly isOnboarding: boolean;
  readonly activeSubscribers: number;
  readonly isDeleted: boolean;
}

export interface Subscription {
  readonly id: number;
  readonly channelId: number;
  readonly name: string;
  readonly description: string;
  readonly period: Period;
  readonly price: Money;
  readonly buttonText: string;
  readonly command?: string;
  readonly activeSubscribers: number;
  readonly isDeleted: boolean;
  readonly inviteLink?: string;
  readonly privateChannelInviteLink?: string;
  readonly publicChannelInviteLink?: string;
  /** The owner's only: the mini-app link that opens the payment page, what the creator shares. */
  readonly shareLink?: string;
  /** The free trial newcomers may start: 3, 7, 14 or 30 days (src/domain/trial.ts); absent: none. */
  readonly trialDays?: number;
}

export interface SubscriptionMember {
  readonly id: number;
  readonly subscriptionId: number;
  readonly userId: number;
  readonly status: MemberStatus;
  readonly period: Period;
  /** Epoch seconds. */
  readonly activatedAt: number;
  /** Epoch seconds; absent for one-time memberships, which never expire. */
  readonly expiresAt?: number;
  readonly paymentMethod?: TransactionPaymentMethod;
  readonly price: Money;
  /** True while a renewal charge failed and the membership runs out at expiresAt (wire field renewalFailed). */
  readonly renewalFailed?: boolean;
  /** How the membership is paid: by card (and renewed by card), or in Telegram Stars. Absent: card. */
  readonly paidWith?: PaidWith;
  /** A free trial never paid: when it ends (epoch seconds, = expiresAt); nothing renews it. */
  readonly trialEndsAt?: number;
  /** Runs on gifts alone until then (epoch seconds, = expiresAt; src/domain/gift.ts); absent once the member pays. */
  readonly giftEndsAt?: number;
}

export interface SavedCard {
  readonly id: number;
  readonly cardBrand: CardBrand;
  readonly cardLast: string;
  readonly active: boolean;
  readonly primary: boolean;
}

export interface PaymentMethodChoice {
  readonly type: 'card';
  /** Saved card id; absent for a new card. */
  readonly id?: number;
}

export interface PaymentError {
  readonly code: string;
  readonly message: string;
}

export type BalanceKind = 'active' | 'payout';
export interface Balance {
  readonly kind: BalanceKind;
  readonly amount: Money;
}

export interface WithdrawalAccount {
  readonly country: string; // ISO2
  readonly methodType: PayoutMethod;
  readonly currency: Currency;
  readonly params: Readonly<Record<string, string>>;
}

export interface WithdrawalCard {
  readonly brand: CardBrand;
  readonly maskedNumber: string;
  readonly last4: string;
  readonly country?: string;
}

export interface Transaction {
  readonly id: number;
  readonly type: TransactionType;
  /** Epoch seconds. */
  readonly createdAt: number;
  /** What the user paid or received overall. */
  readonly total: Money;
  readonly amount: Money;
  readonly payoutAmount?: Money;
  readonly price?: Money;
  readonly providerFee?: Money;
  readonly serviceFee?: Money;
  readonly paymentMethod?: TransactionPaymentMethod;
  readonly card?: { readonly brand: CardBrand; readonly last4: string };
  readonly withdrawalAccount?: WithdrawalAccount;
  /** A withdrawal of earnings in another currency: what was sent in the payout account's currency, at which rate. */
  readonly conversion?: { readonly sent: Money; readonly rate: string };
  /**
   * A creator's line of a Telegram Stars sale: the Stars paid, what one Star earns in the line's currency (the
   * STARS_RATE_* it was credited at) and what was credited after the service fee.
   */
  readonly stars?: { readonly amount: number; readonly rate: string; readonly credited: Money };
  readonly user?: User;
  readonly channel?: Pick<Channel, 'id' | 'name' | 'photoUrl' | 'userName'>;
  readonly subscription?: Pick<Subscription, 'id' | 'name' | 'period'>;
  readonly subscriptionMemberId?: number;
  /** A gift subscription bought for someone else (src/domain/gift.ts), or its refund: labelled as a gift. */
  readonly gift?: boolean;
}

export interface SupportedCountry {
  readonly countryCodeIso2: string;
  readonly countryCodeIso3: string;
  readonly availablePayoutMethods: readonly PayoutMethod[];
}

export interface Bank {
  readonly externalId: string;
  readonly bankName: string;
}

/** A server-supplied requirement for one payout field (spec section 5). */
export interface PayoutFieldRequirement {
  readonly name: PayoutFieldName;
  readonly required: boolean;
  readonly regex?: string;
  readonly maxLength?: number;
  readonly oneOf?: readonly string[];
  /** The field must equal this value. */
  readonly equalTo?: string;
  /** i18n key or text for the invalid message of this field. */
  readonly invalidMessage: string;
}

export interface PayoutForm {
  readonly countryCodeIso2: string;
  readonly countryCodeIso3: string;
  readonly currency: Currency;
  readonly methodType: PayoutMethod;
  readonly bankExternalId?: string;
  readonly bankName?: string;
  readonly fields: Readonly<Partial<Record<PayoutFieldName, string>>>;
}

export interface MigrationChannel {
  readonly chatId: number;
  readonly name: string;
  readonly link: string;
  readonly activeSubscribers: number;
}

export type MigrationRequestStatus = 'queued' | 'importing' | 'completed' | 'failed';
export interface MigrationRequest {
  readonly id: number;
  readonly status: MigrationRequestStatus;
  /** 1-based place in the queue while queued. */
  readonly positionInQueue?: number;
  /** While importing: how many of the older product's records (subscriptions, subscribers, memberships, account) are in. */
  readonly progress?: { readonly done: number; readonly total: number };
  /** Epoch seconds. */
  readonly createdAt: number;
}

export interface VerificationState {
  readonly token?: string;
  readonly status: VerificationStatus;
  /** The identity check's own page for `token` (opened outside the app on iOS), while in_kyc. */
  readonly widgetUrl?: string;
  /** in_kyc without an identity-check provider: an operator reviews the application by hand. */
  readonly manualReview?: boolean;
  /** The bot's username without @ (the bot creators add to their channels as an admin). */
  readonly botUsername?: string;
}
