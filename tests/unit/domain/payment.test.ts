import {
  clearPayment,
  eventFromPaymentAnswer,
  INITIAL_PAYMENT_STATE,
  isFinal,
  needsRedirect,
  paymentActionRequired,
  paymentError,
  paymentPaid,
  paymentTransitions,
  startPayment,
  transition,
} from '../../../src/domain/payment';

describe('payment state machine', () => {
  it('goes null → pending → paid', () => {
    const pending = startPayment(INITIAL_PAYMENT_STATE);
    expect(pending).toEqual({ status: 'pending' });
    expect(isFinal(pending)).toBe(false);
    const paid = paymentPaid(pending);
    expect(paid).toEqual({ status: 'paid' });
    expect(isFinal(paid)).toBe(true);
  });

  it('stores code and message on error and clears all of them', () => {
    const failed = paymentError(startPayment(INITIAL_PAYMENT_STATE), 'card_declined', 'Declined');
    expect(failed).toEqual({ status: 'error', code: 'card_declined', message: 'Declined' });
    expect(isFinal(failed)).toBe(true);
    expect(clearPayment()).toEqual({ status: null });
    expect(transition(failed, { type: 'clear' })).toEqual({ status: null });
  });

  it('action required carries the redirect and is not final', () => {
    const action = paymentActionRequired(startPayment(INITIAL_PAYMENT_STATE), 'https://bank.example/3ds');
    expect(action).toEqual({ status: 'action_required', redirectUrl: 'https://bank.example/3ds' });
    expect(isFinal(action)).toBe(false);
    expect(needsRedirect(action)).toBe(true);
    expect(needsRedirect({ status: 'pending' })).toBe(false);
    expect(paymentPaid(action)).toEqual({ status: 'paid' });
  });

  it('ignores late answers once final', () => {
    const paid = paymentPaid(startPayment(INITIAL_PAYMENT_STATE));
    expect(paymentError(paid, 'late', 'late')).toBe(paid);
    expect(paymentActionRequired(paid, 'https://x')).toBe(paid);
    const failed = paymentError(startPayment(INITIAL_PAYMENT_STATE), 'e', 'm');
    expect(paymentPaid(failed)).toBe(failed);
  });

  it('cannot start twice or after paid, but can retry after an error', () => {
    const pending = startPayment(INITIAL_PAYMENT_STATE);
    expect(startPayment(pending)).toBe(pending);
    const paid = paymentPaid(pending);
    expect(startPayment(paid)).toBe(paid);
    expect(startPayment(paymentError(pending, 'e', 'm'))).toEqual({ status: 'pending' });
  });

  it('exposes the transitions by name', () => {
    const { start, actionRequired, paid } = paymentTransitions;
    expect(paid(actionRequired(start(INITIAL_PAYMENT_STATE), 'https://3ds'))).toEqual({ status: 'paid' });
  });

  it('accepts an answer on a fresh state (screen opened after the bank redirect)', () => {
    expect(paymentPaid(INITIAL_PAYMENT_STATE)).toEqual({ status: 'paid' });
  });
});

describe('provider answers', () => {
  it.each([
    [{ status: 'pending' as const }, null],
    [{ status: 'paid' as const }, { type: 'paid' }],
    [
      { status: 'action_required' as const, redirectUrl: 'https://3ds' },
      { type: 'action_required', redirectUrl: 'https://3ds' },
    ],
    [
      { status: 'cancelled' as const, errorCode: 'cancelled_by_user', errorDescription: 'Cancelled' },
      { type: 'error', code: 'cancelled_by_user', message: 'Cancelled' },
    ],
    [{ status: 'error' as const }, { type: 'error', code: 'error_unknown', message: '' }],
    [{ status: 'action_required' as const }, { type: 'error', code: 'error_unknown', message: '' }],
  ])('%p → %p', (answer, event) => {
    expect(eventFromPaymentAnswer(answer)).toEqual(event);
  });
});
