import { readFileSync } from 'node:fs';
import path from 'node:path';
import { TEST_CARDS, challengeOutcome, chargeOutcome, testCardOf } from '../../../src/contract/testCards';

describe('the shared test-card table', () => {
  it('lists every card once, with a valid check digit', () => {
    const numbers = TEST_CARDS.map((card) => card.number);
    expect(new Set(numbers).size).toBe(numbers.length);
    for (const number of numbers) {
      const sum = [...number]
        .reverse()
        .map(Number)
        .reduce(
          (total, digit, index) => total + (index % 2 === 1 ? (digit * 2 > 9 ? digit * 2 - 9 : digit * 2) : digit),
          0,
        );
      expect({ number, luhn: sum % 10 }).toEqual({ number, luhn: 0 });
    }
  });

  it('agrees with the README tables: every card listed there is in the table, declines with their code', () => {
    // README.md lists a few cards; the payments module's README lists them all.
    const rows = ['../../../README.md', '../../../server/modules/payments/README.md'].flatMap((file) => [
      ...readFileSync(path.resolve(__dirname, file), 'utf8').matchAll(/^\| (\d{4} \d{4} \d{4} \d{4}) \| (.+) \|$/gm),
    ]);
    expect(rows.length).toBeGreaterThanOrEqual(5);
    for (const [, spaced, text] of rows) {
      const card = testCardOf(spaced.replace(/ /g, ''));
      expect({ spaced, known: card !== undefined }).toEqual({ spaced, known: true });
      const code = /^declined: `(\w+)`/.exec(text)?.[1];
      if (code !== undefined) expect(card?.behaviour).toBe(code);
    }
  });

  it('decides first and saved-card charges and the 3-D Secure page', () => {
    expect(chargeOutcome('success', 'first')).toEqual({ status: 'paid' });
    expect(chargeOutcome('challenge', 'first')).toEqual({ status: 'action_required' });
    expect(chargeOutcome('challenge', 'recurrent')).toEqual({ status: 'paid' });
    expect(chargeOutcome('recurring_fails', 'first')).toEqual({ status: 'paid' });
    expect(chargeOutcome('recurring_fails', 'recurrent')).toMatchObject({
      status: 'declined',
      code: 'insufficient_funds',
    });
    expect(chargeOutcome('expired_card', 'recurrent')).toMatchObject({ status: 'declined', code: 'expired_card' });
    expect(challengeOutcome('challenge', 'confirm')).toEqual({ status: 'paid' });
    expect(challengeOutcome('challenge_fails', 'confirm')).toMatchObject({ status: 'declined', code: '3ds_failed' });
    expect(challengeOutcome('challenge', 'decline')).toMatchObject({ status: 'declined', code: '3ds_declined' });
    expect(challengeOutcome('challenge', 'timeout')).toMatchObject({ status: 'declined', code: '3ds_timeout' });
  });
});
