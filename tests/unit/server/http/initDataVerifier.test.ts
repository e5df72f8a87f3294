import { AppError } from '../../../../server/platform/errors';
import { InitDataVerifier } from '../../../../server/modules/users/auth';
import { signInitData } from '../../../../server/modules/sandbox/initData';

const TOKEN = '123:bot-token';
const NOW = Date.UTC(2026, 10, 22, 12);

function refusal(run: () => unknown): string {
  try {
    run();
  } catch (error) {
    if (error instanceof AppError) return `${error.code}: ${error.message}`;
    throw error;
  }
  throw new Error('expected a refusal');
}

describe('InitDataVerifier', () => {
  test('accepts signed init data and answers the same profile again from memory', () => {
    const verifier = new InitDataVerifier(TOKEN);
    const raw = signInitData({ telegramId: 1001, firstName: 'Alice' }, TOKEN, NOW);
    expect(verifier.verify(raw, NOW).profile).toMatchObject({ telegramId: 1001, firstName: 'Alice' });
    expect(verifier.verify(raw, NOW + 1000).profile.telegramId).toBe(1001);
  });

  test('a remembered string is still refused once it is older than 24 hours', () => {
    const verifier = new InitDataVerifier(TOKEN);
    const raw = signInitData({ telegramId: 1001, firstName: 'Alice' }, TOKEN, NOW);
    verifier.verify(raw, NOW);
    expect(refusal(() => verifier.verify(raw, NOW + 86_401_000))).toMatch(/^unauthorized: .*expired/);
  });

  test('a tampered copy of a remembered string is refused', () => {
    const verifier = new InitDataVerifier(TOKEN);
    const raw = signInitData({ telegramId: 1001, firstName: 'Alice' }, TOKEN, NOW);
    verifier.verify(raw, NOW);
    const tampered = raw.replace(encodeURIComponent('"id":1001'), encodeURIComponent('"id":2001'));
    expect(tampered).not.toBe(raw);
    expect(refusal(() => verifier.verify(tampered, NOW))).toMatch(/^unauthorized: .*signature/);
  });

  test('data signed with another token is refused every time (refusals are not remembered)', () => {
    const verifier = new InitDataVerifier(TOKEN);
    const foreign = signInitData({ telegramId: 1001, firstName: 'Alice' }, '999:other', NOW);
    expect(refusal(() => verifier.verify(foreign, NOW))).toMatch(/signature/);
    expect(refusal(() => verifier.verify(foreign, NOW))).toMatch(/signature/);
  });

  test('keeps at most maxEntries strings, dropping the oldest, and still verifies a dropped one', () => {
    const verifier = new InitDataVerifier(TOKEN, 2);
    const raws = [1, 2, 3].map((id) => signInitData({ telegramId: id, firstName: `U${id}` }, TOKEN, NOW));
    for (const raw of raws) verifier.verify(raw, NOW);
    expect((verifier as unknown as { signed: Map<string, unknown> }).signed.size).toBe(2);
    expect(verifier.verify(raws[0]!, NOW).profile.telegramId).toBe(1);
  });
});
