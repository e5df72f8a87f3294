import { isLoadFailure, isLoading, loadStatusFromErrorCode, LOAD_STATUSES } from '../../../src/domain/load-status';

describe('load status', () => {
  it('has the section 4 values', () => {
    expect([...LOAD_STATUSES].sort()).toEqual(
      [
        'already_exists',
        'disabled',
        'error_banned',
        'error_unknown',
        'failed',
        'migration_required',
        'moderation_in_progress',
        'moderation_rejected',
        'not_found',
        'pending',
        'success',
        'verification_required',
      ].sort(),
    );
  });

  it.each([
    ['banned', 'error_banned'],
    ['not_found', 'not_found'],
    ['payments_disabled', 'disabled'],
    ['already_subscribed', 'already_exists'],
    ['verification_required', 'verification_required'],
    ['migration_required', 'migration_required'],
    ['moderation_in_progress', 'moderation_in_progress'],
    ['moderation_rejected', 'moderation_rejected'],
    ['conflict', 'failed'],
    [undefined, 'error_unknown'],
    ['', 'error_unknown'],
  ])('maps error code %p to %p', (code, status) => {
    expect(loadStatusFromErrorCode(code)).toBe(status);
  });

  it('treats default and pending as loading, and everything but success as failure once settled', () => {
    expect(isLoading(null)).toBe(true);
    expect(isLoading('pending')).toBe(true);
    expect(isLoading('success')).toBe(false);
    expect(isLoadFailure('success')).toBe(false);
    expect(isLoadFailure(null)).toBe(false);
    expect(isLoadFailure('not_found')).toBe(true);
  });
});
