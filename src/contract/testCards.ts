/**
 * The sandbox card provider's test cards, one table for the server's sandbox provider and the in-memory backend
 * (README "Demo accounts and test cards" lists the same; a unit test keeps them equal). The behaviour is decided from
 * the card number; any other number that passes the check digit pays without a challenge (issued in DE; Mir in RU).
 */
export type CardBehaviour =
  /** Paid at once, no 3-D Secure. */
  | 'success'
  /** A 3-D Secure challenge; Confirm pays, Decline or the countdown cancels. */
  | 'challenge'
  /** A 3-D Secure challenge whose authentication fails whatever the payer does. */
  | 'challenge_fails'
  | 'insufficient_funds'
  | 'do_not_honor'
  | 'expired_card'
  /** The first charge succeeds (the card can be saved); every later saved-card charge fails for lack of funds. */
  | 'recurring_fails';

export interface TestCard {
  readonly number: string;
  readonly behaviour: CardBehaviour;
  readonly country: string;
  readonly type: 'credit' | 'debit';
  readonly note: string;
}

export const TEST_CARDS: readonly TestCard[] = [
  {
    number: '4242424242424242',
    behaviour: 'success',
    country: 'DE',
    type: 'debit',
    note: 'Visa, paid without 3-D Secure',
  },
  {
    number: '5555555555554444',
    behaviour: 'success',
    country: 'FR',
    type: 'credit',
    note: 'Mastercard, paid without 3-D Secure',
  },
  {
    number: '2200000000000004',
    behaviour: 'success',
    country: 'RU',
    type: 'debit',
    note: 'Mir, paid without 3-D Secure',
  },
  {
    number: '4000000000003220',
    behaviour: 'challenge',
    country: 'DE',
    type: 'credit',
    note: '3-D Secure challenge: Confirm pays, Decline cancels',
  },
  {
    number: '4000000000003238',
    behaviour: 'challenge_fails',
    country: 'DE',
    type: 'credit',
    note: '3-D Secure challenge that the issuer declines',
  },
  {
    number: '4000000000009995',
    behaviour: 'insufficient_funds',
    country: 'DE',
    type: 'debit',
    note: 'Declined: insufficient funds',
  },
  {
    number: '4000000000000002',
    behaviour: 'do_not_honor',
    country: 'DE',
    type: 'credit',
    note: 'Declined by the issuer',
  },
  {
    number: '4000000000000069',
    behaviour: 'expired_card',
    country: 'DE',
    type: 'credit',
    note: 'Declined: expired card',
  },
  {
    number: '4000000000000127',
    behaviour: 'success',
    country: 'US',
    type: 'credit',
    note: 'Paid; issued in the US, a country not supported for payouts',
  },
  {
    number: '4000000000000077',
    behaviour: 'success',
    country: '',
    type: 'debit',
    note: 'Paid; the provider does not report the issuing country (a payout card is saved without the country check)',
  },
  {
    number: '4000000000000341',
    behaviour: 'recurring_fails',
    country: 'DE',
    type: 'debit',
    note: 'First payment succeeds; later saved-card charges (renewals) fail',
  },
];

/** The provider's decline codes and the descriptions it sends with them (the client shows both). */
export const DECLINES: Readonly<Record<string, string>> = {
  insufficient_funds: 'Insufficient funds on the card',
  do_not_honor: 'The issuing bank declined the payment',
  expired_card: 'The card has expired',
  '3ds_declined': '3-D Secure authentication was declined by the cardholder',
  '3ds_failed': '3-D Secure authentication failed',
  '3ds_timeout': '3-D Secure authentication timed out',
  session_expired: 'The payment session expired',
  card_not_supported: 'This card cannot be charged without the cardholder',
};

/** The behaviour of a card number (digits only): a listed test card's, else paid at once. */
export function testCardOf(digits: string): TestCard | undefined {
  return TEST_CARDS.find((card) => card.number === digits);
}

export type ChargeOutcome =
  | { readonly status: 'paid' }
  | { readonly status: 'action_required' }
  | { readonly status: 'declined'; readonly code: string; readonly description: string };

/**
 * What a charge does with a card of this behaviour: `first` when the payer is present with a new card, `recurrent`
 * for a saved card (a card authenticated when it was saved is charged without a challenge later).
 */
export function chargeOutcome(behaviour: CardBehaviour, charge: 'first' | 'recurrent'): ChargeOutcome {
  switch (behaviour) {
    case 'success':
      return { status: 'paid' };
    case 'recurring_fails':
      return charge === 'first' ? { status: 'paid' } : declined('insufficient_funds');
    case 'challenge':
    case 'challenge_fails':
      return charge === 'recurrent' ? { status: 'paid' } : { status: 'action_required' };
    case 'insufficient_funds':
    case 'do_not_honor':
    case 'expired_card':
      return declined(behaviour);
  }
}

/** What the 3-D Secure page ends with when the payer confirms or declines it. */
export function challengeOutcome(behaviour: CardBehaviour, answer: 'confirm' | 'decline' | 'timeout'): ChargeOutcome {
  if (answer === 'decline') return declined('3ds_declined');
  if (answer === 'timeout') return declined('3ds_timeout');
  return behaviour === 'challenge_fails' ? declined('3ds_failed') : { status: 'paid' };
}

function declined(code: string): ChargeOutcome {
  return { status: 'declined', code, description: DECLINES[code] ?? code };
}

/** A card of the table by number, with the scenario name the in-memory seeder uses for it. */
function named<const N extends string, const S extends 'approve' | 'decline' | 'three_ds'>(
  number: N,
  scenario: S,
): { readonly number: N; readonly scenario: S; readonly country: string } {
  const card = testCardOf(number);
  if (card === undefined) throw new Error(`${number} is not a test card`);
  return { number, scenario, country: card.country };
}

/** The test cards tests and examples name; numbers and countries come from TEST_CARDS. */
export const PROVIDER_TEST_CARDS = {
  approved: named('4242424242424242', 'approve'),
  approvedMastercard: named('5555555555554444', 'approve'),
  /** Declined by the issuer: do_not_honor. */
  declined: named('4000000000000002', 'decline'),
  /** Asks for 3-D Secure (action_required with a redirect url) before settling. */
  threeDSecure: named('4000000000003220', 'three_ds'),
  /** Issued in RU: a DE payout account answers error_country_mismatch. */
  russianMir: named('2200000000000004', 'approve'),
} as const;

/** The error the `declined` test card ends with. */
export const PROVIDER_DECLINE_ERROR = { code: 'do_not_honor', message: DECLINES.do_not_honor! } as const;
