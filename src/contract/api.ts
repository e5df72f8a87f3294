/**
 * The wire contract of spec section 7, shared by the client's HTTP adapters and the reference server.
 * Paths are relative to /api/v2. Amounts travel in major units (5 or "5.00" = five euros); both sides
 * convert to integer minor units at the edge. Times are epoch seconds. Lists are paged by an opaque
 * `startFrom` cursor; `nextFrom` is null on the last page.
 */
import type {
  CardBrand, PayoutFieldName, PayoutMethod, Period, Role, VerificationStatus, InvoicePaymentMethod, PaymentStatus,
} from '../domain/entities';
import type { Currency } from '../domain/money';
import type { Static } from 'typebox';
import type {
  CardResponseSchema, CardsResponseSchema, ChannelOnlyResponseSchema, ChannelResponseSchema, DonationRequestResponseSchema, LanguagesResponseSchema, MembersPageSchema, MembersRequestSchema, MigrationConfirmResponseSchema, MigrationResponseSchema, NewSubscriptionResponseSchema, PageRequestSchema, PublishSubscriptionRequestSchema, SetChannelLanguageRequestSchema, SetCommandRequestSchema, SubscriptionDetailResponseSchema, SubscriptionMemberResponseSchema, SubscriptionOnlyResponseSchema, SubscriptionsPageSchema, TransactionResponseSchema, TransactionsPageSchema,
  BalanceSchema, CardSchema, ChannelSchema, DonationSchema, LanguageSchema, MigrationChannelSchema, MigrationRequestSchema, SubscriptionMemberSchema,
  SubscriptionSchema, TransactionSchema, UserSchema, WithdrawalAccountSchema, WithdrawalCardSchema,
} from './schemas';

export type Cursor = string | null;
/** A decimal amount in major units; the server also accepts numeric strings. */
export type MajorAmount = number;

export interface ApiError { code: string; message: string; [extra: string]: unknown }

// The DTOs are derived from their TypeBox schemas (./schemas.ts), which the server registers: one definition.
export type UserDto = Static<typeof UserSchema>;
export type LanguageDto = Static<typeof LanguageSchema>;
export type ChannelDto = Static<typeof ChannelSchema>;
export type SubscriptionDto = Static<typeof SubscriptionSchema>;
export type SubscriptionMemberDto = Static<typeof SubscriptionMemberSchema>;
export type BalanceDto = Static<typeof BalanceSchema>;
export type CardDto = Static<typeof CardSchema>;
export type WithdrawalAccountDto = Static<typeof WithdrawalAccountSchema>;
export type WithdrawalCardDto = Static<typeof WithdrawalCardSchema>;
export type TransactionDto = Static<typeof TransactionSchema>;

// ---- verification
export interface VerificationStatusResponse {
  token?: string; status: VerificationStatus;
  /** Where to embed the identity-check widget for `token` (sandbox: /sandbox/kyc/widget?token=...). */
  widgetUrl?: string;
  /** The bot's username (without @): /connectbot asks creators to add it to their channel as an admin. */
  botUsername?: string;
}
export interface VerificationStartResponse { token: string; widgetUrl?: string }

// ---- dashboard
export interface DashboardResponse {
  mode: Role;
  /** True when the user owns at least one channel or passed verification: shows the mode switch link. */
  isCreator: boolean;
  user: UserDto;
  balances: { active: BalanceDto[]; payout: BalanceDto[] };
  channels: ChannelDto[];
  transactions: TransactionDto[];
  transactionsNextFrom: Cursor;
  withdrawalAccount: WithdrawalAccountDto | null;
  migrationAvailable: boolean;
  subscriptionMembers: SubscriptionMemberDto[];
  subscriptions: SubscriptionDto[];
  channelsOfSubscriptions: ChannelDto[];
  cards: CardDto[];
}
/** list: 'all' (dashboard) or 'withdrawals' (payout page). */
export interface DashboardTransactionsRequest { list?: 'all' | 'withdrawals'; mode: Role; startFrom: Cursor }
export type TransactionsPage = Static<typeof TransactionsPageSchema>;

// ---- channels
export type ChannelResponse = Static<typeof ChannelResponseSchema>;
export type LanguagesResponse = Static<typeof LanguagesResponseSchema>;
export type SetChannelLanguageRequest = Static<typeof SetChannelLanguageRequestSchema>;
export type ChannelOnlyResponse = Static<typeof ChannelOnlyResponseSchema>;
export type PageRequest = Static<typeof PageRequestSchema>;
export type SubscriptionsPage = Static<typeof SubscriptionsPageSchema>;
export interface OkResponse { ok: true }

// ---- subscriptions
export interface NewSubscriptionRequest {
  channelId: number; name: string; description: string; period: Period; currency: Currency; amount: MajorAmount | string; buttonText: string;
}
export type NewSubscriptionResponse = Static<typeof NewSubscriptionResponseSchema>;
/** `currency` (optional, additive): the currency `amount` is in; it must equal the subscription's (never changes on edit). */
export interface EditSubscriptionRequest { name: string; description: string; amount: MajorAmount | string; buttonText: string; currency?: Currency }
export type SubscriptionOnlyResponse = Static<typeof SubscriptionOnlyResponseSchema>;
export type PublishSubscriptionRequest = Static<typeof PublishSubscriptionRequestSchema>;
export type SetCommandRequest = Static<typeof SetCommandRequestSchema>;
export type MembersRequest = Static<typeof MembersRequestSchema>;
export type MembersPage = Static<typeof MembersPageSchema>;
export type SubscriptionDetailResponse = Static<typeof SubscriptionDetailResponseSchema>;
export type SubscriptionMemberResponse = Static<typeof SubscriptionMemberResponseSchema>;

// ---- donations
export interface DonationRequestRequest {
  title: string; description: string; currency: Currency; amount: MajorAmount | string; buttonText: string;
  pin: boolean; disableNotification: boolean; imageId?: string | null;
}
export type DonationRequestResponse = Static<typeof DonationRequestResponseSchema>;
export type DonationDto = Static<typeof DonationSchema>;

// ---- invoices and payments
export interface DonationInvoiceResponse { channel: ChannelDto; donation: DonationDto; data: { amount: MajorAmount; currency: Currency }; cards: CardDto[] }
export interface SubscriptionInvoiceResponse { subscription: SubscriptionDto; channel: ChannelDto; cards: CardDto[] }
/** Header `Idempotency-Key` is required on every create call. */
export interface CreateDonationPaymentRequest { paymentMethod: InvoicePaymentMethod; amount: MajorAmount | string; period?: 'onetime'; cardId?: number; saveCard?: boolean; cardToken?: string }
export interface CreateSubscriptionPaymentRequest { paymentMethod: InvoicePaymentMethod; cardId?: number; saveCard?: boolean; cardToken?: string }
export interface CreatePaymentResponse {
  paymentId: string; status: PaymentStatus;
  /** Hosted payment page (link payment, paymentMethod smart_glocal). */
  url?: string;
  /** Provider session public token the client polls with (new card). */
  token?: string;
  userAction?: UserAction;
  errorCode?: string; errorDescription?: string;
  /** The same details as PaymentCheckResponse (money engine), so a payment that ends at once needs no check call. */
  kind?: 'subscription' | 'donation';
  amount?: MajorAmount; currency?: Currency;
  card?: { brand: CardBrand; last4: string };
  /** The payer's ledger line once paid. */
  transactionId?: number;
  inviteLink?: string;
  subscriptionMemberId?: number;
}
export interface UserAction { type: 'redirect'; url: string }
export interface PaymentCheckRequest { paymentId: string }
export interface PaymentCheckResponse {
  paymentId: string; status: PaymentStatus; userAction?: UserAction; errorCode?: string; errorDescription?: string;
  amount: MajorAmount; currency: Currency; card?: { brand: CardBrand; last4: string }; transactionId?: number;
  kind: 'subscription' | 'donation';
  /** The channel link the subscriber opens after paying. */
  inviteLink?: string;
  subscriptionMemberId?: number;
}

// ---- follower
export interface FollowerMemberResponse {
  subscriptionMember: SubscriptionMemberDto; subscription: SubscriptionDto; channel: ChannelDto;
  /** Answer of /renew for an expired membership: nothing was charged, the follower pays the subscription invoice again. */
  renewal?: RenewalAction | null;
}
export interface RenewalAction { action: 'pay_invoice'; subscriptionId: number }
export type CardsResponse = Static<typeof CardsResponseSchema>;
export type CardResponse = Static<typeof CardResponseSchema>;
/** Answer of GET /follower/cards/{id}/primary (with the card) and /delete (without): the user's cards after the change. */
export interface CardActionResponse { card?: CardDto; cards: CardDto[] }

// ---- transactions
export type TransactionResponse = Static<typeof TransactionResponseSchema>;

// ---- payouts
export interface PayoutResponse {
  payoutBalances: BalanceDto[]; activeBalances: BalanceDto[]; nextPayoutDate: string;
  /** Exactly what the payout on nextPayoutDate sends (the rest of payoutBalances waits: laterPayoutBalances). */
  nextPayoutBalances: BalanceDto[]; laterPayoutBalances: BalanceDto[]; laterPayoutDate: string; withdrawalCard: WithdrawalCardDto | null;
  withdrawalAccount: WithdrawalAccountDto | null; withdrawals: TransactionDto[]; withdrawalsNextFrom: Cursor;
}
export interface PayoutFieldRequirementDto {
  name: PayoutFieldName; required: boolean; regex?: string; maxLength?: number; oneOf?: string[]; equalTo?: string; invalidMessage: string;
}
export interface MandatoryParametersDto { country: string; currency: Currency; methodType: PayoutMethod; bankExternalId?: string; fields: PayoutFieldRequirementDto[] }
export interface PayoutParametersResponse {
  /** Provider public token for card tokenisation. */
  token: string;
  supportedCountries: { countryCodeIso2: string; countryCodeIso3: string; availablePayoutMethods: PayoutMethod[] }[];
  userCountry: string | null;
  mandatoryParametersV2: MandatoryParametersDto[];
}
export interface BanksResponse { banks: { externalId: string; bankName: string }[] }
export interface SavePayoutAccountRequest {
  currency: Currency; countryIso3: string; methodType: PayoutMethod;
  card?: { token: string; network: CardBrand; type: string; maskedNumber: string };
  bank?: { externalId: string; bankName: string };
  params: Record<string, string>;
}
export interface SavePayoutAccountResponse { card: WithdrawalCardDto | null; withdrawalAccount: WithdrawalAccountDto }

// ---- migration
export type MigrationChannelDto = Static<typeof MigrationChannelSchema>;
export type MigrationRequestDto = Static<typeof MigrationRequestSchema>;
export type MigrationResponse = Static<typeof MigrationResponseSchema>;
export type MigrationConfirmResponse = Static<typeof MigrationConfirmResponseSchema>;

// ---- card payment provider (sandbox at /provider)
/** Payment cards send every field; payout cards (spec section 5) send card_number only, so the rest is optional. */
export interface ProviderTokenizeRequest { card_number: string; cardholder_name?: string; expiry_month?: string; expiry_year?: string; cvc?: string; postal_code?: string }
export interface ProviderTokenizeResponse { status: 'ok'; token: string; card: { network: CardBrand; type: 'credit' | 'debit'; last4: string; bin: string; country: string; masked_number: string } }
export interface ProviderSessionStatus { status: 'pending' | 'action_required' | 'paid' | 'cancelled' | 'error'; redirect_url?: string; error_code?: string; error_description?: string }

// ---- headers and provider routes shared by client and server
/** Header carrying the per-user-action key on payment-creating calls. */
export const IDEMPOTENCY_KEY_HEADER = 'Idempotency-Key';
/**
 * Routes of the card payment provider, relative to its base URL (the sandbox serves them under /provider). Failures
 * answer ProviderError.
 */
export const PROVIDER_ROUTES = {
  /** POST ProviderTokenizeRequest (PROVIDER_PUBLIC_TOKEN_HEADER optional), answers ProviderTokenizeResponse. */
  tokenize: '/v1/cards/tokenize',
  /** GET with PROVIDER_PUBLIC_TOKEN_HEADER, answers ProviderSessionStatus (404 session_not_found when unknown). */
  sessionStatus: '/v1/sessions/status',
} as const;
/** The provider's error body (not the `{ code, message }` of our API). */
export interface ProviderError { status: 'error'; error_code: string; error_description?: string }
/** Header carrying a provider public token: the session's on session status, the payout parameters' on tokenise. */
export const PROVIDER_PUBLIC_TOKEN_HEADER = 'X-Public-Token';
/** The named test cards of the shared table (src/contract/testCards.ts), for tests and examples. */
export { PROVIDER_DECLINE_ERROR, PROVIDER_TEST_CARDS } from './testCards';
