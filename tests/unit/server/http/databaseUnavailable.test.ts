/** Which failures the error handler answers 503 database_unavailable (server/platform/http/errorHandler.ts). */
import { isDatabaseUnavailable } from '../../../../server/platform/http/errorHandler';

const wrapped = (cause: unknown): Error => Object.assign(new Error('Failed query: select 1'), { cause });

describe('isDatabaseUnavailable', () => {
  it.each([
    ['connection refused', Object.assign(new Error('connect ECONNREFUSED 127.0.0.1:5432'), { code: 'ECONNREFUSED' })],
    ['connection reset', Object.assign(new Error('read ECONNRESET'), { code: 'ECONNRESET' })],
    ['a connection lost mid-query (node-postgres, no code)', new Error('Connection terminated unexpectedly')],
    ['no connection within the pool timeout', new Error('timeout exceeded when trying to connect')],
    ["a client's own connect timeout (the pipelined connections)", new Error('timeout expired')],
    [
      'the server shutting down (57P01)',
      Object.assign(new Error('terminating connection due to administrator command'), { code: '57P01' }),
    ],
    ['a connection exception class 08', Object.assign(new Error('connection failure'), { code: '08006' })],
  ])('%s, also wrapped by drizzle', (_label, error) => {
    expect(isDatabaseUnavailable(error)).toBe(true);
    expect(isDatabaseUnavailable(wrapped(error))).toBe(true);
  });

  it.each([
    ['a unique violation', Object.assign(new Error('duplicate key'), { code: '23505' })],
    ['a syntax error', Object.assign(new Error('syntax error'), { code: '42601' })],
    ['a plain bug', new TypeError('x is undefined')],
  ])('not %s', (_label, error) => {
    expect(isDatabaseUnavailable(wrapped(error))).toBe(false);
  });
});
