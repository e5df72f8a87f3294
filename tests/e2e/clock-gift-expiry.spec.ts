/**
 * On the clock server, one spec at a time (project 'clock' in playwright.config.ts): it moves the server's sandbox
 * clock.
 *
 * An unaccepted gift, in both looks: 30 days after the purchase the gifts job refunds it to the giver's card through
 * the Smart Glocal double, the bot tells the giver in their chat, the giver's gift page says it was refunded, and the
 * link's page tells a late recipient it expired.
 */
import { PROVIDER_TEST_CARDS } from '../../src/contract/api';
import { creatorWithChannel, freshFollower, unexpectedProblems } from './follower-support';
import { expect, test } from './support/fixtures';

const LOOKS = [
  { look: 'Apple', platform: 'ios' },
  { look: 'Material', platform: 'android-7.10' },
] as const;

for (const { look, platform } of LOOKS) {
  test(`an unaccepted gift is refunded after 30 days and the giver is told, ${look} look`, async ({
    emulator,
    sandbox,
    page,
    consoleProblems,
  }) => {
    const world = await creatorWithChannel(sandbox, { price: 10 });
    const giver = await freshFollower(sandbox, 'Gabe');
    const card = await sandbox.newCard(giver, PROVIDER_TEST_CARDS.approved.number);
    const paid = await sandbox.api<{ paymentId: string; status: string }>(
      giver,
      'POST',
      `/invoice/subscription/${world.subscriptionId}/gift`,
      { paymentMethod: 'smart_glocal_form', ...card },
      { 'Idempotency-Key': `clock-gift-${giver.telegramId}` },
    );
    expect(paid.status).toBe('paid');
    const { gift } = await sandbox.api<{ gift: { code: string } }>(giver, 'GET', `/gift/sent/${paid.paymentId}`);

    // 30 days and a bit: the jobs run with the clock (POST /sandbox/clock).
    await sandbox.advanceClock(30 * 86_400 + 120);

    await emulator.open({ user: giver, platform, appPath: `/gift/sent/${paid.paymentId}` });
    await expect(emulator.app.getByText('Your gift was not accepted, so it was refunded.')).toBeVisible({
      timeout: 15_000,
    });
    await emulator.expectAccessibleApp();
    const chat = page.getByRole('region', { name: 'Bot chat of Gabe' });
    await expect(
      chat.getByRole('listitem').filter({
        hasText: `Your gift of Monthly Subscription in ${world.channel.title} was not accepted within 30 days, so we refunded €10 to your card.`,
      }),
    ).toHaveAttribute('data-from', 'bot');

    const late = await freshFollower(sandbox, 'Lara');
    await emulator.open({ user: late, platform, startParam: `gift_${gift.code}` });
    await expect(emulator.app.getByTestId('gift-refusal')).toHaveText('This gift has expired.');
    await emulator.expectAccessibleApp();
    expect(unexpectedProblems(consoleProblems)).toEqual([]);
  });
}
