/**
 * Gift subscriptions through the emulator, in both looks: a follower opens a private channel's subscription, taps
 * "Give as a gift", pays one period by card, and shares the gift link through Telegram's share sheet
 * (core.telegram.org/widgets/share: t.me/share/url?url=…&text=…); the recipient opens the link (its startapp
 * parameter), sees who gives what, accepts it, and joins the channel by their personal invite link; their
 * subscription page says it is a gift ("Gift", "Gift until <date>").
 */
import { randomInt } from 'node:crypto';
import { PROVIDER_TEST_CARDS } from '../../src/contract/api';
import { fillCardForm, freshFollower, showChannelToFollower, unexpectedProblems } from './follower-support';
import { expect, newUser, test } from './support/fixtures';

const LOOKS = [
  { look: 'Apple', platform: 'ios' },
  { look: 'Material', platform: 'android-7.10' },
] as const;

for (const { look, platform } of LOOKS) {
  test(`a follower gives a month as a gift and the recipient joins with it, ${look} look`, async ({
    emulator,
    sandbox,
    page,
    consoleProblems,
  }) => {
    const creator = newUser('Priya');
    await sandbox.api(creator, 'GET', '/dashboard?mode=follower');
    await sandbox.kyc(creator.telegramId, 'approved');
    const suffix = randomInt(1_000_000_000);
    const channel = { chatId: -(1_000_000_000_000 + suffix), title: `Gift Club ${suffix}` };
    const added = (await sandbox.channelAdded({ ownerTelegramId: creator.telegramId, ...channel })) as {
      channel: { id: number };
    };
    const created = await sandbox.api<{ subscription: { id: number } }>(creator, 'POST', '/subscription/new', {
      channelId: added.channel.id,
      name: 'Monthly Insider',
      description: 'The private posts.',
      period: 'monthly',
      currency: 'eur',
      amount: 10,
      buttonText: 'Join',
    });
    const subscriptionId = created.subscription.id;

    // The giver: the invoice → Give as a gift → one month by card.
    const giver = await freshFollower(sandbox, 'Gina');
    await emulator.open({ user: giver, platform, startParam: `subscription_${subscriptionId}` });
    const app = emulator.app;
    await app.getByRole('link', { name: 'Give as a gift' }).click();
    await expect(app.getByText('Monthly Insider')).toBeVisible();
    await expect(app.getByText('1 month')).toBeVisible();
    await expect(
      app.getByText('It does not renew. If nobody accepts it within 30 days, we refund your card.'),
    ).toBeVisible();
    await emulator.expectAccessibleApp();
    await emulator.clickMainButton('Pay €10');
    await fillCardForm(emulator, { number: PROVIDER_TEST_CARDS.approved.number });
    await emulator.clickMainButton('Pay €10');
    await expect(app.getByRole('heading', { name: 'Your gift is ready' })).toBeVisible({ timeout: 15_000 });
    const link = (await app.getByTestId('gift-link').textContent())!.trim();
    expect(link).toMatch(/^https:\/\/t\.me\/[^/]+\/[^?]+\?startapp=gift_[0-9A-Za-z]{22}$/);
    await emulator.expectAccessibleApp();

    // Share: Telegram's share sheet with the link and what it is; Send to a chat.
    await app.getByRole('button', { name: 'Share' }).click();
    await expect(emulator.shareSheet).toBeVisible();
    await expect(emulator.shareSheet.getByRole('textbox', { name: 'Message' })).toHaveValue(
      `${link}\nA gift for you: 1 month of Monthly Insider in ${channel.title}`,
    );
    await emulator.shareSheet.getByLabel('Bob Follower').check();
    await emulator.shareSheet.getByRole('button', { name: 'Send' }).click();
    await expect(emulator.notice).toHaveText('Sent to Bob Follower.');

    // The creator's transactions show the gift sale at once.
    const sold = await sandbox.api<{ transactions: { type: string; gift?: boolean }[] }>(
      creator,
      'POST',
      '/dashboard/transactions',
      { list: 'all', mode: 'creator' },
    );
    expect(sold.transactions).toContainEqual(expect.objectContaining({ type: 'sell_subscription', gift: true }));

    // The recipient opens the shared link: the mini-app with its start parameter.
    const recipient = await freshFollower(sandbox, 'Rita');
    await emulator.open({ user: recipient, launch: false });
    await showChannelToFollower(page, recipient, channel);
    const startParam = new URL(link).searchParams.get('startapp')!;
    await emulator.open({ user: recipient, platform, startParam });
    await expect(app.getByText('A gift from Gina')).toBeVisible();
    await expect(app.getByText(`1 month of Monthly Insider in ${channel.title}`)).toBeVisible();
    await emulator.expectAccessibleApp();
    await emulator.clickMainButton('Accept gift');
    await expect(app.getByText('Gift accepted')).toBeVisible({ timeout: 15_000 });
    await expect(app.getByText(/^Your access runs until /)).toBeVisible();
    await emulator.expectAccessibleApp();
    await emulator.clickMainButton('Go to channel');
    const opened = await emulator.waitForMethod('web_app_open_tg_link');
    expect(JSON.stringify(opened)).toMatch(/\/\+/);
    const members = emulator.channel(channel.title).getByRole('list', { name: `Members of ${channel.title}` });
    await expect(members.getByText('Rita: member')).toBeVisible({ timeout: 10_000 });

    // The recipient's subscription page says it is a gift, not a cancelled subscription (src/domain/follower-subscription.ts).
    const code = startParam.slice('gift_'.length);
    const again = await sandbox.api<{ subscriptionMemberId: number; expiresAt: number }>(
      recipient,
      'POST',
      `/gift/${code}/accept`,
    );
    await emulator.open({ user: recipient, platform, appPath: `/follower/subscription/${again.subscriptionMemberId}` });
    await expect(app.getByText('Gift', { exact: true }).first()).toBeVisible({ timeout: 15_000 });
    await expect(app.getByTestId('paid-with')).toHaveText('Gift');
    await expect(app.getByText(/^Gift until /)).toBeVisible();
    await expect(app.getByText('Cancelled', { exact: true })).toHaveCount(0);
    await emulator.expectAccessibleApp();

    // The creator's subscription page counts it.
    const stats = await sandbox.api<{ sold: number; redeemed: number }>(
      creator,
      'GET',
      `/subscription/${subscriptionId}/gifts`,
    );
    expect(stats).toMatchObject({ sold: 1, redeemed: 1 });
    expect(unexpectedProblems(consoleProblems)).toEqual([]);
  });
}
