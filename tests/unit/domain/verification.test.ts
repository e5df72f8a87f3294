import {
  isVerificationRejected,
  isVerified,
  shouldPollVerification,
  termsAlert,
  verificationView,
} from '../../../src/domain/verification';

describe('verification', () => {
  it.each([
    ['none', false, 'intro'],
    ['in_kyc', false, 'widget'],
    ['in_kyc', true, 'in_progress_external'],
    ['rejected', false, 'rejected'],
    ['kyc_rejected', false, 'retry'],
    ['kyc_approved', false, 'waiting'],
    ['approved', false, 'success'],
  ] as const)('%s (iOS %p) shows %s', (status, isIos, view) => {
    expect(verificationView(status, { isIos })).toBe(view);
  });

  it('in_kyc without an identity-check provider is a manual review, on every platform', () => {
    expect(verificationView('in_kyc', { isIos: false }, true)).toBe('manual_review');
    expect(verificationView('in_kyc', { isIos: true }, true)).toBe('manual_review');
  });

  it('only approved is verified; both rejections are rejected', () => {
    expect(isVerified('approved')).toBe(true);
    expect(isVerified('kyc_approved')).toBe(false);
    expect(isVerificationRejected('kyc_rejected')).toBe(true);
    expect(isVerificationRejected('rejected')).toBe(true);
    expect(isVerificationRejected('in_kyc')).toBe(false);
  });

  it('polls while a decision can come', () => {
    expect(shouldPollVerification('in_kyc')).toBe(true);
    expect(shouldPollVerification('kyc_approved')).toBe(true);
    expect(shouldPollVerification('none')).toBe(false);
    expect(shouldPollVerification('approved')).toBe(false);
    expect(shouldPollVerification('rejected')).toBe(false);
  });

  it('asks to tick the terms', () => {
    expect(termsAlert(false, 'migration')).toBe('migration_terms_alert');
    expect(termsAlert(false, 'verification')).toBe('verification_terms_alert');
    expect(termsAlert(true, 'migration')).toBeNull();
  });
});
