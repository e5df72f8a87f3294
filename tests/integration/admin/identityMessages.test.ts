/**
 * Identity decisions reach the creator: whoever decides (an operator in the console, Sumsub by webhook, the
 * sandbox's control API standing in for the operator), the bot tells the creator in their Telegram language, with
 * the reason of a rejection. A passed check that still waits for an operator (kyc_approved) is not a decision yet.
 * The provider's reason is Sumsub's moderationComment (meant for the applicant; its clientComment never is):
 * https://docs.sumsub.com/docs/user-verification-webhooks (reviewResult), here through the project's Sumsub double.
 */
import { botTexts, fill } from '../../../server/modules/bot/texts';
import { type TestServer, type TestUser, newUser, startTestServer } from '../support/testServer';
import { botTextsTo, consoleApi, consoleSignIn } from '../support/admin';

const ADMIN = { telegramId: 7401, firstName: 'Ada' };
let server: TestServer;
let admin: string;

beforeAll(async () => {
  server = await startTestServer({ config: { adminTelegramIds: [ADMIN.telegramId] } });
  admin = await consoleSignIn(server, ADMIN);
}, 180_000);
afterAll(() => server.close());

const creator = (languageCode: string): TestUser => ({ ...newUser('Creator'), languageCode });

/** Starts the identity check and presses one of the Sumsub double's frame buttons (its review and webhook follow). */
async function check(on: TestServer, user: TestUser, outcome: 'approve' | 'retry' | 'final') {
  const { token } = (await on.api<{ token: string }>(user, 'GET', '/verification/start')).body;
  expect((await on.request('POST', '/websdk/sandbox/submit', { token, outcome })).status).toBe(200);
}

test('an operator approves in the console: the creator hears it in German', async () => {
  const user = creator('de');
  await check(server, user, 'approve');
  expect((await server.api(user, 'GET', '/verification/status')).body.status).toBe('kyc_approved');
  expect(await botTextsTo(server, user.telegramId)).toEqual([]);
  expect((await consoleApi(server, admin, 'POST', `/identity/${user.telegramId}/approve`)).body).toEqual({
    ok: true,
  });
  expect(await botTextsTo(server, user.telegramId)).toEqual([botTexts('de').identityApproved]);
  expect(botTexts('de').identityApproved).not.toBe(botTexts('en').identityApproved);
});

test("an operator rejects in the console: the creator hears it in Russian, with the operator's reason", async () => {
  const user = creator('ru');
  await check(server, user, 'approve');
  await consoleApi(server, admin, 'POST', `/identity/${user.telegramId}/reject`, { reason: 'Документ просрочен' });
  expect(await botTextsTo(server, user.telegramId)).toEqual([
    'Не удалось подтвердить вашу личность: Документ просрочен. Если есть вопросы, напишите в поддержку.',
  ]);
});

test("Sumsub's rejections by webhook: one to try again and a final one, each with Sumsub's comment", async () => {
  const retry = creator('en');
  await check(server, retry, 'retry');
  expect(await botTextsTo(server, retry.telegramId)).toEqual([
    'Your identity check did not pass: The photo of your document is blurry. Please upload a sharper one. Open the app to try again.',
  ]);
  const final = creator('fr');
  await check(server, final, 'final');
  expect(await botTextsTo(server, final.telegramId)).toEqual([
    fill(botTexts('fr').identityRejected, { reason: 'We could not verify your profile' }),
  ]);
});

test('the sandbox control decides in place of an operator: the creator hears it too', async () => {
  const user = creator('es');
  await check(server, user, 'approve');
  await server.request('POST', '/sandbox/kyc/decision', { telegramId: user.telegramId, decision: 'reject' });
  expect(await botTextsTo(server, user.telegramId)).toEqual([
    fill(botTexts('es').identityRejected, { reason: botTexts('es').identityNoReason }),
  ]);
});

test("with KYC_AUTO_APPROVE Sumsub's GREEN is the decision: the creator hears the approval", async () => {
  const auto = await startTestServer({ config: { kycAutoApprove: true } });
  try {
    const user = creator('pt-br');
    await check(auto, user, 'approve');
    expect(await botTextsTo(auto, user.telegramId)).toEqual([botTexts('pt').identityApproved]);
  } finally {
    await auto.close();
  }
});
