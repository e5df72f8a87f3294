/**
 * The wire DTOs of spec section 7, defined once as TypeBox schemas: the reference server registers them (validation,
 * fast serialisation, the OpenAPI document) and src/contract/api.ts derives the DTO types from them (`Static`), so the
 * two cannot drift. The client imports only the types: nothing of TypeBox reaches the app's bundle.
 */
import Type, { type Static, type TSchema } from 'typebox';
import {
  CARD_BRANDS, LANGUAGE_CODES, MEMBER_FILTERS, MEMBER_STATUSES, ONBOARDING_STEPS, PAYOUT_METHOD_TYPES, PERIODS, TRANSACTION_PAYMENT_METHODS,
  TRANSACTION_TYPES,
} from '../domain/entities';
import { CURRENCIES } from '../domain/money';

/** A string of a fixed set, typed as that set (`{ type: 'string', enum }` on the wire, which the fast serialiser needs). */
const oneOf = <const V extends readonly string[]>(values: V) => Type.Unsafe<V[number]>({ type: 'string', enum: [...values] });
/** The ids the shared schemas are registered under (SHARED_SCHEMA_IDS). */
type SharedSchemaId =
  | 'Error' | 'User' | 'Language' | 'Channel' | 'Subscription' | 'SubscriptionMember' | 'Balance' | 'Card' | 'WithdrawalAccount'
  | 'WithdrawalCard' | 'Transaction' | 'Donation' | 'MigrationChannel' | 'MigrationRequest' | 'Ok';
/** A reference to another shared schema by its id, typed as that schema. */
const refTo = <S extends TSchema>(id: SharedSchemaId, _schema: () => S) => Type.Unsafe<Static<S>>({ $ref: `${id}#` });
const optional = Type.Optional;
const str = () => Type.String();
const int = () => Type.Integer();
const num = () => Type.Number();
const bool = () => Type.Boolean();
const currency = () => oneOf(CURRENCIES);

export const ErrorSchema = Type.Object(
  { code: str(), message: str(), field: optional(str()) },
  { additionalProperties: true, description: 'Every 4xx/5xx answer. `code` is one of src/domain/errors.ts ERROR_CODES.' },
);
export const UserSchema = Type.Object({
  id: int(), telegramId: int(), firstName: str(), lastName: optional(str()), userName: optional(str()), photoUrl: optional(str()),
});
export const LanguageSchema = Type.Object({ code: oneOf(LANGUAGE_CODES), name: str(), englishName: str() });
export const ChannelSchema = Type.Object({
  id: int(), chatId: int(), name: str(), userName: optional(str()), photoUrl: optional(str()), type: oneOf(['private', 'public'] as const),
  language: Type.Object({ code: oneOf(LANGUAGE_CODES), name: str() }),
  isLanguageSelected: bool(), connected: bool(), moderation: oneOf(['approved', 'in_progress', 'rejected'] as const),
  onboardingStep: oneOf(ONBOARDING_STEPS), onboardingPassed: bool(), isOnboarding: bool(), activeSubscribers: int(), isDeleted: bool(),
});
export const SubscriptionSchema = Type.Object({
  id: int(), channelId: int(), name: str(), description: str(), period: oneOf(PERIODS), amount: num(), currency: currency(),
  buttonText: str(), command: optional(str()), activeSubscribers: int(), isDeleted: bool(),
  inviteLink: optional(str()), privateChannelInviteLink: optional(str()), publicChannelInviteLink: optional(str()),
});
export const SubscriptionMemberSchema = Type.Object({
  id: int(), subscriptionId: int(), userId: int(), status: oneOf(MEMBER_STATUSES), period: oneOf(PERIODS),
  activatedAt: int(), expiresAt: optional(int()), paymentMethod: optional(oneOf(TRANSACTION_PAYMENT_METHODS)), price: num(), currency: currency(),
  /** True while a renewal charge failed and the membership runs out at expiresAt. */
  renewalFailed: optional(bool()),
});
export const BalanceSchema = Type.Object({ currency: currency(), amount: num() });
export const CardSchema = Type.Object({ id: int(), cardBrand: oneOf(CARD_BRANDS), cardLast: str(), active: bool(), primary: bool() });
export const WithdrawalAccountSchema = Type.Object({
  country: str(), methodType: oneOf(PAYOUT_METHOD_TYPES), currency: currency(), params: Type.Unsafe<Record<string, string>>({ type: 'object', additionalProperties: { type: 'string' } }),
});
export const WithdrawalCardSchema = Type.Object({ brand: oneOf(CARD_BRANDS), maskedNumber: str(), last4: str(), country: optional(str()) });
export const TransactionSchema = Type.Object({
  id: int(), type: oneOf(TRANSACTION_TYPES), createdAt: int(), currency: currency(),
  total: num(), amount: num(), payoutAmount: optional(num()), price: optional(num()), providerFee: optional(num()), serviceFee: optional(num()),
  paymentMethod: optional(oneOf(TRANSACTION_PAYMENT_METHODS)),
  /** JSON text with cardBrand and cardLast, as the spec names it. */
  paymentExtra: optional(Type.String({ description: 'JSON text {"cardBrand","cardLast"}' })),
  card: optional(Type.Object({ brand: oneOf(CARD_BRANDS), last4: str() })),
  withdrawalAccount: optional(refTo('WithdrawalAccount', () => WithdrawalAccountSchema)),
  user: optional(refTo('User', () => UserSchema)),
  channel: optional(Type.Object({ id: int(), name: str(), photoUrl: optional(str()), userName: optional(str()) })),
  subscription: optional(Type.Object({ id: int(), name: str(), period: oneOf(PERIODS) })),
  subscriptionMember: optional(Type.Object({ id: int() })),
});
export const DonationSchema = Type.Object({ id: int(), channelId: int(), title: str(), description: str(), buttonText: str(), amount: num(), currency: currency() });
export const MigrationChannelSchema = Type.Object({ chatId: int(), name: str(), link: str(), activeSubscribers: int() });
export const MigrationRequestSchema = Type.Object({ id: int(), status: oneOf(['queued', 'importing', 'completed'] as const), positionInQueue: optional(int()), createdAt: int() });
export const OkSchema = Type.Object({ ok: Type.Literal(true) });

/** The shared schemas by the id routes reference them with (`{ $ref: 'Channel#' }`). */
export const SHARED_SCHEMA_IDS = {
  Error: ErrorSchema, User: UserSchema, Language: LanguageSchema, Channel: ChannelSchema, Subscription: SubscriptionSchema,
  SubscriptionMember: SubscriptionMemberSchema, Balance: BalanceSchema, Card: CardSchema, WithdrawalAccount: WithdrawalAccountSchema,
  WithdrawalCard: WithdrawalCardSchema, Transaction: TransactionSchema, Donation: DonationSchema, MigrationChannel: MigrationChannelSchema,
  MigrationRequest: MigrationRequestSchema, Ok: OkSchema,
} as const satisfies Record<SharedSchemaId, TSchema>;

// ---- envelopes: the answers (and small request bodies) of the routes, built from the DTOs by reference

/** Opaque paging cursor. */
export const CursorSchema = Type.Unsafe<string | null>({ type: ['string', 'null'], description: 'Opaque cursor: null (or absent) for the first page, then the nextFrom of the previous page.' });
const ref = {
  User: () => refTo('User', () => UserSchema),
  Language: () => refTo('Language', () => LanguageSchema),
  Channel: () => refTo('Channel', () => ChannelSchema),
  Subscription: () => refTo('Subscription', () => SubscriptionSchema),
  SubscriptionMember: () => refTo('SubscriptionMember', () => SubscriptionMemberSchema),
  Card: () => refTo('Card', () => CardSchema),
  Transaction: () => refTo('Transaction', () => TransactionSchema),
  Donation: () => refTo('Donation', () => DonationSchema),
  MigrationChannel: () => refTo('MigrationChannel', () => MigrationChannelSchema),
  MigrationRequest: () => refTo('MigrationRequest', () => MigrationRequestSchema),
};

export const PageRequestSchema = Type.Object({ startFrom: optional(CursorSchema) });
export const TransactionsPageSchema = Type.Object({ transactions: Type.Array(ref.Transaction()), nextFrom: CursorSchema });
export const TransactionResponseSchema = Type.Object({ transaction: ref.Transaction() });

// cards
export const CardsResponseSchema = Type.Object({ cards: Type.Array(ref.Card()) });
export const CardResponseSchema = Type.Object({ card: ref.Card() });
export const PrimaryCardResponseSchema = Type.Object({ card: ref.Card(), cards: Type.Array(ref.Card()) });

// channels
export const LanguagesResponseSchema = Type.Object({ languages: Type.Array(ref.Language()) });
export const ChannelResponseSchema = Type.Object({
  channel: ref.Channel(), languages: Type.Array(ref.Language()),
  subscriptions: Type.Array(ref.Subscription()), subscriptionsNextFrom: CursorSchema,
  transactions: Type.Array(ref.Transaction()), transactionsNextFrom: CursorSchema, isOnboarding: bool(),
});
export const SetChannelLanguageRequestSchema = Type.Object({ language: oneOf(LANGUAGE_CODES) });
export const ChannelOnlyResponseSchema = Type.Object({ channel: ref.Channel() });
export const SubscriptionsPageSchema = Type.Object({ subscriptions: Type.Array(ref.Subscription()), nextFrom: CursorSchema });

// subscriptions
export const NewSubscriptionResponseSchema = Type.Object({ channel: ref.Channel(), subscription: ref.Subscription() });
export const SubscriptionOnlyResponseSchema = Type.Object({ subscription: ref.Subscription() });
export const PublishSubscriptionRequestSchema = Type.Object({ pin: bool(), disableNotification: bool() });
export const SetCommandRequestSchema = Type.Object({ command: Type.String({ maxLength: 64 }) });
export const MembersRequestSchema = Type.Object({ startFrom: optional(CursorSchema), filter: oneOf(MEMBER_FILTERS), group: optional(oneOf(['live', 'inactive'] as const)) });
export const MembersPageSchema = Type.Object({ members: Type.Array(ref.SubscriptionMember()), nextFrom: CursorSchema, users: Type.Array(ref.User()) });
export const SubscriptionDetailResponseSchema = Type.Object({
  subscription: ref.Subscription(), channel: ref.Channel(), users: Type.Array(ref.User()),
  membersGrouped: Type.Object({ live: Type.Array(ref.SubscriptionMember()), inactive: Type.Array(ref.SubscriptionMember()) }),
  membersGroupedNextFrom: Type.Object({ live: CursorSchema, inactive: CursorSchema }),
});
export const SubscriptionMemberResponseSchema = Type.Object({ subscription: ref.Subscription(), channel: ref.Channel(), subscriptionMember: ref.SubscriptionMember(), user: ref.User() });

// donations
export const DonationRequestResponseSchema = Type.Object({ channel: ref.Channel(), donation: ref.Donation() });

// migration
export const MigrationResponseSchema = Type.Object({
  request: Type.Unsafe<Static<typeof MigrationRequestSchema> | null>({ anyOf: [{ $ref: 'MigrationRequest#' }, { type: 'null' }] }),
  channels: Type.Array(ref.Channel()), donateChannels: Type.Array(ref.MigrationChannel()), termsAccepted: optional(bool()),
});
export const MigrationConfirmResponseSchema = Type.Object({ request: ref.MigrationRequest() });
