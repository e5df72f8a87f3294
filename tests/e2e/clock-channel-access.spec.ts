/**
 * On the clock server, one spec at a time (project 'clock' in playwright.config.ts): it moves the server's sandbox
 * clock.
 *
 * Paid access to a private channel in the emulator: a follower pays, "Go to channel" opens their personal
 * invite link and the sandbox's Telegram lets them in (the channel pane lists them as a member); once the clock passes
 * the expiry of the cancelled subscription, the bot removes them and the pane shows it.
 */
import { randomInt } from 'node:crypto';
import { PROVIDER_TEST_CARDS } from '../../src/contract/api';
import { fillCardForm, freshFollower, showChannelToFollower, unexpectedProblems } from './follower-support';
import { expect, newUser, test } from './support/fixtures';

test('a follower pays for a private channel, joins by its link, and is removed when the cancelled subscription ends', async ({
  emulator,
  sandbox,
  page,
  consoleProblems,
}) => {
  const creator = newUser('Priya');
  await sandbox.api(creator, 'GET', '/dashboard?mode=follower');
  await sandbox.kyc(creator.telegramId, 'approved');
  const suffix = randomInt(1_000_000_000);
  const channel = { chatId: -(1_000_000_000_000 + suffix), title: `Priya Private ${suffix}` };
  const added = (await sandbox.channelAdded({ ownerTelegramId: creator.telegramId, ...channel })) as {
    channel: { id: number };
  };
  const created = await sandbox.api<{ subscription: { id: number } }>(creator, 'POST', '/subscription/new', {
    channelId: added.channel.id,
    name: 'Weekly Insider',
    description: 'The private posts.',
    period: 'weekly',
    currency: 'eur',
    amount: 5,
    buttonText: 'Join',
  });

  const follower = await freshFollower(sandbox, 'Ivo');
  await emulator.open({ user: follower, launch: false });
  await showChannelToFollower(page, follower, channel);
  await emulator.open({ user: follower, startParam: `subscription_${created.subscription.id}` });
  await emulator.clickMainButton('Subscribe for €5 / week');
  await fillCardForm(emulator, { number: PROVIDER_TEST_CARDS.approved.number });
  await emulator.clickMainButton('Pay €5');
  await expect(emulator.app.getByRole('heading', { name: 'Payment successful' })).toBeVisible({ timeout: 15_000 });
  await emulator.clickMainButton('Go to channel');
  const opened = await emulator.waitForMethod('web_app_open_tg_link');
  expect(JSON.stringify(opened)).toMatch(/\/\+/);

  const members = emulator.channel(channel.title).getByRole('list', { name: `Members of ${channel.title}` });
  await expect(members.getByText('Ivo: member')).toBeVisible({ timeout: 10_000 });

  const memberId = (
    await sandbox.api<{ subscriptionMembers: { id: number; subscriptionId: number }[] }>(
      follower,
      'GET',
      '/dashboard?mode=follower',
    )
  ).subscriptionMembers.find((member) => member.subscriptionId === created.subscription.id)!.id;
  await sandbox.api(follower, 'GET', `/follower/subscription_member/${memberId}/cancel`);
  await sandbox.advanceClock(8 * 86_400);
  await expect(members.getByText('Ivo: removed by the bot')).toBeVisible({ timeout: 10_000 });
  expect(unexpectedProblems(consoleProblems)).toEqual([]);
});
