import { payoutFailureReason } from '../../../src/domain/payout-failure';

describe('payoutFailureReason', () => {
  it.each([
    ['invalid_request', 'account_details'],
    ['payout_account_incomplete', 'account_details'],
    ['payout_declined', 'declined'],
    ['PAYOUT_DECLINED', 'declined'],
    ['token_not_found', 'card'],
    ['insufficient_balance', 'provider'],
    ['something_new', 'provider'],
    [null, 'provider'],
    [undefined, 'provider'],
  ])('%s → %s', (code, reason) => expect(payoutFailureReason(code)).toBe(reason));
});
