import {
  DECLINES,
  TEST_CARDS,
  challengeOutcome,
  chargeOutcome,
  type ChargeOutcome,
} from '../../../src/contract/testCards';
import { paymentFailureReason } from '../../../src/domain/payment-failure';

describe('payment failure reasons', () => {
  it('names every decline the sandbox provider sends, never as the catch-all', () => {
    const unnamed = Object.keys(DECLINES).filter((code) => paymentFailureReason(code) === 'other');
    expect(unnamed).toEqual([]);
  });

  it("names every test card's failure, new or saved, challenged or not", () => {
    const outcomes: ChargeOutcome[] = TEST_CARDS.flatMap((card) => [
      chargeOutcome(card.behaviour, 'first'),
      chargeOutcome(card.behaviour, 'recurrent'),
      challengeOutcome(card.behaviour, 'confirm'),
      challengeOutcome(card.behaviour, 'decline'),
      challengeOutcome(card.behaviour, 'timeout'),
    ]);
    const reasons = new Set(
      outcomes.flatMap((outcome) => (outcome.status === 'declined' ? [paymentFailureReason(outcome.code)] : [])),
    );
    expect([...reasons].sort()).toEqual(['authentication', 'declined', 'expired', 'funds', 'timeout']);
  });

  it.each([
    ['insufficient_funds', 'funds'],
    ['card_declined', 'declined'],
    ['do_not_honor', 'declined'],
    ['expired_card', 'expired'],
    ['authentication_failed', 'authentication'],
    ['3ds_failed', 'authentication'],
    ['3ds_declined', 'authentication'],
    ['3ds_timeout', 'timeout'],
    ['payment_abandoned', 'timeout'],
    ['token_not_found', 'card'],
    [' Insufficient_Funds ', 'funds'],
  ])('%s reads as %s', (code, reason) => {
    expect(paymentFailureReason(code)).toBe(reason);
  });

  it('reads any other code, or none, as the catch-all', () => {
    expect(paymentFailureReason('payment_failed')).toBe('other');
    expect(paymentFailureReason('error_unknown')).toBe('other');
    expect(paymentFailureReason('')).toBe('other');
    expect(paymentFailureReason(undefined)).toBe('other');
    expect(paymentFailureReason(null)).toBe('other');
  });
});
