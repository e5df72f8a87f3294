/**
 * The wire DTOs' schemas (defined once with TypeBox in src/contract/schemas.ts, which src/contract/api.ts derives its
 * types from), registered once as shared schemas (`app.addSchema`) and referenced from routes as `{ $ref: 'Channel#' }`.
 * They validate requests, serialise answers quickly and make the OpenAPI document (/api/v2/openapi.json). Helpers for
 * path parameters and error answers follow.
 */
import { SHARED_SCHEMA_IDS } from '../../../src/contract/schemas';

type Schema = Record<string, unknown>;

const bool: Schema = { type: 'boolean' };
const enumOf = (values: readonly string[]): Schema => ({ type: 'string', enum: [...values] });
const ref = (id: string): Schema => ({ $ref: `${id}#` });
const object = (properties: Record<string, Schema>, required: string[] = Object.keys(properties)): Schema => ({
  type: 'object',
  properties,
  required,
});

/** Registers the shared schemas on an app (call once, before the routes). */
export function addSharedSchemas(app: { addSchema(schema: Schema): unknown }): void {
  for (const [id, schema] of Object.entries(SHARED_SCHEMA_IDS)) app.addSchema({ $id: id, ...(schema as object) });
}

/** For the few route-local shapes (the sandbox's control routes, the webhook's answer). */
export const s = { bool, enumOf, ref, object };

/** Path parameter `id` (a positive bigint id within JS's safe range). */
export const idParam: Schema = object({ id: { type: 'integer', minimum: 1, maximum: Number.MAX_SAFE_INTEGER } });
export const channelIdParam: Schema = object({
  channelId: { type: 'integer', minimum: 1, maximum: Number.MAX_SAFE_INTEGER },
});

/** The error answers a route can give, for the OpenAPI document. */
export function errorResponses(...statuses: number[]): Record<number, Schema> {
  return Object.fromEntries([400, 401, 403, ...statuses].map((status) => [status, ref('Error')]));
}
