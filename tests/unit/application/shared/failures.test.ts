import {
  RepositoryError,
  errorCodeOf,
  errorDetailOf,
  errorMessageOf,
  isCodedError,
} from '../../../../src/application/ports/RepositoryError';
import { request } from '../../../../src/application/use-cases/shared/failures';

describe('request()', () => {
  it('wraps a value as ok', async () => {
    expect(await request(async () => 42)).toEqual({ ok: true, value: 42 });
  });

  it('turns a coded rejection into a request failure with the body details', async () => {
    const result = await request(() =>
      Promise.reject(new RepositoryError('error_country_mismatch', 'Card from RU', { cardCountry: 'RU' })),
    );
    expect(result).toEqual({
      ok: false,
      error: {
        kind: 'request',
        code: 'error_country_mismatch',
        message: 'Card from RU',
        details: { cardCountry: 'RU' },
      },
    });
  });

  it('reads the same shape from an HTTP-style error (code, message, body)', async () => {
    const httpError = Object.assign(new Error('Payments unavailable'), {
      code: 'payments_disabled',
      body: { code: 'payments_disabled', message: 'Payments unavailable', retryAfter: 60 },
    });
    const result = await request(() => Promise.reject(httpError));
    expect(result).toEqual({
      ok: false,
      error: {
        kind: 'request',
        code: 'payments_disabled',
        message: 'Payments unavailable',
        details: { retryAfter: 60 },
      },
    });
  });

  it('rethrows errors without a code: those are bugs', async () => {
    await expect(request(() => Promise.reject(new TypeError('x is undefined')))).rejects.toThrow(TypeError);
  });
});

describe('coded error helpers', () => {
  it('read code, message and details, with error_unknown for anything else', () => {
    const error = new RepositoryError('error_country_mismatch', 'Mismatch', { cardCountry: 'RU' });
    expect(isCodedError(error)).toBe(true);
    expect(errorCodeOf(error)).toBe('error_country_mismatch');
    expect(errorMessageOf(error)).toBe('Mismatch');
    expect(errorDetailOf(error, 'cardCountry')).toBe('RU');
    expect(isCodedError('boom')).toBe(false);
    expect(errorCodeOf(new Error('boom'))).toBe('error_unknown');
    expect(errorDetailOf(new Error('boom'), 'cardCountry')).toBeUndefined();
  });
});
