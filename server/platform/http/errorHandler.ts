/**
 * The one error handler: every failure answers `{ code, message }` (spec section 8 codes), never a stack trace.
 * - AppError (services): its status and code;
 * - schema validation: 400 validation_error naming the field;
 * - Fastify's own client errors: bad JSON or a wrong content type 4xx validation_error, too large 413 payload_too_large;
 * - database errors by SQLSTATE (drizzle wraps them; the code is on `cause`): unique → 409 conflict,
 *   bad input representation / check violation → 400 validation_error, foreign key → 409 conflict;
 * - the database unreachable (connection refused, reset or timed out, the server shutting down): 503
 *   database_unavailable (the transaction did not commit; the client may retry, with the same Idempotency-Key);
 * - anything else: 500 error_unknown, logged.
 */
import type { FastifyError, FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import type { ErrorCode } from '../../../src/domain/errors';
import { AppError } from '../errors';

interface ValidationIssue {
  instancePath?: string;
  message?: string;
  params?: { missingProperty?: string; additionalProperty?: string; allowedValues?: unknown[] };
}

/** The field a schema failure is about: `body.name`, `querystring.mode`, `params.id`. */
export function validationField(context: string | undefined, issue: ValidationIssue | undefined): string {
  const path = (issue?.instancePath ?? '').replace(/^\//, '').replace(/\//g, '.');
  const leaf = issue?.params?.missingProperty ?? issue?.params?.additionalProperty;
  const field = [path, leaf].filter((part) => part !== undefined && part !== '').join('.');
  // Node lowercases header names; the answer names a header as clients write it (Idempotency-Key).
  if (context === 'headers' && field !== '')
    return field.replace(/(^|-)([a-z])/g, (_, dash: string, letter: string) => dash + letter.toUpperCase());
  return field === '' ? (context ?? 'body') : field;
}

function validationAnswer(error: FastifyError): { code: ErrorCode; message: string; field: string } {
  const issue = (error.validation as ValidationIssue[] | undefined)?.[0];
  const field = validationField(error.validationContext, issue);
  const allowed = issue?.params?.allowedValues ? ` (one of ${issue.params.allowedValues.join(', ')})` : '';
  const message = issue?.params?.missingProperty
    ? `${field} is required`
    : `${field} ${issue?.message ?? 'is invalid'}${allowed}`;
  return { code: 'validation_error', message, field };
}

export function sqlStateOf(error: unknown): string | undefined {
  const direct = (error as { code?: unknown } | null)?.code;
  if (typeof direct === 'string' && /^[0-9A-Z]{5}$/.test(direct)) return direct;
  const cause = (error as { cause?: { code?: unknown } } | null)?.cause?.code;
  return typeof cause === 'string' && /^[0-9A-Z]{5}$/.test(cause) ? cause : undefined;
}

const CONNECTION_ERRNOS = new Set([
  'ECONNREFUSED',
  'ECONNRESET',
  'ETIMEDOUT',
  'EPIPE',
  'EHOSTUNREACH',
  'ENETUNREACH',
  'ENOTFOUND',
  'EAI_AGAIN',
]);
/**
 * node-postgres's own words for a lost or never made connection (it gives these errors no code); 'timeout expired' is
 * a Client's own connect timeout (the pipelined connections of platform/db/pipelinedPool.ts connect as Clients).
 */
const CONNECTION_MESSAGES =
  /Connection terminated|timeout exceeded when trying to connect|Client has encountered a connection error|Query read timeout|Connection terminated due to connection timeout|^timeout expired$/i;

/** True when the error (or a cause of it) says the database could not be reached, rather than refused the query. */
export function isDatabaseUnavailable(error: unknown): boolean {
  for (
    let current: unknown = error, depth = 0;
    current !== null && typeof current === 'object' && depth < 5;
    depth += 1
  ) {
    const { code, message } = current as { code?: unknown; message?: unknown };
    if (
      typeof code === 'string' &&
      (CONNECTION_ERRNOS.has(code) || code.startsWith('08') || code === '57P01' || code === '57P02' || code === '57P03')
    )
      return true;
    if (typeof message === 'string' && CONNECTION_MESSAGES.test(message)) return true;
    current = (current as { cause?: unknown }).cause;
  }
  return false;
}

const CLIENT_STATUS_CODES: Readonly<Record<number, ErrorCode>> = {
  401: 'unauthorized',
  403: 'forbidden',
  404: 'not_found',
  409: 'conflict',
  413: 'payload_too_large',
  429: 'rate_limited',
};

export function installErrorHandler(app: FastifyInstance): void {
  app.setErrorHandler((error: FastifyError, request: FastifyRequest, reply: FastifyReply) => {
    if (error instanceof AppError) return reply.code(error.status).send(error.toBody());
    if (error.validation) return reply.code(400).send(validationAnswer(error));
    if (isDatabaseUnavailable(error)) {
      request.log.warn({ err: error }, 'database unavailable');
      return reply
        .code(503)
        .send({ code: 'database_unavailable', message: 'The database is not available; try again shortly' });
    }
    const sqlState = sqlStateOf(error);
    if (sqlState !== undefined) {
      if (sqlState === '23505' || sqlState === '23503' || sqlState === '40001' || sqlState === '40P01') {
        return reply.code(409).send({ code: 'conflict', message: 'The data changed meanwhile; try again' });
      }
      if (sqlState.startsWith('22') || sqlState === '23514' || sqlState === '23502') {
        return reply.code(400).send({ code: 'validation_error', message: 'A value is out of range or malformed' });
      }
    }
    const status = typeof error.statusCode === 'number' ? error.statusCode : 500;
    if (status >= 400 && status < 500) {
      return reply
        .code(status)
        .send({ code: CLIENT_STATUS_CODES[status] ?? 'validation_error', message: error.message });
    }
    request.log.error({ err: error }, 'request failed');
    return reply.code(500).send({ code: 'error_unknown', message: 'Something went wrong on the server' });
  });
}
