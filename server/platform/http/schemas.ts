/**
 * JSON schemas of the wire DTOs (src/contract/api.ts), registered once as shared schemas (`app.addSchema`) and
 * referenced from routes as `{ $ref: 'Channel#' }`. They validate requests, serialise answers quickly and make the
 * OpenAPI document (/api/v2/openapi.json). Keep them in step with src/contract/api.ts: a field missing here is
 * dropped from answers (the contract tests catch that).
 */
import { CARD_BRANDS, LANGUAGE_CODES, MEMBER_FILTERS, MEMBER_STATUSES, ONBOARDING_STEPS, PAYOUT_METHOD_TYPES, PERIODS, ROLES,
  TRANSACTION_PAYMENT_METHODS, TRANSACTION_TYPES, VERIFICATION_STATUSES } from '../../../src/domain/entities';
import { CURRENCIES } from '../../../src/domain/money';

type Schema = Record<string, unknown>;

const str: Schema = { type: 'string' };
const int: Schema = { type: 'integer' };
const num: Schema = { type: 'number' };
const bool: Schema = { type: 'boolean' };
const enumOf = (values: readonly string[]): Schema => ({ type: 'string', enum: [...values] });
const nullable = (schema: Schema): Schema => ({ ...schema, type: [schema.type as string, 'null'] });
const ref = (id: string): Schema => ({ $ref: `${id}#` });
const arrayOf = (items: Schema): Schema => ({ type: 'array', items });
const object = (properties: Record<string, Schema>, required: string[] = Object.keys(properties)): Schema => ({
  type: 'object',
  properties,
  required,
});

export const currency = enumOf(CURRENCIES);
export const cursor: Schema = { type: ['string', 'null'], description: 'Opaque cursor: null (or absent) for the first page, then the nextFrom of the previous page.' };
/** Amounts travel in major units; 5, "5" and "5.00" all mean five. */
export const amountInput: Schema = {
  anyOf: [{ type: 'number' }, { type: 'string', maxLength: 32 }],
  description: 'Major units as a number or a numeric string ("5", "5.00").',
};

const sharedSchemas: Record<string, Schema> = {
  Error: {
    ...object({ code: str, message: str, field: str }, ['code', 'message']),
    additionalProperties: true,
    description: 'Every 4xx/5xx answer. `code` is one of src/domain/errors.ts ERROR_CODES.',
  },
  User: object({ id: int, telegramId: int, firstName: str, lastName: str, userName: str, photoUrl: str }, ['id', 'telegramId', 'firstName']),
  Language: object({ code: enumOf(LANGUAGE_CODES), name: str, englishName: str }),
  Channel: object({
    id: int, chatId: int, name: str, userName: str, photoUrl: str, type: enumOf(['private', 'public']),
    language: object({ code: enumOf(LANGUAGE_CODES), name: str }),
    isLanguageSelected: bool, connected: bool, moderation: enumOf(['approved', 'in_progress', 'rejected']),
    onboardingStep: enumOf(ONBOARDING_STEPS), onboardingPassed: bool, isOnboarding: bool, activeSubscribers: int, isDeleted: bool,
  }, ['id', 'chatId', 'name', 'type', 'language', 'isLanguageSelected', 'connected', 'moderation', 'onboardingStep', 'onboardingPassed', 'isOnboarding', 'activeSubscribers', 'isDeleted']),
  Subscription: object({
    id: int, channelId: int, name: str, description: str, period: enumOf(PERIODS), amount: num, currency,
    buttonText: str, command: str, activeSubscribers: int, isDeleted: bool,
    inviteLink: str, privateChannelInviteLink: str, publicChannelInviteLink: str,
  }, ['id', 'channelId', 'name', 'description', 'period', 'amount', 'currency', 'buttonText', 'activeSubscribers', 'isDeleted']),
  SubscriptionMember: object({
    id: int, subscriptionId: int, userId: int, status: enumOf(MEMBER_STATUSES), period: enumOf(PERIODS),
    activatedAt: int, expiresAt: int, paymentMethod: enumOf(TRANSACTION_PAYMENT_METHODS), price: num, currency, renewalFailed: bool,
  }, ['id', 'subscriptionId', 'userId', 'status', 'period', 'activatedAt', 'price', 'currency']),
  Balance: object({ currency, amount: num }),
  Card: object({ id: int, cardBrand: enumOf(CARD_BRANDS), cardLast: str, active: bool, primary: bool }),
  WithdrawalAccount: object({
    country: str, methodType: enumOf(PAYOUT_METHOD_TYPES), currency,
    params: { type: 'object', additionalProperties: { type: 'string' } },
  }),
  WithdrawalCard: object({ brand: enumOf(CARD_BRANDS), maskedNumber: str, last4: str, country: str }, ['brand', 'maskedNumber', 'last4']),
  Transaction: object({
    id: int, type: enumOf(TRANSACTION_TYPES), createdAt: int, currency,
    total: num, amount: num, payoutAmount: num, price: num, providerFee: num, serviceFee: num,
    paymentMethod: enumOf(TRANSACTION_PAYMENT_METHODS),
    paymentExtra: { type: 'string', description: 'JSON text {"cardBrand","cardLast"}' },
    card: object({ brand: enumOf(CARD_BRANDS), last4: str }),
    withdrawalAccount: ref('WithdrawalAccount'),
    user: ref('User'),
    channel: object({ id: int, name: str, photoUrl: str, userName: str }, ['id', 'name']),
    subscription: object({ id: int, name: str, period: enumOf(PERIODS) }),
    subscriptionMember: object({ id: int }),
  }, ['id', 'type', 'createdAt', 'currency', 'total', 'amount']),
  Donation: object({ id: int, channelId: int, title: str, description: str, buttonText: str, amount: num, currency }),
  MigrationChannel: object({ chatId: int, name: str, link: str, activeSubscribers: int }),
  MigrationRequest: object({ id: int, status: enumOf(['queued', 'importing', 'completed']), positionInQueue: int, createdAt: int }, ['id', 'status', 'createdAt']),
  Ok: object({ ok: { type: 'boolean', const: true } }),
};

/** Registers the shared schemas on an app (call once, before the routes). */
export function addSharedSchemas(app: { addSchema(schema: Schema): unknown }): void {
  for (const [id, schema] of Object.entries(sharedSchemas)) app.addSchema({ $id: id, ...schema });
}

export const s = { str, int, num, bool, enumOf, nullable, ref, arrayOf, object, currency, cursor, amountInput };

/** Path parameter `id` (a positive bigint id within JS's safe range). */
export const idParam: Schema = object({ id: { type: 'integer', minimum: 1, maximum: Number.MAX_SAFE_INTEGER } });
export const channelIdParam: Schema = object({ channelId: { type: 'integer', minimum: 1, maximum: Number.MAX_SAFE_INTEGER } });

/** The error answers a route can give, for the OpenAPI document. */
export function errorResponses(...statuses: number[]): Record<number, Schema> {
  return Object.fromEntries([400, 401, 403, ...statuses].map((status) => [status, ref('Error')]));
}

export const enums = { ROLES, MEMBER_FILTERS, PERIODS, LANGUAGE_CODES, VERIFICATION_STATUSES };

export const pageOf = (key: string, item: Schema): Schema => object({ [key]: arrayOf(item), nextFrom: cursor });
