/**
 * What /api/v2/openapi.json says of each operation beyond its route schema, in one place so every route gets it:
 * - security: a public route (`config.public`) needs no TgAuth, and answers neither 401 nor 403 unless it says so;
 * - the answers every authenticated operation can give whatever it does: 400 (a malformed request), 401 (init data
 *   missing, invalid or expired), 403 (a banned user), 429 (too many failed sign-ins from the address) and 503 (the
 *   database unavailable); an operation that takes a body also 413 (over the body limit) and 415 (another media type);
 * - `config.openapi` for what the route schema cannot carry without changing validation: a body read raw (webhooks
 *   signed over their bytes, an uploaded file) and the headers such a route reads itself.
 * The integration suite checks every answer it sees against the served document (tests/integration/support).
 */
type Schema = Record<string, unknown>;

/** A route's `config.openapi`: documentation only, never validated by Fastify. */
export interface OperationDocs {
  /** The body the route parses itself, by media type (`consumes`), and its schema. */
  readonly body?: { readonly mediaTypes: readonly string[]; readonly schema: Schema };
  /** Headers the route reads itself, as an object schema (`properties`, `required`). */
  readonly headers?: { readonly properties: Readonly<Record<string, Schema>>; readonly required?: readonly string[] };
  /** Statuses the route answers beyond its response schema and the defaults (a public route's 401). */
  readonly statuses?: readonly number[];
}

declare module 'fastify' {
  interface FastifyContextConfig {
    openapi?: OperationDocs;
  }
}

const errorRef: Schema = { $ref: 'Error#' };
const AUTHENTICATED_STATUSES = [400, 401, 403, 429, 503];
const BODY_STATUSES = [413, 415];

interface RouteLike {
  readonly method: string | readonly string[];
  readonly config?: { readonly public?: boolean; readonly openapi?: OperationDocs } | unknown;
  readonly bodyLimit?: number;
}

/** The documented schema of one route (a copy; the route's own schema is what validates). */
export function documentedSchema(schema: object | undefined, route: RouteLike): Schema {
  const config = (route.config ?? {}) as { public?: boolean; openapi?: OperationDocs };
  const docs = config.openapi ?? {};
  const documented: Schema = { ...((schema ?? {}) as Schema) };
  const response: Record<string, Schema> = { ...((documented.response as Record<string, Schema> | undefined) ?? {}) };
  const methods = Array.isArray(route.method) ? route.method : [route.method as string];
  const takesBody = documented.body !== undefined || docs.body !== undefined;
  const add = (status: number) => void (response[status] ??= errorRef);

  if (config.public) {
    documented.security = [];
    if (!(docs.statuses ?? []).includes(401)) delete response[401];
    if (!(docs.statuses ?? []).includes(403)) delete response[403];
  } else AUTHENTICATED_STATUSES.forEach(add);
  if (takesBody && methods.some((method) => method !== 'GET' && method !== 'HEAD'))
    [400, ...BODY_STATUSES].forEach(add);
  (docs.statuses ?? []).forEach(add);
  documented.response = response;

  if (docs.body !== undefined) {
    documented.body = docs.body.schema;
    documented.consumes = [...docs.body.mediaTypes];
  }
  if (docs.headers !== undefined) {
    const headers = (documented.headers as Schema | undefined) ?? { type: 'object', properties: {} };
    documented.headers = {
      ...headers,
      properties: { ...(headers.properties as Schema), ...docs.headers.properties },
      required: [...new Set([...((headers.required as string[] | undefined) ?? []), ...(docs.headers.required ?? [])])],
    };
  }
  return documented;
}
