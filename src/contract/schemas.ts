/**
 * The wire DTOs of spec section 7, defined once as TypeBox schemas: the reference server registers them (validation,
 * fast serialisation, the OpenAPI document) and src/contract/api.ts derives the DTO types from them (`Static`), so the
 * two cannot drift. The client imports only the types: nothing of TypeBox reaches the app's bundle.
 */
import Type, { type Static, type TSchema } from 'typebox';
import {
  CARD_BRANDS, LANGUAGE_CODES, MEMBER_STATUSES, ONBOARDING_STEPS, PAYOUT_METHOD_TYPES, PERIODS, TRANSACTION_PAYMENT_METHODS,
  TRANSACTION_TYPES,
} from '../domain/entities';
import { CURRENCIES } from '../domain/money';

/** A string of a fixed set, typed as that set (`{ type: 'string', enum }` on the wire, which the fast serialiser needs). */
const oneOf = <const V extends readonly string[]>(values: V) => Type.Unsafe<V[number]>({ type: 'string', enum: [...values] });
/** A reference to another shared schema by its id, typed as that schema. */
const refTo = <S extends TSchema>(id: string, _schema: () => S) => Type.Unsafe<Static<S>>({ $ref: `${id}#` });
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
} as const;
