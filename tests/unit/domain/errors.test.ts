import {
  ERROR_CODES,
  isConnectionTrouble,
  isErrorCode,
  redirectForError,
  toDomainError,
} from '../../../src/domain/errors';

describe('errors', () => {
  it('lists every code of the section 8 catalogue', () => {
    for (const code of [
      'banned',
      'not_found',
      'payments_disabled',
      'already_subscribed',
      'verification_required',
      'migration_required',
      'moderation_in_progress',
      'moderation_rejected',
      'error_fields_required',
      'error_country_mismatch',
      'unauthorized',
      'validation_error',
      'conflict',
      'channel_has_subscriptions',
      'channel_disconnected',
      'channel_not_public',
      'idempotency_key_reused',
      'error_unknown',
    ]) {
      expect(ERROR_CODES).toContain(code);
    }
    expect(isErrorCode('banned')).toBe(true);
    expect(isErrorCode('something_else')).toBe(false);
    expect(isErrorCode(42)).toBe(false);
  });

  it('reads a response body into a domain error, falling back to error_unknown without a code', () => {
    expect(toDomainError({ code: 'banned', message: 'Account banned' })).toEqual({
      code: 'banned',
      message: 'Account banned',
    });
    expect(toDomainError({ code: 'custom_server_code' })).toEqual({ code: 'custom_server_code' });
    expect(toDomainError({ message: 'oops' })).toEqual({ code: 'error_unknown', message: 'oops' });
    expect(toDomainError({ code: '' })).toEqual({ code: 'error_unknown' });
    expect(toDomainError('Internal Server Error')).toEqual({ code: 'error_unknown' });
    expect(toDomainError(null)).toEqual({ code: 'error_unknown' });
  });

  it('redirects banned, migration and verification errors and nothing else', () => {
    expect(redirectForError('banned')).toBe('/banned');
    expect(redirectForError('migration_required')).toBe('/migration');
    expect(redirectForError('verification_required')).toBe('/verification');
    expect(redirectForError('not_found')).toBeNull();
    expect(redirectForError('whatever')).toBeNull();
  });

  it("recognises connection trouble by code or by the browsers' messages", () => {
    expect(isConnectionTrouble({ code: 'network_error' })).toBe(true);
    expect(isConnectionTrouble({ message: 'Load failed' })).toBe(true);
    expect(isConnectionTrouble({ message: 'Network Error' })).toBe(true);
    expect(isConnectionTrouble({ code: 'error_fields_required', message: 'Fill the fields' })).toBe(false);
    // Rate limited (429): nothing to do but wait and try again.
    expect(isConnectionTrouble({ code: 'rate_limited', message: 'Too many payments; try again in 30 s' })).toBe(true);
  });
});
