/**
 * On the clock server, one spec at a time (project 'clock' in playwright.config.ts): it moves the server's sandbox
 * clock.
 *
 * Free trials through the emulator, in both looks: the creator sets a 7-day trial on the subscription's edit screen;
 * a follower opens the invoice, reads "Free for 7 days, then €5 / month" with the first charge's date, starts the
 * trial and goes to the channel, and their subscription screen says "Trial until …". On the sandbox clock the bot
 * reminds them a day before the end and sends the pay link at the end; nothing was charged.
 */
import { creatorWithChannel, freshFollower, unexpectedProblems } from './follower-support';
import { expect, test } from './support/fixtures';

const LOOKS = [
  { look: 'Apple', platform: 'ios' },
  { look: 'Material', platform: 'android-7.10' },
] as const;

interface BotMessage {
  readonly params: { readonly chat_id: number; readonly text: string };
}

for (const { look, platform } of LOOKS) {
  test(`a creator offers a 7-day trial and a follower starts it, reminded and asked to pay on the clock, ${look} look`, async ({
    emulator,
    sandbox,
    consoleProblems,
  }) => {
    const world = await creatorWithChannel(sandbox, { price: 5 });

    // The creator: the subscription's page → Edit → Free trial: 7 days → Save, back on the page with its figures.
    await emulator.open({
      user: world.creator,
      platform,
      appPath: `/channel/${world.channel.id}/subscription/${world.subscriptionId}`,
    });
    const app = emulator.app;
    await app.getByRole('link', { name: 'Edit' }).click();
    await app.getByLabel('Free trial').selectOption('7');
    await expect(app.getByText('Newcomers try it free, once per channel.', { exact: false })).toBeVisible();
    await emulator.expectAccessibleApp();
    await emulator.clickMainButton('Save');
    await expect(app.getByRole('heading', { name: 'Free trials' })).toBeVisible({ timeout: 15_000 });
    await expect(app.getByTestId('trial-on-trial')).toHaveText('0');

    // The follower: the invoice offers the trial and says when the first charge is asked for.
    const follower = await freshFollower(sandbox);
    await emulator.open({ user: follower, platform, startParam: `subscription_${world.subscriptionId}` });
    const offer = app.getByTestId('trial-offer');
    await expect(offer).toContainText('Free for 7 days, then €5 / month');
    await expect(offer).toContainText('First charge on');
    await emulator.expectAccessibleApp();
    await emulator.clickMainButton('Start free trial');
    await expect(app.getByRole('heading', { name: 'Your free trial has started' })).toBeVisible({ timeout: 15_000 });
    await expect(app.getByText(/^Trial until /)).toBeVisible();
    await emulator.expectAccessibleApp();
    await emulator.clickMainButton('Go to channel');
    await emulator.waitForMethod('web_app_open_tg_link');

    const member = (
      await sandbox.api<{ subscriptionMembers: { id: number; subscriptionId: number; trialEndsAt?: number }[] }>(
        follower,
        'GET',
        '/dashboard?mode=follower',
      )
    ).subscriptionMembers.find((row) => row.subscriptionId === world.subscriptionId)!;
    expect(member.trialEndsAt).toBeDefined();
    await emulator.open({ user: follower, platform, appPath: `/follower/subscription/${member.id}` });
    await expect(app.getByText(/^Trial until /)).toBeVisible();
    await emulator.expectAccessibleApp();

    // The clock: a day before the end the reminder, at the end the pay link; no charge either time.
    const messages = async () =>
      (await sandbox.get<{ calls: BotMessage[] }>('/sandbox/bot-api/calls?method=sendMessage')).calls
        .map((call) => call.params)
        .filter((params) => params.chat_id === follower.telegramId)
        .map((params) => params.text);
    const clock = await sandbox.get<{ now: number }>('/sandbox/clock');
    const untilReminder = member.trialEndsAt! - Math.floor(clock.now / 1000) - 86_400 + 60;
    await sandbox.advanceClock(untilReminder);
    await expect.poll(messages).toEqual([expect.stringContaining('ends on')]);
    expect((await messages())[0]).toContain('€5');
    await sandbox.advanceClock(86_400);
    await expect.poll(messages).toEqual([expect.stringContaining('ends on'), expect.stringContaining('has ended')]);
    // Nothing was charged: the follower's subscription screen still has no payment, only the ended trial.
    const own = await sandbox.api<{ subscriptionMember: { trialEndsAt?: number; expiresAt?: number } }>(
      follower,
      'GET',
      `/follower/subscription_member/${member.id}`,
    );
    expect(own.subscriptionMember.trialEndsAt).toBe(member.trialEndsAt);
    expect(own.subscriptionMember.expiresAt).toBe(member.trialEndsAt);
    expect(unexpectedProblems(consoleProblems)).toEqual([]);
  });
}
