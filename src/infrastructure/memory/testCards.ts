/** How the sandbox provider treats a card number (PROVIDER_TEST_CARDS of the contract, shared with the server). */
import { PROVIDER_DECLINE_ERROR, PROVIDER_TEST_CARDS } from '../../contract/api';
import type { CardScenario } from './records';

const DEFAULT_BEHAVIOUR = { scenario: 'approve', country: 'DE' } as const;

export function testCardBehaviour(number: string): { scenario: CardScenario; country: string } {
  const known = Object.values(PROVIDER_TEST_CARDS).find((card) => card.number === number);
  return known ? { scenario: known.scenario, country: known.country } : { ...DEFAULT_BEHAVIOUR };
}

export const DECLINE_ERROR = PROVIDER_DECLINE_ERROR;
