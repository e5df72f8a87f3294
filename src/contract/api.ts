/**
 * The wire contract of spec section 7, shared by the client's HTTP adapters and the reference server.
 * Paths are relative to /api/v2. Amounts travel in major units (5 or "5.00" = five euros); both sides
 * convert to integer minor units at the edge. Times are epoch seconds. Lists are paged by an opaque
 * `startFrom` cursor; `nextFrom` is null on the last page.
 */
import type { Static } from 'typebox';
import type {
  CardResponseSchema,
  CardsResponseSchema,
  ChannelOnlyResponseSchema,
  ChannelResponseSchema,
  DonationImageResponseSchema,
  DonationRequestResponseSchema,
  LanguagesResponseSchema,
  MembersPageSchema,
  MembersRequestSchema,
  MigrationConfirmResponseSchema,
  MigrationResponseSchema,
  NewSubscriptionResponseSchema,
  PageRequestSchema,
  PublishSubscriptionRequestSchema,
  SetChannelLanguageRequestSchema,
  SetCommandRequestSchema,
  SetStarsPriceRequestSchema,
  StarsPriceResponseSchema,
  StarsRatesResponseSchema,
  SubscriptionDetailResponseSchema,
  SubscriptionMemberResponseSchema,
  SubscriptionOnlyResponseSchema,
  SubscriptionsPageSchema,
  TransactionResponseSchema,
  TransactionsPageSchema,
  DashboardChannelsPageSchema,
  DashboardResponseSchema,
  DashboardSubscriptionsPageSchema,
  DashboardTransactionsRequestSchema,
  BanksResponseSchema,
  DonationInvoiceResponseSchema,
  FollowerMemberResponseSchema,
  MandatoryParametersSchema,
  PaymentAnswerSchema,
  PayoutFieldRequirementSchema,
  PayoutParametersResponseSchema,
  PayoutResponseSchema,
  RenewalActionSchema,
  SavePayoutAccountResponseSchema,
  SubscriptionInvoiceResponseSchema,
  UserActionSchema,
  VerificationStartResponseSchema,
  VerificationStatusResponseSchema,
  PrimaryCardResponseSchema,
  NewSubscriptionRequestSchema,
  EditSubscriptionRequestSchema,
  DonationRequestRequestSchema,
  DonationGoalRequestSchema,
  CreateDonationPaymentRequestSchema,
  CreateSubscriptionPaymentRequestSchema,
  PaymentCheckRequestSchema,
  CardTokenizationResponseSchema,
  SavePayoutAccountRequestSchema,
  OkSchema,
  BalanceSchema,
  CardSchema,
  ChannelSchema,
  DonationSchema,
  DonationProgressSchema,
  LanguageSchema,
  MigrationChannelSchema,
  MigrationRequestSchema,
  SubscriptionMemberSchema,
  SubscriptionSchema,
  TransactionSchema,
  UserSchema,
  WithdrawalAccountSchema,
  WithdrawalCardSchema,
  NewPromoRequestSchema,
  PausePromoRequestSchema,
  PromoCodeSchema,
  PromoListResponseSchema,
  PromoQuoteRequestSchema,
  PromoQuoteResponseSchema,
  PromoQuoteSchema,
  PromoResponseSchema,
  GiftAcceptResponseSchema,
  GiftPurchaseRequestSchema,
  GiftResponseSchema,
  GiftSchema,
  GiftSentResponseSchema,
  GiftStatsResponseSchema,
  RetentionOfferResponseSchema,
  RetentionQuoteResponseSchema,
  RetentionQuoteSchema,
  RetentionTermsSchema,
  TrialOfferSchema,
  TrialStatsResponseSchema,
  TrialStatsSchema,
} from './schemas';

export type Cursor = string | null;
/** A decimal amount in major units; the server also accepts numeric strings. */
export type MajorAmount = number;

export interface ApiError {
  code: string;
  message: string;
  [extra: string]: unknown;
}

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
export type VerificationStatusResponse = Static<typeof VerificationStatusResponseSchema>;
export type VerificationStartResponse = Static<typeof VerificationStartResponseSchema>;

// ---- dashboard
export type DashboardResponse = Static<typeof DashboardResponseSchema>;
export type DashboardTransactionsRequest = Static<typeof DashboardTransactionsRequestSchema>;
export type TransactionsPage = Static<typeof TransactionsPageSchema>;
export type DashboardChannelsPage = Static<typeof DashboardChannelsPageSchema>;
export type DashboardSubscriptionsPage = Static<typeof DashboardSubscriptionsPageSchema>;

// ---- channels
export type ChannelResponse = Static<typeof ChannelResponseSchema>;
export type LanguagesResponse = Static<typeof LanguagesResponseSchema>;
export type SetChannelLanguageRequest = Static<typeof SetChannelLanguageRequestSchema>;
export type ChannelOnlyResponse = Static<typeof ChannelOnlyResponseSchema>;
export type PageRequest = Static<typeof PageRequestSchema>;
export type SubscriptionsPage = Static<typeof SubscriptionsPageSchema>;
export type OkResponse = Static<typeof OkSchema>;

// ---- subscriptions
export type NewSubscriptionRequest = Static<typeof NewSubscriptionRequestSchema>;
export type NewSubscriptionResponse = Static<typeof NewSubscriptionResponseSchema>;
/** `currency` and `period` (optional): they must equal the subscription's (they never change on edit). */
export type EditSubscriptionRequest = Static<typeof EditSubscriptionRequestSchema>;
export type SubscriptionOnlyResponse = Static<typeof SubscriptionOnlyResponseSchema>;
export type PublishSubscriptionRequest = Static<typeof PublishSubscriptionRequestSchema>;
export type SetCommandRequest = Static<typeof SetCommandRequestSchema>;
export type SetStarsPriceRequest = Static<typeof SetStarsPriceRequestSchema>;
export type StarsPriceResponse = Static<typeof StarsPriceResponseSchema>;
export type StarsRatesResponse = Static<typeof StarsRatesResponseSchema>;
export type MembersRequest = Static<typeof MembersRequestSchema>;
export type MembersPage = Static<typeof MembersPageSchema>;
export type SubscriptionDetailResponse = Static<typeof SubscriptionDetailResponseSchema>;
export type SubscriptionMemberResponse = Static<typeof SubscriptionMemberResponseSchema>;

// ---- donations
export type DonationRequestRequest = Static<typeof DonationRequestRequestSchema>;
export type DonationGoalRequest = Static<typeof DonationGoalRequestSchema>;
export type DonationRequestResponse = Static<typeof DonationRequestResponseSchema>;
export type DonationImageResponse = Static<typeof DonationImageResponseSchema>;
export type DonationDto = Static<typeof DonationSchema>;
export type DonationProgressDto = Static<typeof DonationProgressSchema>;

// ---- invoices and payments
export type DonationInvoiceResponse = Static<typeof DonationInvoiceResponseSchema>;
export type SubscriptionInvoiceResponse = Static<typeof SubscriptionInvoiceResponseSchema>;
/** Header `Idempotency-Key` is required on every create call. */
export type CreateDonationPaymentRequest = Static<typeof CreateDonationPaymentRequestSchema>;
export type CreateSubscriptionPaymentRequest = Static<typeof CreateSubscriptionPaymentRequestSchema>;
export type CreatePaymentResponse = Static<typeof PaymentAnswerSchema>;
export type UserAction = Static<typeof UserActionSchema>;
export type PaymentCheckRequest = Static<typeof PaymentCheckRequestSchema>;
export type CardTokenizationResponse = Static<typeof CardTokenizationResponseSchema>;
/** The check answers the create call's details, with what is paid always present. */
export type PaymentCheckResponse = CreatePaymentResponse &
  Required<Pick<CreatePaymentResponse, 'amount' | 'currency' | 'kind'>>;

// ---- promo codes: GET /subscription/{id}/promos, POST /subscription/{id}/promos/new, POST /promo/{id}/pause and
// /delete (creator); POST /invoice/subscription/{id}/promo (follower: the quote, or 422 promo_code_invalid + reason)
export type PromoCodeDto = Static<typeof PromoCodeSchema>;
export type PromoListResponse = Static<typeof PromoListResponseSchema>;
export type PromoResponse = Static<typeof PromoResponseSchema>;
export type NewPromoRequest = Static<typeof NewPromoRequestSchema>;
export type PausePromoRequest = Static<typeof PausePromoRequestSchema>;
export type PromoQuoteRequest = Static<typeof PromoQuoteRequestSchema>;
export type PromoQuoteDto = Static<typeof PromoQuoteSchema>;
export type PromoQuoteResponse = Static<typeof PromoQuoteResponseSchema>;

// ---- gift subscriptions: POST /invoice/subscription/{id}/gift (giver, Idempotency-Key), GET /gift/sent/{paymentId}
// (giver), GET /gift/{code} and POST /gift/{code}/accept (recipient: or 4xx gift_invalid + reason), GET
// /subscription/{id}/gifts (creator)
export type GiftPurchaseRequest = Static<typeof GiftPurchaseRequestSchema>;
export type GiftDto = Static<typeof GiftSchema>;
export type GiftResponse = Static<typeof GiftResponseSchema>;
export type GiftSentResponse = Static<typeof GiftSentResponseSchema>;
export type GiftAcceptResponse = Static<typeof GiftAcceptResponseSchema>;
export type GiftStatsResponse = Static<typeof GiftStatsResponseSchema>;
// ---- free trials: POST /invoice/subscription/{id}/trial (follower; Idempotency-Key; 422 trial_unavailable + reason),
// GET /subscription/{id}/trials (creator: on trial now, ended, converted)
export type TrialOfferDto = Static<typeof TrialOfferSchema>;
/** The trial's membership, as GET /follower/subscription_member/{id} answers it (with the channel links). */
export type TrialStartResponse = Static<typeof FollowerMemberResponseSchema>;
export type TrialStatsDto = Static<typeof TrialStatsSchema>;
export type TrialStatsResponse = Static<typeof TrialStatsResponseSchema>;

// ---- retention offers: GET /subscription/{id}/retention_offer, POST /subscription/{id}/retention_offer and
// /retention_offer/delete (creator); POST /follower/subscription_member/{id}/retention_offer (shown on cancel),
// /retention_offer/accept (Idempotency-Key; 409 retention_offer_unavailable + reason) and /retention_offer/decline
export type RetentionTermsDto = Static<typeof RetentionTermsSchema>;
export type RetentionOfferResponse = Static<typeof RetentionOfferResponseSchema>;
export type RetentionQuoteDto = Static<typeof RetentionQuoteSchema>;
export type RetentionQuoteResponse = Static<typeof RetentionQuoteResponseSchema>;

// ---- follower
export type FollowerMemberResponse = Static<typeof FollowerMemberResponseSchema>;
export type RenewalAction = Static<typeof RenewalActionSchema>;
export type CardsResponse = Static<typeof CardsResponseSchema>;
export type CardResponse = Static<typeof CardResponseSchema>;
/** Answer of GET /follower/cards/{id}/primary: the card and the user's cards after the change (/delete answers CardsResponse). */
export type PrimaryCardResponse = Static<typeof PrimaryCardResponseSchema>;

// ---- transactions
export type TransactionResponse = Static<typeof TransactionResponseSchema>;

// ---- payouts
export type PayoutResponse = Static<typeof PayoutResponseSchema>;
export type PayoutFieldRequirementDto = Static<typeof PayoutFieldRequirementSchema>;
export type MandatoryParametersDto = Static<typeof MandatoryParametersSchema>;
export type PayoutParametersResponse = Static<typeof PayoutParametersResponseSchema>;
export type BanksResponse = Static<typeof BanksResponseSchema>;
/** Loose on the wire (the server answers the spec's field errors itself); the types name what is allowed. */
export type SavePayoutAccountRequest = Static<typeof SavePayoutAccountRequestSchema>;
export type SavePayoutAccountResponse = Static<typeof SavePayoutAccountResponseSchema>;

// ---- migration
export type MigrationChannelDto = Static<typeof MigrationChannelSchema>;
export type MigrationRequestDto = Static<typeof MigrationRequestSchema>;
export type MigrationResponse = Static<typeof MigrationResponseSchema>;
export type MigrationConfirmResponse = Static<typeof MigrationConfirmResponseSchema>;

// ---- card tokenisation at the provider (Smart Glocal's tokenize URL, as Telegram's clients call it)
/** Payment cards send number, expiry and code (two-digit month and year); payout cards (spec section 5) the number only. */
export interface ProviderTokenizeRequest {
  card: { number: string; expiration_month?: string; expiration_year?: string; security_code?: string };
}
export interface ProviderTokenizeResponse {
  status: 'ok';
  data: { token: string; info: { card_type: string; card_network: string; masked_card_number: string } };
}

// ---- headers and provider routes shared by client and server
/** Header carrying the per-user-action key on payment-creating calls. */
export const IDEMPOTENCY_KEY_HEADER = 'Idempotency-Key';
/** The provider's error body (not the `{ code, message }` of our API). */
export interface ProviderError {
  status: 'error';
  error: { code: string; description?: string };
}
/** Header carrying the provider public token on card tokenisation. */
export const PROVIDER_PUBLIC_TOKEN_HEADER = 'X-PUBLIC-TOKEN';
/** The named test cards of the shared table (src/contract/testCards.ts), for tests and examples. */
export { PROVIDER_DECLINE_ERROR, PROVIDER_TEST_CARDS } from './testCards';
