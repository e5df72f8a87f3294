/**
 * Donation goals through the host emulator, in both looks: a creator sets a goal and an end date, publishes, and sees
 * the request's progress; a follower donates; the channel post in the emulator's channel pane, the follower's invoice
 * and the creator's request screen show the same progress, and the creator's bot chat gets the goal-reached notice.
 */
import { randomInt } from 'node:crypto';
import { creatorTransactions, followerWithSavedCard, freshFollower, unexpectedProblems } from './follower-support';
import { expect, newUser, test } from './support/fixtures';

interface ChannelDto {
  id: number;
  name: string;
}

/** A day `days` ahead as a date input takes it, in UTC (the emulator's browser runs in UTC). */
function dayAhead(days: number): string {
  return new Date(Date.now() + days * 86_400_000).toISOString().slice(0, 10);
}

for (const platform of ['ios', 'android-7.10'] as const) {
  test(`${platform}: a goal set by the creator shows its progress in the post, the invoice and the request screen`, async ({
    emulator,
    sandbox,
    request,
    page,
    consoleProblems,
  }) => {
    // Several app launches, two payments and a post edit that may wait out the 30 s edit interval.
    test.setTimeout(240_000);
    const creator = newUser('Gala');
    await sandbox.api(creator, 'GET', '/dashboard?mode=follower');
    await sandbox.kyc(creator.telegramId, 'approved');
    const title = `Gala Sounds ${randomInt(1_000_000)}`;
    const chatId = -1_000_000_000_000 - randomInt(1_000_000_000);
    const { channel } = (await sandbox.channelAdded({
      ownerTelegramId: creator.telegramId,
      chatId,
      title,
      username: `gala_${randomInt(1_000_000)}`,
    })) as { channel: ChannelDto };
    await sandbox.api(creator, 'POST', `/channel/${channel.id}/language`, { language: 'en' });

    // The creator sets a goal and an end date, and publishes.
    await emulator.open({ user: creator, platform, appPath: `/channel/${channel.id}/donation/create` });
    const app = emulator.app;
    await app.getByLabel('Title', { exact: true }).fill('New microphone');
    await app.getByLabel('Description', { exact: true }).fill('Help us sound better.');
    await app.getByLabel('Goal (optional)', { exact: true }).fill('20');
    await app.getByLabel('End date (optional)', { exact: true }).fill(dayAhead(10));
    await emulator.expectAccessibleApp();
    await emulator.clickMainButton('Continue');
    await expect(app.getByRole('heading', { name: 'Donation preview' })).toBeAttached();
    await emulator.clickMainButton('Publish and pin');

    // Its own screen shows the progress, and the post carries the same line.
    await expect(app.getByRole('heading', { name: 'Donation request' })).toBeAttached();
    const progress = app.getByTestId('donation-goal');
    await expect(progress).toContainText('€0 of €20');
    await expect(progress).toContainText('0 donations');
    await expect(app.getByRole('progressbar', { name: 'Progress towards the goal' })).toHaveAttribute(
      'aria-valuenow',
      '0',
    );
    await emulator.expectAccessibleApp();
    const post = emulator.posts(title).last();
    await expect(post).toContainText('€0 of €20 · donations: 0 · ends');
    const { posts } = await sandbox.get<{ posts: { kind: string; refId: number }[] }>(
      `/sandbox/bot/posts?chatId=${chatId}`,
    );
    const donationId = posts.find((candidate) => candidate.kind === 'donation')!.refId;

    // A follower donates €1 (saving a card), then €25 in the app.
    const follower = await freshFollower(sandbox, 'Gus');
    await followerWithSavedCard(sandbox, request, follower, donationId);
    await emulator.open({ user: follower, platform, startParam: `donation_${donationId}` });
    await expect(emulator.app.getByTestId('donation-goal')).toContainText('€1 of €20');
    await expect(emulator.app.getByTestId('donation-goal')).toContainText('1 donation');
    await emulator.expectAccessibleApp();
    await emulator.app.getByRole('button', { name: '€25', exact: true }).click();
    await emulator.clickMainButton('Donate €25');
    await expect(emulator.app.getByRole('radio', { name: 'Visa card ending in 4242' })).toBeChecked();
    await emulator.clickMainButton('Pay €25');
    await expect(emulator.app.getByRole('heading', { name: 'Payment successful' })).toBeVisible({ timeout: 15_000 });
    await expect.poll(async () => (await creatorTransactions(sandbox, creator, 'get_donation')).length).toBe(2);

    // The follower's invoice shows the new total.
    await emulator.open({ user: follower, platform, startParam: `donation_${donationId}` });
    await expect(emulator.app.getByTestId('donation-goal')).toContainText('€26 of €20');
    await expect(emulator.app.getByTestId('donation-goal')).toContainText('2 donations');
    await expect(emulator.app.getByTestId('donation-goal')).toContainText('Goal reached');

    // The creator's screen, the post (edited by the bot within seconds) and the notice in the bot chat.
    await emulator.open({ user: creator, platform, appPath: `/channel/${channel.id}/donation/${donationId}` });
    await expect(emulator.app.getByTestId('donation-goal')).toContainText('€26 of €20');
    await expect(emulator.app.getByTestId('donation-goal')).toContainText('130%');
    await expect(emulator.app.getByRole('progressbar', { name: 'Progress towards the goal' })).toHaveAttribute(
      'aria-valuenow',
      '100',
    );
    await emulator.expectAccessibleApp();
    // One edit per post per 30 s: the second edit may wait that long after the first.
    await expect(emulator.posts(title).last()).toContainText('€26 of €20 · donations: 2 · ends', {
      timeout: 60_000,
    });
    await expect(emulator.posts(title).last()).toContainText('goal reached');
    await expect(page.getByRole('region', { name: `Bot chat of ${creator.firstName}` })).toContainText(
      'has reached its goal: €26 of €20',
      { timeout: 30_000 },
    );
    expect(unexpectedProblems(consoleProblems)).toEqual([]);
  });
}
