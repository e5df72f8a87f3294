/**
 * How the sandbox provider treats a card number in the in-memory backend: the shared table of src/contract/testCards.ts
 * (the server's sandbox provider reads the same), mapped onto the fake's scenarios.
 */
import { PROVIDER_DECLINE_ERROR } from '../../contract/api';
import { DECLINES, testCardOf } from '../../contract/testCards';
import type { CardScenario } from './records';

export interface CardBehaviourInFake {
  readonly scenario: CardScenario;
  readonly country: string;
  /** The issuer's answer when the scenario declines (default: do_not_honor). */
  readonly decline?: { readonly code: string; readonly message: string };
  /** 3-D Secure fails even when the payer confirms. */
  readonly challengeFails?: boolean;
  /** The first charge pays; the saved card's later charges decline for lack of funds. */
  readonly recurringFails?: boolean;
}

const decline = (code: string) => ({ code, message: DECLINES[code] ?? code });

export function testCardBehaviour(number: string, brand?: string): CardBehaviourInFake {
  const card = testCardOf(number);
  const country = card?.country ?? (brand === 'mir' ? 'RU' : 'DE');
  switch (card?.behaviour ?? 'success') {
    case 'success':
      return { scenario: 'approve', country };
    case 'recurring_fails':
      return { scenario: 'approve', country, recurringFails: true };
    case 'challenge':
      return { scenario: 'three_ds', country };
    case 'challenge_fails':
      return { scenario: 'three_ds', country, challengeFails: true };
    case 'insufficient_funds':
      return { scenario: 'decline', country, decline: decline('insufficient_funds') };
    case 'do_not_honor':
      return { scenario: 'decline', country, decline: decline('do_not_honor') };
    case 'expired_card':
      return { scenario: 'decline', country, decline: decline('expired_card') };
  }
}

/** The decline of cards seeded with the 'decline' scenario. */
export const DECLINE_ERROR = PROVIDER_DECLINE_ERROR;
/** What the saved card of a recurring_fails card answers on later charges. */
export const RECURRING_DECLINE = decline('insufficient_funds');
export const CHALLENGE_FAILED = decline('3ds_failed');
/** The payer declined the 3-D Secure page (the server's sandbox answers the same). */
export const CHALLENGE_DECLINED = decline('3ds_declined');
