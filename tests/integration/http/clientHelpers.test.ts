/** The pure parts of the HTTP client: retry schedule, error mapping, token sources. */
import { AxiosError, AxiosHeaders, CanceledError, type InternalAxiosRequestConfig } from 'axios';
import { createRetryDelay, isRetryableFailure } from '../../../src/infrastructure/http/retryPolicy';
import { toApiRequestError } from '../../../src/infrastructure/http/axiosTransport';
import { ApiRequestError } from '../../../src/infrastructure/http/HttpClient';
import {
  AUTH_TOKEN_STORAGE_KEY,
  createAuthTokenProvider,
  signedLaunchDataFrom,
} from '../../../src/infrastructure/http/authToken';
import { MemoryStorage } from '../../../src/infrastructure/storage/MemoryStorage';

function requestConfig(method: string): InternalAxiosRequestConfig {
  return { method, url: '/x', headers: new AxiosHeaders() };
}

function axiosError(code: string | undefined, method = 'get', status?: number, data?: unknown): AxiosError {
  const config = requestConfig(method);
  const response = status === undefined ? undefined : { status, statusText: '', headers: {}, config, data };
  return new AxiosError('failed', code, config, undefined, response);
}

describe('createRetryDelay', () => {
  it.each([
    [0, [100, 200, 400]],
    [0.5, [110, 220, 440]],
    [0.25, [105, 210, 420]],
  ])('with jitter source %p waits %p ms before retries 1, 2, 3', (random, expected) => {
    const delay = createRetryDelay(() => random);
    expect([1, 2, 3].map(delay)).toEqual(expected);
  });

  it('never exceeds 20% jitter, even for a source giving 1 or more', () => {
    const delay = createRetryDelay(() => 1.5);
    expect([1, 2, 3].map(delay)).toEqual([120, 240, 480]);
  });

  it('stays within the spec bounds for real random numbers', () => {
    const delay = createRetryDelay();
    for (let sample = 0; sample < 200; sample += 1) {
      const [first, second, third] = [1, 2, 3].map(delay);
      expect(first).toBeGreaterThanOrEqual(100);
      expect(first).toBeLessThanOrEqual(120);
      expect(second).toBeGreaterThanOrEqual(200);
      expect(second).toBeLessThanOrEqual(240);
      expect(third).toBeGreaterThanOrEqual(400);
      expect(third).toBeLessThanOrEqual(480);
    }
  });
});

describe('isRetryableFailure', () => {
  it.each(['get', 'head', 'options', 'put', 'delete', 'GET'])('retries a %s network error and 5xx', (method) => {
    expect(isRetryableFailure(axiosError('ECONNRESET', method))).toBe(true);
    expect(isRetryableFailure(axiosError('ERR_NETWORK', method))).toBe(true);
    expect(isRetryableFailure(axiosError('ERR_BAD_RESPONSE', method, 500))).toBe(true);
    expect(isRetryableFailure(axiosError('ERR_BAD_RESPONSE', method, 599))).toBe(true);
  });

  it.each(['post', 'patch'])('never retries %s', (method) => {
    expect(isRetryableFailure(axiosError('ECONNRESET', method))).toBe(false);
    expect(isRetryableFailure(axiosError('ERR_BAD_RESPONSE', method, 503))).toBe(false);
  });

  it('does not retry 4xx, timeouts or cancelled requests', () => {
    expect(isRetryableFailure(axiosError('ERR_BAD_REQUEST', 'get', 429))).toBe(false);
    expect(isRetryableFailure(axiosError('ERR_BAD_REQUEST', 'get', 404))).toBe(false);
    expect(isRetryableFailure(axiosError('ECONNABORTED', 'get'))).toBe(false);
    expect(isRetryableFailure(new CanceledError(undefined, undefined, requestConfig('get')))).toBe(false);
  });
});

describe('toApiRequestError', () => {
  it.each([
    ['ERR_NETWORK', 'network_error'],
    ['ECONNREFUSED', 'network_error'],
    ['ECONNRESET', 'network_error'],
    ['ECONNABORTED', 'timeout'],
    ['ETIMEDOUT', 'timeout'],
    ['ERR_BAD_OPTION_VALUE', 'bad_request'],
    ['ERR_BAD_RESPONSE', 'bad_request'],
    ['ERR_INVALID_URL', 'bad_request'],
  ])('maps a %s without an answer to %s, keeping the raw error as body', (code, expected) => {
    const raw = axiosError(code);
    const failure = toApiRequestError(raw);
    expect(failure).toBeInstanceOf(ApiRequestError);
    expect(failure.code).toBe(expected);
    expect(failure.status).toBeUndefined();
    expect(failure.body).toBe(raw);
  });

  it('maps a cancellation to request_aborted', () => {
    expect(toApiRequestError(new CanceledError()).code).toBe('request_aborted');
  });

  it('takes the code, message and body of an answer', () => {
    const failure = toApiRequestError(
      axiosError('ERR_BAD_REQUEST', 'post', 400, { code: 'error_fields_required', message: 'Fill in the city' }),
    );
    expect([failure.code, failure.message, failure.status, failure.body]).toEqual([
      'error_fields_required',
      'Fill in the city',
      400,
      { code: 'error_fields_required', message: 'Fill in the city' },
    ]);
  });

  it('uses error_unknown for an answer without a code, and for errors that are not from axios', () => {
    expect(toApiRequestError(axiosError('ERR_BAD_RESPONSE', 'get', 500, { message: 'boom' })).code).toBe(
      'error_unknown',
    );
    expect(toApiRequestError(axiosError('ERR_BAD_RESPONSE', 'get', 500, 'Internal Server Error')).code).toBe(
      'error_unknown',
    );
    const bug = new TypeError('x is undefined');
    const failure = toApiRequestError(bug);
    expect([failure.code, failure.body]).toEqual(['error_unknown', bug]);
  });
});

describe('auth token sources', () => {
  const initData = 'query_id=AAH&user=%7B%22id%22%3A42%7D&auth_date=1736899200&signature=sig&hash=abc';
  const launchQuery = `tgWebAppData=${encodeURIComponent(initData)}&tgWebAppVersion=7.10&tgWebAppPlatform=android`;

  it('reads signed launch data from the hash, a hash route with a query, or the query string', () => {
    expect(signedLaunchDataFrom({ hash: `#${launchQuery}`, search: '' })).toBe(initData);
    expect(signedLaunchDataFrom({ hash: `#/dashboard?${launchQuery}`, search: '' })).toBe(initData);
    expect(signedLaunchDataFrom({ hash: '', search: `?${launchQuery}` })).toBe(initData);
    expect(signedLaunchDataFrom({ hash: '#/dashboard', search: '?startapp=x' })).toBeUndefined();
  });

  it('prefers the session, then a stored token, then the URL', () => {
    const storage = new MemoryStorage();
    let session: string | undefined = 'session-data';
    let location = { hash: `#${launchQuery}`, search: '' };
    const token = createAuthTokenProvider({ sessionInitData: () => session, storage, location: () => location });

    expect(token()).toBe('session-data');
    session = undefined;
    storage.set(AUTH_TOKEN_STORAGE_KEY, 'stored-data');
    expect(token()).toBe('stored-data');
    storage.remove(AUTH_TOKEN_STORAGE_KEY);
    expect(token()).toBe(initData);
    // The app's first navigation drops the launch hash: the launch data seen earlier still authenticates.
    location = { hash: '', search: '' };
    expect(token()).toBe(initData);
  });

  it('gives no token when neither the session, storage nor the URL ever had one', () => {
    const token = createAuthTokenProvider({
      sessionInitData: () => undefined,
      storage: new MemoryStorage(),
      location: () => ({ hash: '#/dashboard', search: '' }),
    });
    expect(token()).toBeUndefined();
  });
});
