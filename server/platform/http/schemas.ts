/**
 * The wire DTOs' schemas (defined once with TypeBox in src/contract/schemas.ts, which src/contract/api.ts derives its
 * types from), registered once as shared schemas (`app.addSchema`) and referenced from routes as `{ $ref: 'Channel#' }`.
 * They validate requests, serialise answers quickly and make the OpenAPI document (/api/v2/openapi.json). Helpers for
 * the routes' own request and answer shapes follow.
 */
import { LANGUAGE_CODES, MEMBER_FILTERS, PERIODS, ROLES, VERIFICATION_STATUSES } from '../../../src/domain/entities';
import { CURRENCIES } from '../../../src/domain/money';
import { SHARED_SCHEMA_IDS } from '../../../src/contract/schemas';

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

/** Registers the shared schemas on an app (call once, before the routes). */
export function addSharedSchemas(app: { addSchema(schema: Schema): unknown }): void {
  for (const [id, schema] of Object.entries(SHARED_SCHEMA_IDS)) app.addSchema({ $id: id, ...(schema as object) });
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
