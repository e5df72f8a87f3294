/**
 * The wire DTOs of spec section 7, defined once as TypeBox schemas: the reference server registers them (validation,
 * fast serialisation, the OpenAPI document) and src/contract/api.ts derives the DTO types from them (`Static`), so the
 * two cannot drift. The client imports only the types: nothing of TypeBox reaches the app's bundle.
 */
import Type, { type Static, type TSchema } from 'typebox';
import {
  CARD_BRANDS,
  LANGUAGE_CODES,
  MEMBER_FILTERS,
  MEMBER_STATUSES,
  ONBOARDING_STEPS,
  PAYMENT_STATUSES,
  ROLES,
  VERIFICATION_STATUSES,
  PAYOUT_METHOD_TYPES,
  PAID_WITH,
  PERIODS,
  TRANSACTION_PAYMENT_METHODS,
  TRANSACTION_TYPES,
} from '../domain/entities';
import type { CardBrand, PayoutFieldName, PayoutMethod } from '../domain/entities';
import { INVOICE_PAYMENT_METHODS, PAYOUT_PROGRESS, type PayoutProgress } from '../domain/entities';
import { CURRENCIES, type Currency, LEDGER_CURRENCIES } from '../domain/money';
import { WIRE_AMOUNT_PATTERN } from '../domain/amounts';

/** A string of a fixed set, typed as that set (`{ type: 'string', enum }` on the wire, which the fast serialiser needs). */
const oneOf = <const V extends readonly string[]>(values: V, options: { description?: string } = {}) =>
  Type.Unsafe<V[number]>({ type: 'string', enum: [...values], ...options });
/** The ids the shared schemas are registered under (SHARED_SCHEMA_IDS). */
type SharedSchemaId =
  | 'Error'
  | 'User'
  | 'Language'
  | 'Channel'
  | 'Subscription'
  | 'SubscriptionMember'
  | 'Balance'
  | 'Card'
  | 'WithdrawalAccount'
  | 'WithdrawalCard'
  | 'Transaction'
  | 'Donation'
  | 'MigrationChannel'
  | 'MigrationRequest'
  | 'Ok';
/** A reference to another shared schema by its id, typed as that schema. */
const refTo = <S extends TSchema>(id: SharedSchemaId, _schema: () => S) => Type.Unsafe<Static<S>>({ $ref: `${id}#` });
const optional = Type.Optional;
const str = () => Type.String();
const int = (options?: { description: string }) => Type.Integer(options);
const num = (options?: { description: string }) => Type.Number(options);
const bool = (options?: { description: string }) => Type.Boolean(options);
const currency = () => oneOf(CURRENCIES);
/** A ledger amount's currency: the spec's, or `xtr` (whole Telegram Stars) for a payer's lines of a Stars payment. */
const ledgerCurrency = () => oneOf(LEDGER_CURRENCIES);
/** An object or null (inline, not anyOf: anyOf makes the fast serialiser validate at run time). */
const nullable = <S extends TSchema>(schema: S, description: string) =>
  Type.Unsafe<Static<S> | null>({ ...schema, type: ['object', 'null'], description });

export const ErrorSchema = Type.Object(
  { code: str(), message: str(), field: optional(str()) },
  {
    additionalProperties: true,
    description: 'Every 4xx/5xx answer. `code` is one of src/domain/errors.ts ERROR_CODES.',
  },
);
export const UserSchema = Type.Object({
  id: int(),
  telegramId: int(),
  firstName: str(),
  lastName: optional(str()),
  userName: optional(str()),
  photoUrl: optional(str()),
});
export const LanguageSchema = Type.Object({ code: oneOf(LANGUAGE_CODES), name: str(), englishName: str() });
export const ChannelSchema = Type.Object({
  id: int(),
  chatId: int(),
  name: str(),
  userName: optional(str()),
  photoUrl: optional(str()),
  type: oneOf(['private', 'public'] as const),
  language: Type.Object({ code: oneOf(LANGUAGE_CODES), name: str() }),
  isLanguageSelected: bool(),
  connected: bool(),
  moderation: oneOf(['approved', 'in_progress', 'rejected'] as const),
  onboardingStep: oneOf(ONBOARDING_STEPS),
  onboardingPassed: bool(),
  isOnboarding: bool(),
  activeSubscribers: int(),
  isDeleted: bool(),
});
export const SubscriptionSchema = Type.Object({
  id: int(),
  channelId: int(),
  name: str(),
  description: str(),
  period: oneOf(PERIODS),
  amount: num(),
  currency: currency(),
  buttonText: str(),
  command: optional(str()),
  activeSubscribers: int(),
  isDeleted: bool(),
  inviteLink: optional(str()),
  privateChannelInviteLink: optional(str()),
  publicChannelInviteLink: optional(str()),
  shareLink: optional(
    Type.String({ description: "The owner's only: the mini-app link that opens the subscription's payment page" }),
  ),
  trialDays: optional(
    Type.Integer({ description: 'The free trial it offers newcomers: 3, 7, 14 or 30 days (absent: none)' }),
  ),
});
export const SubscriptionMemberSchema = Type.Object({
  id: int(),
  subscriptionId: int(),
  userId: int(),
  status: oneOf(MEMBER_STATUSES),
  period: oneOf(PERIODS),
  activatedAt: int(),
  expiresAt: optional(int()),
  paymentMethod: optional(oneOf(TRANSACTION_PAYMENT_METHODS)),
  /** How the membership was paid last: card, or stars (Telegram Stars; renewed by Telegram, never charged by us). */
  paidWith: oneOf(PAID_WITH),
  /** paidWith stars: the Stars its last payment cost. */
  stars: optional(int()),
  price: num(),
  currency: currency(),
  /** True while a renewal charge failed and the membership runs out at expiresAt. */
  renewalFailed: optional(bool()),
  trialEndsAt: optional(
    Type.Integer({
      description: 'A free trial: when it ends (= expiresAt); nothing is charged, the follower pays to stay after it',
    }),
  ),
  giftEndsAt: optional(
    Type.Integer({
      description:
        'The membership runs on gifts alone until then (= expiresAt; created or restarted by a gift); absent once the member pays for it',
    }),
  ),
});
export const BalanceSchema = Type.Object({ currency: currency(), amount: num() });
export const CardSchema = Type.Object({
  id: int(),
  cardBrand: oneOf(CARD_BRANDS),
  cardLast: str(),
  active: bool(),
  primary: bool(),
});
export const WithdrawalAccountSchema = Type.Object({
  country: str(),
  methodType: oneOf(PAYOUT_METHOD_TYPES),
  currency: currency(),
  params: Type.Unsafe<Record<string, string>>({ type: 'object', additionalProperties: { type: 'string' } }),
});
export const WithdrawalCardSchema = Type.Object({
  brand: oneOf(CARD_BRANDS),
  maskedNumber: str(),
  last4: str(),
  country: optional(str()),
});
export const TransactionSchema = Type.Object({
  id: int(),
  type: oneOf(TRANSACTION_TYPES),
  createdAt: int(),
  /** xtr: a payer's line of a Telegram Stars payment, amounts in whole Stars. */
  currency: ledgerCurrency(),
  total: num(),
  amount: num(),
  payoutAmount: optional(num()),
  price: optional(num()),
  providerFee: optional(num()),
  serviceFee: optional(num()),
  paymentMethod: optional(oneOf(TRANSACTION_PAYMENT_METHODS)),
  /** JSON text with cardBrand and cardLast, as the spec names it. */
  paymentExtra: optional(Type.String({ description: 'JSON text {"cardBrand","cardLast"}' })),
  card: optional(Type.Object({ brand: oneOf(CARD_BRANDS), last4: str() })),
  withdrawalAccount: optional(refTo('WithdrawalAccount', () => WithdrawalAccountSchema)),
  /** A withdrawal of earnings in another currency: what was sent in the payout account's currency, at which rate. */
  conversion: optional(
    Type.Object({
      currency: currency(),
      amount: num(),
      rate: Type.String({ description: 'units of currency per unit of the withdrawal currency' }),
    }),
  ),
  /**
   * A creator's line of a Telegram Stars sale (or its refund): the Stars paid, the rate they were credited at and what
   * was credited (in `currency`, after the service fee: the same as payoutAmount).
   */
  /** A gift purchase's line (the giver's and the creator's), or its refund's. */
  gift: optional(Type.Boolean({ description: 'A gift subscription bought for someone else, or its refund' })),
  stars: optional(
    Type.Object({
      amount: int(),
      rate: Type.String({ description: 'units of `currency` one Star earns (STARS_RATE_*), a plain decimal' }),
      credited: num(),
    }),
  ),
  user: optional(refTo('User', () => UserSchema)),
  channel: optional(Type.Object({ id: int(), name: str(), photoUrl: optional(str()), userName: optional(str()) })),
  subscription: optional(Type.Object({ id: int(), name: str(), period: oneOf(PERIODS) })),
  subscriptionMember: optional(Type.Object({ id: int() })),
});
/** A donation request's progress towards its goal or end date (src/domain/donation-goal.ts). */
export const DonationProgressSchema = Type.Object({
  raised: num({ description: 'What donors paid, less refunds (major units of the request currency)' }),
  donations: int({ description: 'Paid donations less refunded ones' }),
  percent: optional(int({ description: 'raised × 100 / goal rounded down (may pass 100); absent without a goal' })),
  reached: bool(),
  ended: bool({ description: 'The end date passed; the request still takes donations' }),
});
export const DonationSchema = Type.Object({
  id: int(),
  channelId: int(),
  title: str(),
  description: str(),
  buttonText: str(),
  amount: num(),
  currency: currency(),
  goal: optional(num({ description: 'The goal (major units); absent: none' })),
  endsAt: optional(int({ description: 'The end date (epoch seconds); absent: none' })),
  progress: optional(DonationProgressSchema),
});
export const MigrationChannelSchema = Type.Object({
  chatId: int(),
  name: str(),
  link: str(),
  activeSubscribers: int(),
});
export const MigrationRequestSchema = Type.Object({
  id: int(),
  status: oneOf(['queued', 'importing', 'completed', 'failed'] as const),
  positionInQueue: optional(int()),
  createdAt: int(),
  progress: optional(Type.Object({ done: int(), total: int() })),
});
export const OkSchema = Type.Object({ ok: Type.Literal(true) });

/** The shared schemas by the id routes reference them with (`{ $ref: 'Channel#' }`). */
export const SHARED_SCHEMA_IDS = {
  Error: ErrorSchema,
  User: UserSchema,
  Language: LanguageSchema,
  Channel: ChannelSchema,
  Subscription: SubscriptionSchema,
  SubscriptionMember: SubscriptionMemberSchema,
  Balance: BalanceSchema,
  Card: CardSchema,
  WithdrawalAccount: WithdrawalAccountSchema,
  WithdrawalCard: WithdrawalCardSchema,
  Transaction: TransactionSchema,
  Donation: DonationSchema,
  MigrationChannel: MigrationChannelSchema,
  MigrationRequest: MigrationRequestSchema,
  Ok: OkSchema,
} as const satisfies Record<SharedSchemaId, TSchema>;

// ---- envelopes: the answers (and small request bodies) of the routes, built from the DTOs by reference

/** Opaque paging cursor. */
export const CursorSchema = Type.Unsafe<string | null>({
  type: ['string', 'null'],
  // base64url of [created_at ms, id] (server/platform/db/cursor.ts): two safe integers fit in 48 characters.
  maxLength: 64,
  pattern: '^[A-Za-z0-9_-]*$',
  description: 'Opaque cursor: null (or absent) for the first page, then the nextFrom of the previous page.',
});
const ref = {
  User: () => refTo('User', () => UserSchema),
  Language: () => refTo('Language', () => LanguageSchema),
  Channel: () => refTo('Channel', () => ChannelSchema),
  Subscription: () => refTo('Subscription', () => SubscriptionSchema),
  SubscriptionMember: () => refTo('SubscriptionMember', () => SubscriptionMemberSchema),
  Card: () => refTo('Card', () => CardSchema),
  Balance: () => refTo('Balance', () => BalanceSchema),
  Transaction: () => refTo('Transaction', () => TransactionSchema),
  Donation: () => refTo('Donation', () => DonationSchema),
  MigrationChannel: () => refTo('MigrationChannel', () => MigrationChannelSchema),
  MigrationRequest: () => refTo('MigrationRequest', () => MigrationRequestSchema),
};

export const PageRequestSchema = Type.Object({ startFrom: optional(CursorSchema) });
export const TransactionsPageSchema = Type.Object({
  transactions: Type.Array(ref.Transaction()),
  nextFrom: CursorSchema,
});
export const TransactionResponseSchema = Type.Object({ transaction: ref.Transaction() });

// cards
export const CardsResponseSchema = Type.Object({ cards: Type.Array(ref.Card()) });
export const CardResponseSchema = Type.Object({ card: ref.Card() });
export const PrimaryCardResponseSchema = Type.Object({ card: ref.Card(), cards: Type.Array(ref.Card()) });

// channels
export const LanguagesResponseSchema = Type.Object({ languages: Type.Array(ref.Language()) });
export const ChannelResponseSchema = Type.Object({
  channel: ref.Channel(),
  languages: Type.Array(ref.Language()),
  subscriptions: Type.Array(ref.Subscription()),
  subscriptionsNextFrom: CursorSchema,
  transactions: Type.Array(ref.Transaction()),
  transactionsNextFrom: CursorSchema,
  isOnboarding: bool(),
});
export const SetChannelLanguageRequestSchema = Type.Object({ language: oneOf(LANGUAGE_CODES) });
export const ChannelOnlyResponseSchema = Type.Object({ channel: ref.Channel() });
export const SubscriptionsPageSchema = Type.Object({
  subscriptions: Type.Array(ref.Subscription()),
  nextFrom: CursorSchema,
});

// subscriptions
export const NewSubscriptionResponseSchema = Type.Object({ channel: ref.Channel(), subscription: ref.Subscription() });
export const SubscriptionOnlyResponseSchema = Type.Object({ subscription: ref.Subscription() });
export const PublishSubscriptionRequestSchema = Type.Object({ pin: bool(), disableNotification: bool() });
export const SetCommandRequestSchema = Type.Object({ command: Type.String({ maxLength: 64 }) });
/** A subscription's or donation request's price in Telegram Stars (whole Stars, 1-10000), or null: not sold in Stars. */
export const SetStarsPriceRequestSchema = Type.Object({ stars: Type.Union([Type.Number(), Type.Null()]) });
export const StarsPriceResponseSchema = Type.Object({
  stars: Type.Union([int(), Type.Null()]),
  /** renewing: every 30 days (monthly); one_period: weekly or yearly paid once, without renewal; one_time (also donations). */
  offer: oneOf(['renewing', 'one_period', 'one_time'] as const),
  /** The card price at the currency's STARS_RATE_*, in whole Stars; null without a rate. */
  suggested: Type.Union([int(), Type.Null()]),
  rate: Type.Union([Type.String(), Type.Null()]),
});
/** What one Telegram Star earns a creator in each currency with a STARS_RATE_*: suggestions for prices not saved yet. */
export const StarsRatesResponseSchema = Type.Object({
  rates: Type.Array(Type.Object({ currency: currency(), rate: Type.String() })),
});
export const MembersRequestSchema = Type.Object({
  startFrom: optional(CursorSchema),
  filter: oneOf(MEMBER_FILTERS),
  group: optional(oneOf(['live', 'inactive'] as const)),
});
export const MembersPageSchema = Type.Object({
  members: Type.Array(ref.SubscriptionMember()),
  nextFrom: CursorSchema,
  users: Type.Array(ref.User()),
});
export const SubscriptionDetailResponseSchema = Type.Object({
  subscription: ref.Subscription(),
  channel: ref.Channel(),
  users: Type.Array(ref.User()),
  membersGrouped: Type.Object({
    live: Type.Array(ref.SubscriptionMember()),
    inactive: Type.Array(ref.SubscriptionMember()),
  }),
  membersGroupedNextFrom: Type.Object({ live: CursorSchema, inactive: CursorSchema }),
});
export const SubscriptionMemberResponseSchema = Type.Object({
  subscription: ref.Subscription(),
  channel: ref.Channel(),
  subscriptionMember: ref.SubscriptionMember(),
  user: ref.User(),
});

// donations
export const DonationRequestResponseSchema = Type.Object({ channel: ref.Channel(), donation: ref.Donation() });
/** An uploaded donation image: the imageId a donation request carries, and the image's pixel size. */
export const DonationImageResponseSchema = Type.Object({
  imageId: Type.String({ maxLength: 256 }),
  width: Type.Integer({ minimum: 1 }),
  height: Type.Integer({ minimum: 1 }),
});

// migration
export const MigrationResponseSchema = Type.Object({
  request: Type.Unsafe<Static<typeof MigrationRequestSchema> | null>({
    anyOf: [{ $ref: 'MigrationRequest#' }, { type: 'null' }],
  }),
  channels: Type.Array(ref.Channel()),
  donateChannels: Type.Array(ref.MigrationChannel()),
  termsAccepted: optional(bool()),
});
export const MigrationConfirmResponseSchema = Type.Object({ request: ref.MigrationRequest() });

// dashboard
const balances = () => Type.Array(refTo('Balance', () => BalanceSchema));
export const DashboardQuerySchema = Type.Object({ mode: optional(oneOf(ROLES)) });
export const DashboardResponseSchema = Type.Object({
  mode: oneOf(ROLES),
  /** True when the user owns at least one channel or passed verification: shows the mode switch link. */
  isCreator: bool(),
  user: ref.User(),
  balances: Type.Object({ active: balances(), payout: balances() }),
  /** Creator mode: the first page of the channels, oldest first; POST /dashboard/channels answers the next. */
  channels: Type.Array(ref.Channel()),
  channelsNextFrom: CursorSchema,
  transactions: Type.Array(ref.Transaction()),
  transactionsNextFrom: CursorSchema,
  // Inline and nullable rather than anyOf: anyOf makes the fast serialiser validate at run time.
  withdrawalAccount: Type.Unsafe<Static<typeof WithdrawalAccountSchema> | null>({
    ...WithdrawalAccountSchema,
    type: ['object', 'null'],
  }),
  migrationAvailable: bool(),
  /** Follower mode: the first page of the memberships, newest first; POST /dashboard/subscriptions answers the next. */
  subscriptionMembers: Type.Array(ref.SubscriptionMember()),
  subscriptionMembersNextFrom: CursorSchema,
  /** The subscriptions and channels of the memberships on the page. */
  subscriptions: Type.Array(ref.Subscription()),
  channelsOfSubscriptions: Type.Array(ref.Channel()),
  cards: Type.Array(ref.Card()),
});
/** A later page of the creator's channels (POST /dashboard/channels). */
export const DashboardChannelsPageSchema = Type.Object({
  channels: Type.Array(ref.Channel()),
  nextFrom: CursorSchema,
});
/** A later page of the follower's memberships with their subscriptions and channels (POST /dashboard/subscriptions). */
export const DashboardSubscriptionsPageSchema = Type.Object({
  subscriptionMembers: Type.Array(ref.SubscriptionMember()),
  subscriptions: Type.Array(ref.Subscription()),
  channelsOfSubscriptions: Type.Array(ref.Channel()),
  nextFrom: CursorSchema,
});
/** list: 'all' (dashboard) or 'withdrawals' (payout page). */
export const DashboardTransactionsRequestSchema = Type.Object({
  list: optional(oneOf(['all', 'withdrawals'] as const)),
  mode: oneOf(ROLES),
  startFrom: optional(CursorSchema),
});

// invoices and payments
export const DonationInvoiceResponseSchema = Type.Object({
  channel: ref.Channel(),
  donation: ref.Donation(),
  data: Type.Object({ amount: num(), currency: currency() }),
  cards: Type.Array(ref.Card()),
  /** Payable in Telegram Stars: the whole Stars the app offers first (the payer may change them); null: not in Stars. */
  stars: nullable(
    Type.Object({ amount: int() }, { required: ['amount'] }),
    'The suggested Stars amount, or null when the creator takes no Stars here',
  ),
});
/** A free trial this payer may start: its length, its end and the first charge (the price, when they pay to stay). */
export const TrialOfferSchema = Type.Object({
  days: int(),
  endsAt: Type.Integer({ description: 'If started now: when it ends, the day the first charge is asked for' }),
  amount: num({ description: 'What paying to stay costs per period (card price, major units)' }),
  currency: currency(),
});
export const SubscriptionInvoiceResponseSchema = Type.Object({
  subscription: ref.Subscription(),
  channel: ref.Channel(),
  cards: Type.Array(ref.Card()),
  trial: optional(TrialOfferSchema),
  /** Payable in Telegram Stars: its Stars price, and whether Telegram renews it every 30 days; null: not in Stars. */
  stars: nullable(
    Type.Object({ amount: int(), renews: bool() }),
    'Its Stars price and whether it renews every 30 days, or null when it is not sold in Stars',
  ),
});
export const UserActionSchema = Type.Object({ type: oneOf(['redirect'] as const), url: str() });
/** The answer of a payment create call and of its check: the same details, so a payment that ends at once needs no check. */
export const PaymentAnswerSchema = Type.Object({
  paymentId: str(),
  status: oneOf(PAYMENT_STATUSES),
  url: optional(Type.String({ description: 'Hosted payment page (link payment)' })),
  token: optional(
    Type.String({
      description: 'Provider session public token: poll the provider session status with it (header X-Public-Token)',
    }),
  ),
  userAction: optional(UserActionSchema),
  errorCode: optional(str()),
  errorDescription: optional(str()),
  /** paymentMethod telegram_stars: the invoice link the mini-app opens with openInvoice (Telegram's payment sheet). */
  invoiceLink: optional(Type.String({ description: 'Telegram Stars: the invoice link to open with openInvoice' })),
  kind: optional(oneOf(['subscription', 'donation'] as const)),
  /** A Telegram Stars payment: whole Stars, currency xtr. */
  amount: optional(num()),
  currency: optional(ledgerCurrency()),
  card: optional(Type.Object({ brand: oneOf(CARD_BRANDS), last4: str() })),
  transactionId: optional(Type.Integer({ description: "The payer's ledger line once paid" })),
  inviteLink: optional(Type.String({ description: 'The channel link a paid subscriber opens' })),
  subscriptionMemberId: optional(int()),
});

// follower
export const RenewalActionSchema = Type.Object({ action: oneOf(['pay_invoice'] as const), subscriptionId: int() });
export const FollowerMemberResponseSchema = Type.Object({
  subscriptionMember: ref.SubscriptionMember(),
  subscription: ref.Subscription(),
  channel: ref.Channel(),
  renewal: optional(
    Type.Unsafe<Static<typeof RenewalActionSchema> | null>({
      type: ['object', 'null'],
      properties: { action: { type: 'string', enum: ['pay_invoice'] }, subscriptionId: { type: 'integer' } },
      required: ['action', 'subscriptionId'],
      description: '/renew of an expired membership: pay the subscription invoice again',
    }),
  ),
});

// verification
export const VerificationStatusResponseSchema = Type.Object({
  status: oneOf(VERIFICATION_STATUSES),
  token: optional(str()),
  /** The identity check's own page for `token` (the Sumsub WebSDK link), opened outside the app on iOS. */
  widgetUrl: optional(str()),
  /** in_kyc without an identity-check provider: the documents are reviewed by hand (no token, no widget). */
  manualReview: optional(bool()),
  /** The bot's username (without @): /connectbot asks creators to add it to their channel as an admin. */
  botUsername: optional(str()),
});
/** A WebSDK access token (and the external page), or manualReview when no identity-check provider is configured. */
export const VerificationStartResponseSchema = Type.Object({
  token: optional(str()),
  widgetUrl: optional(str()),
  manualReview: optional(bool()),
});

// payouts
const nullableRef = <S extends TSchema>(id: SharedSchemaId, _schema: () => S) =>
  Type.Unsafe<Static<S> | null>({ anyOf: [{ $ref: `${id}#` }, { type: 'null' }] });
export const PayoutResponseSchema = Type.Object({
  payoutBalances: balances(),
  activeBalances: balances(),
  nextPayoutDate: str(),
  /** Exactly what the payout on nextPayoutDate sends (the rest of payoutBalances waits: laterPayoutBalances). */
  nextPayoutBalances: balances(),
  laterPayoutBalances: balances(),
  laterPayoutDate: str(),
  withdrawalCard: nullableRef('WithdrawalCard', () => WithdrawalCardSchema),
  withdrawalAccount: nullableRef('WithdrawalAccount', () => WithdrawalAccountSchema),
  withdrawals: Type.Array(ref.Transaction()),
  withdrawalsNextFrom: CursorSchema,
  /** The latest payouts and where each is: requested → sent → arrived, or failed with the reason (money back in the balance). */
  payouts: Type.Array(
    Type.Object({
      payoutDate: str(),
      amount: num(),
      currency: Type.Unsafe<Currency>({ type: 'string' }),
      status: Type.Unsafe<PayoutProgress>({ type: 'string', enum: [...PAYOUT_PROGRESS] }),
      /** Epoch seconds. */
      requestedAt: int(),
      sentAt: optional(int()),
      finishedAt: optional(int()),
      expectedArrivalAt: optional(int()),
      errorCode: optional(str()),
      errorDescription: optional(str()),
    }),
  ),
});
export const PayoutFieldRequirementSchema = Type.Object({
  name: Type.Unsafe<PayoutFieldName>({ type: 'string' }),
  required: bool(),
  regex: optional(str()),
  maxLength: optional(int()),
  oneOf: optional(Type.Array(str())),
  equalTo: optional(str()),
  invalidMessage: str(),
});
export const MandatoryParametersSchema = Type.Object({
  country: str(),
  currency: currency(),
  methodType: oneOf(PAYOUT_METHOD_TYPES),
  bankExternalId: optional(str()),
  fields: Type.Array(PayoutFieldRequirementSchema),
});
export const PayoutParametersResponseSchema = Type.Object({
  /** Provider public token for one card tokenisation (Smart Glocal's X-PUBLIC-TOKEN); empty when payments are off. */
  token: str(),
  /** Where the browser tokenises the card with that token. */
  tokenizeUrl: str(),
  supportedCountries: Type.Array(
    Type.Object({
      countryCodeIso2: str(),
      countryCodeIso3: str(),
      availablePayoutMethods: Type.Array(oneOf(PAYOUT_METHOD_TYPES)),
    }),
  ),
  userCountry: Type.Unsafe<string | null>({ type: ['string', 'null'] }),
  mandatoryParametersV2: Type.Array(MandatoryParametersSchema),
});
export const BanksResponseSchema = Type.Object({
  banks: Type.Array(Type.Object({ externalId: str(), bankName: str() })),
});
export const SavePayoutAccountResponseSchema = Type.Object({
  card: nullableRef('WithdrawalCard', () => WithdrawalCardSchema),
  withdrawalAccount: refTo('WithdrawalAccount', () => WithdrawalAccountSchema),
});

// ---- request bodies. Free text is counted in characters by the shared form rules (src/domain); the wire allows four
// bytes per character. Some fields are plain strings on the wire because the server checks them itself, with the
// spec's own error texts (payout accounts: src/domain/payout-account.ts); their types still name the allowed values.
const text = (maxLength: number) =>
  Type.String({
    maxLength: maxLength * 4,
    description: `At most ${maxLength} characters (checked with the shared form rules)`,
  });
const positiveId = (options: { description?: string } = {}) =>
  Type.Integer({ minimum: 1, maximum: Number.MAX_SAFE_INTEGER, ...options });
/** Amounts travel in major units; 5, "5" and "5.00" all mean five; nothing else ("0x10", "1e3", " 5", "+5", true) does. */
export const AmountInputSchema = Type.Union([Type.Number(), Type.String({ maxLength: 32 })], {
  // The text itself is checked by the services (wireAmountText), so a malformed one answers the form rules' reason.
  description: `Major units as a JSON number or a plain decimal string ("5", "5.00": ${WIRE_AMOUNT_PATTERN}; no sign, spaces, comma or exponent).`,
});

const trialDaysInput = () =>
  optional(
    Type.Union([Type.Integer(), Type.Null()], {
      description: 'A free trial of 3, 7, 14 or 30 days for recurring subscriptions; 0 or null: none',
    }),
  );
export const NewSubscriptionRequestSchema = Type.Object({
  channelId: positiveId(),
  name: text(32),
  description: text(300),
  period: oneOf(PERIODS),
  currency: currency(),
  amount: AmountInputSchema,
  buttonText: text(20),
  trialDays: trialDaysInput(),
});
/** `period` and `currency` are optional and must equal the subscription's (they never change on edit). */
export const EditSubscriptionRequestSchema = Type.Object({
  name: text(32),
  description: text(300),
  amount: AmountInputSchema,
  buttonText: text(20),
  period: optional(oneOf(PERIODS, { description: 'Optional; must equal the current period' })),
  currency: optional(oneOf(CURRENCIES, { description: 'Optional; must equal the current currency' })),
  /** Absent: unchanged. */
  trialDays: trialDaysInput(),
});
export const DonationRequestRequestSchema = Type.Object({
  title: Type.String({ maxLength: 128 }),
  description: Type.String({ maxLength: 560 }),
  currency: currency(),
  amount: AmountInputSchema,
  buttonText: Type.String({ maxLength: 80 }),
  pin: bool(),
  disableNotification: bool(),
  imageId: optional(Type.Unsafe<string | null>({ type: ['string', 'null'], maxLength: 256 })),
  goal: optional(
    Type.Union([Type.Number(), Type.String({ maxLength: 32 }), Type.Null()], {
      description:
        'Optional goal in major units of the currency (null or absent: none): at least the smallest donation, at most 1000 of the largest',
    }),
  ),
  endsAt: optional(
    Type.Union([Type.Integer(), Type.Null()], {
      description: 'Optional end date (epoch seconds; null or absent: none): after now, at most 366 days ahead',
    }),
  ),
});
/** POST /donation/request/{id}/edit: the goal and end date to keep (null: none; at least one stays). */
export const DonationGoalRequestSchema = Type.Object({
  goal: Type.Union([Type.Number(), Type.String({ maxLength: 32 }), Type.Null()], {
    description: 'The goal in major units of the request currency, or null for none',
  }),
  endsAt: Type.Union([Type.Integer(), Type.Null()], {
    description: 'The end date (epoch seconds), or null for none; a new one must be after now',
  }),
});
const paymentMethodFields = {
  paymentMethod: oneOf(INVOICE_PAYMENT_METHODS),
  cardId: optional(positiveId({ description: 'smart_glocal_saved_card: the saved card' })),
  saveCard: optional(
    Type.Boolean({ description: 'smart_glocal_form / smart_glocal: keep the card for later payments and renewals' }),
  ),
  cardToken: optional(
    Type.String({
      maxLength: 200,
      description:
        'smart_glocal_form: the card token the tokenize URL answered (POST /pay/smart_glocal/token gives the URL and its public token); it names the card, which may pay again',
    }),
  ),
  publicToken: optional(
    Type.String({
      maxLength: 200,
      description:
        "smart_glocal_form: the public token of the caller's own tokenisation that produced cardToken; pays once",
    }),
  ),
};
/** Header `Idempotency-Key` is required on every create call. */
export const CreateSubscriptionPaymentRequestSchema = Type.Object({
  ...paymentMethodFields,
  promoCode: optional(
    Type.String({
      maxLength: 64,
      description:
        'A promo code (any case, spaces around ignored): charged at its discount, or 422 promo_code_invalid with a reason',
    }),
  ),
});
export const CreateDonationPaymentRequestSchema = Type.Object({
  ...paymentMethodFields,
  amount: AmountInputSchema,
  period: optional(oneOf(['onetime'] as const)),
});
export const PaymentCheckRequestSchema = Type.Object({ paymentId: Type.String({ minLength: 1, maxLength: 64 }) });
/** POST /pay/smart_glocal/token: what the browser needs to tokenise one payment card at the provider. */
export const CardTokenizationResponseSchema = Type.Object({ publicToken: str(), tokenizeUrl: str() });
export const SavePayoutAccountRequestSchema = Type.Object({
  currency: Type.Unsafe<Currency>({ type: 'string' }),
  countryIso3: str(),
  methodType: Type.Unsafe<PayoutMethod>({ type: 'string' }),
  card: optional(
    Type.Object({
      token: optional(str()),
      network: optional(Type.Unsafe<CardBrand>({ type: 'string' })),
      type: optional(str()),
      maskedNumber: optional(str()),
    }),
  ),
  bank: optional(Type.Object({ externalId: optional(str()), bankName: optional(str()) })),
  params: optional(
    Type.Unsafe<Record<string, string | number>>({
      type: 'object',
      additionalProperties: { anyOf: [{ type: 'string' }, { type: 'number' }] },
    }),
  ),
});

// promo codes (src/domain/promo.ts)
const orNull = <S extends TSchema>(schema: S) => Type.Union([schema, Type.Null()]);
export const PromoCodeSchema = Type.Object({
  id: int(),
  channelId: int(),
  /** null: every subscription of the channel. */
  subscriptionId: orNull(int()),
  code: str(),
  discountType: oneOf(['percent', 'fixed'] as const),
  /** percent: whole percents. */
  percent: orNull(int()),
  /** fixed: major units of `currency`. */
  amount: orNull(num()),
  currency: Type.Unsafe<Currency | null>({ type: ['string', 'null'], enum: [...CURRENCIES, null] }),
  duration: oneOf(['first', 'periods', 'forever'] as const),
  periods: orNull(int()),
  maxRedemptions: orNull(int()),
  /** Epoch seconds after which it no longer redeems. */
  endsAt: orNull(int()),
  newMembersOnly: bool(),
  paused: bool(),
  /** Paid redemptions, not refunded. */
  redemptions: int(),
  /** Payments under way holding a slot. */
  pending: int(),
  /** What the payments made with it brought, net of refunds (first payments and discounted renewals), per currency. */
  revenue: Type.Array(ref.Balance()),
  /** The link that opens this subscription's invoice with the code (null on a channel list). */
  shareLink: orNull(str()),
});
export const PromoListResponseSchema = Type.Object({ promos: Type.Array(PromoCodeSchema) });
export const PromoResponseSchema = Type.Object({ promo: PromoCodeSchema });
export const NewPromoRequestSchema = Type.Object({
  code: Type.String({ maxLength: 64 }),
  /** subscription: this subscription only; channel: every subscription of its channel. */
  scope: oneOf(['subscription', 'channel'] as const),
  discountType: oneOf(['percent', 'fixed'] as const),
  percent: optional(Type.Integer({ minimum: 1, maximum: 100 })),
  amount: optional(AmountInputSchema),
  duration: oneOf(['first', 'periods', 'forever'] as const),
  periods: optional(Type.Integer({ minimum: 2, maximum: 36 })),
  maxRedemptions: optional(Type.Integer({ minimum: 1, maximum: 1_000_000 })),
  endsAt: optional(Type.Integer({ minimum: 0, description: 'Epoch seconds' })),
  newMembersOnly: optional(bool()),
});
export const PausePromoRequestSchema = Type.Object({ paused: bool() });
export const PromoQuoteRequestSchema = Type.Object({ code: Type.String({ maxLength: 64 }) });
/** What the invoice shows with a code: major units of `currency`. */
export const PromoQuoteSchema = Type.Object({
  code: str(),
  currency: currency(),
  price: num(),
  discount: num(),
  /** Charged now (by card). */
  charged: num(),
  /** Renewals after this payment charged at `charged` (null: all of them); later ones charge `price`. */
  discountedRenewals: orNull(int()),
  /** The discount was reduced to keep the currency's minimum charge. */
  capped: bool(),
});
export const PromoQuoteResponseSchema = Type.Object({ quote: PromoQuoteSchema });

// ---- gift subscriptions (src/domain/gift.ts; server/modules/gifts/README.md)
/** POST /invoice/subscription/{id}/gift: one period by card for someone else (header Idempotency-Key). */
export const GiftPurchaseRequestSchema = Type.Object({
  paymentMethod: oneOf(['smart_glocal_form', 'smart_glocal_saved_card'] as const),
  cardId: paymentMethodFields.cardId,
  saveCard: paymentMethodFields.saveCard,
  cardToken: paymentMethodFields.cardToken,
  publicToken: paymentMethodFields.publicToken,
});
export const GiftSchema = Type.Object({
  code: Type.String({ description: '22 base62 characters (case-sensitive)' }),
  state: oneOf(['open', 'redeemed', 'expired', 'refunded'] as const),
  subscriptionId: int(),
  subscriptionName: str(),
  channelId: int(),
  channelName: str(),
  channelPhotoUrl: optional(str()),
  giverName: str(),
  period: oneOf(['weekly', 'monthly', 'yearly'] as const),
  amount: num(),
  currency: currency(),
  expiresAt: int({ description: 'Epoch seconds: unredeemed by then, it is refunded to its giver' }),
  /** Why the viewer cannot accept it now (absent: they can, or did). */
  refusal: optional(
    oneOf(['unknown', 'redeemed', 'expired', 'refunded', 'own', 'banned', 'unavailable', 'stars_renewing'] as const),
  ),
  mine: bool({ description: 'The viewer gave it' }),
  redeemedByMe: bool({ description: 'The viewer accepted it' }),
  /** The giver's view only: the link to share (https://t.me/<bot>/<app>?startapp=gift_<code>). */
  link: optional(str()),
});
export const GiftResponseSchema = Type.Object({ gift: GiftSchema });
/** GET /gift/sent/{paymentId}: the giver's payment (checked at the provider while open) and, once paid, the gift. */
export const GiftSentResponseSchema = Type.Object({ payment: PaymentAnswerSchema, gift: orNull(GiftSchema) });
/** POST /gift/{code}/accept: the membership's new end and the channel link. */
export const GiftAcceptResponseSchema = Type.Object({
  gift: GiftSchema,
  subscriptionMemberId: int(),
  expiresAt: int({ description: 'Epoch seconds: the end of the membership with the gift' }),
  inviteLink: optional(Type.String({ description: 'The channel link the recipient opens' })),
});
/** GET /subscription/{id}/gifts: the creator's counts. */
export const GiftStatsResponseSchema = Type.Object({
  sold: int({ description: 'Every gift bought' }),
  redeemed: int(),
  open: int({ description: 'Bought, not yet accepted' }),
  refunded: int({ description: 'Expired unaccepted, or their subscription gone: refunded' }),
});

// retention offers (src/domain/retention.ts)
/** A subscription's retention offer as its creator set it. */
export const RetentionTermsSchema = Type.Object({
  /** Whole percents off, 5–90. */
  percent: Type.Integer({ minimum: 5, maximum: 90 }),
  /** How many of the next renewals are discounted, 1–12. */
  renewals: Type.Integer({ minimum: 1, maximum: 12 }),
});
/** What the creator sees: the offer (null: none) and how many followers were shown it, stayed and left. */
export const RetentionOfferResponseSchema = Type.Object({
  offer: orNull(RetentionTermsSchema),
  stats: Type.Object({ offered: int(), stayed: int(), left: int() }),
});
/** The offer as a cancelling follower sees it: major units of `currency`. */
export const RetentionQuoteSchema = Type.Object({
  percent: int(),
  renewals: int(),
  currency: currency(),
  /** What the renewals charge now. */
  price: num(),
  /** What each of the next `renewals` renewals charges if accepted. */
  charged: num(),
  discount: num(),
  /** The discount was reduced to keep the currency's minimum charge. */
  capped: bool(),
});
export const RetentionQuoteResponseSchema = Type.Object({
  /** null: nothing to offer (cancel directly). */
  offer: orNull(RetentionQuoteSchema),
});
// free trials
export const TrialStatsSchema = Type.Object({
  onTrial: int({ description: 'Trials running now' }),
  ended: int({ description: 'Trials with an outcome: converted or lapsed' }),
  converted: int({ description: 'Paid within the conversion grace after the trial' }),
});
export const TrialStatsResponseSchema = Type.Object({ trials: TrialStatsSchema });
