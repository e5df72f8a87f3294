/**
 * The creator's side of Telegram Stars through the host emulator: a monthly subscription priced in Stars from the
 * suggestion (the card price at STARS_RATE_EUR, set for the e2e server in playwright.config.ts), a weekly one sold
 * in Stars one period at a time, a Stars price cleared again (not sold in Stars), a donation request with a Stars
 * amount, and a follower's Stars payment (made on the Bot API double's payment sheet) in the creator's transactions
 * and revenue.
 */
import { randomInt } from 'node:crypto';
import type { SandboxApi } from './support/sandbox';
import { type NewUser, expect, newUser, test } from './support/fixtures';
import { payInStars, starsShop } from './support/stars';

interface ChannelDto {
  id: number;
  name: string;
}
interface SubscriptionDto {
  id: number;
  name: string;
}
interface StarsPriceDto {
  stars: number | null;
  offer: string;
  suggested: number | null;
}

/** A verified creator with a public channel past onboarding (so the form goes on to the subscription page). */
async function creatorWithPublicChannel(
  sandbox: SandboxApi,
  name: string,
): Promise<{ creator: NewUser; channel: ChannelDto; chatId: number }> {
  const creator = newUser(name);
  await sandbox.api(creator, 'GET', '/dashboard?mode=follower');
  await sandbox.kyc(creator.telegramId, 'approved');
  const chatId = -1_000_000_000_000 - randomInt(1_000_000_000);
  const { channel } = (await sandbox.channelAdded({
    ownerTelegramId: creator.telegramId,
    chatId,
    title: `${name} Channel`,
    username: `${name.toLowerCase()}_${randomInt(1_000_000)}`,
  })) as { channel: ChannelDto };
  await sandbox.api(creator, 'POST', `/channel/${channel.id}/language`, { language: 'en' });
  await sandbox.api(creator, 'POST', `/channel/${channel.id}/onboarding/skip_step`);
  await sandbox.api(creator, 'POST', `/channel/${channel.id}/onboarding/skip_step`);
  return { creator, channel, chatId };
}

test('a monthly subscription priced from the suggestion, a weekly one for one period, and a price cleared', async ({
  emulator,
  sandbox,
  consoleProblems,
}) => {
  const { creator, channel } = await creatorWithPublicChannel(sandbox, 'Stella');
  const starsOf = async (name: string): Promise<StarsPriceDto> => {
    const { subscriptions } = await sandbox.api<{ subscriptions: SubscriptionDto[] }>(
      creator,
      'GET',
      `/channel/${channel.id}`,
    );
    const subscription = subscriptions.find((s) => s.name === name);
    expect(subscription).toBeDefined();
    return sandbox.api<StarsPriceDto>(creator, 'GET', `/subscription/${subscription!.id}/stars`);
  };

  await emulator.open({ user: creator, appPath: `/channel/${channel.id}/subscription/create` });
  const app = emulator.app;
  const stars = app.getByLabel('Price in Stars', { exact: true });

  // Monthly renews every 30 days in Stars; the suggestion follows the card price (€5 at €0.012 a Star: 417).
  await expect(stars).toHaveValue('');
  await expect(stars).toHaveAccessibleDescription(/Renews every 30 days/);
  await expect(app.getByRole('button', { name: 'Suggest a price' })).toBeDisabled();
  await app.getByLabel('Price', { exact: true }).fill('5');
  await app.getByRole('button', { name: 'Suggest 417 ⭐' }).click();
  await expect(stars).toHaveValue('417');
  // Beyond Telegram's limits: the error names them under the field.
  await stars.fill('20000');
  await app.getByLabel('Name', { exact: true }).fill('Stella Monthly');
  await emulator.clickMainButton('Create');
  await expect(app.locator('.field__error')).toHaveText('Enter from 1 ⭐ to 10,000 ⭐');
  await expect(stars).toBeFocused();
  await app.getByRole('button', { name: 'Suggest 417 ⭐' }).click();
  await emulator.expectAccessibleApp();
  await emulator.clickMainButton('Create');
  await expect(app.getByRole('heading', { level: 1, name: 'Stella Monthly' })).toBeVisible();
  await expect(app.getByTestId('subscription-stars')).toHaveText('In Stars: 417\u00a0⭐, renews every 30 days');
  expect(await starsOf('Stella Monthly')).toMatchObject({ stars: 417, offer: 'renewing', suggested: 417 });

  // Edit: the saved Stars price shows; emptied, the subscription is no longer sold in Stars.
  await app.getByRole('link', { name: 'Edit' }).click();
  await expect(stars).toHaveValue('417');
  await stars.fill('');
  await emulator.clickMainButton('Save');
  await expect(app.locator('.toast')).toContainText('Subscription saved');
  await expect(app.getByTestId('subscription-stars')).toHaveCount(0);
  expect(await starsOf('Stella Monthly')).toMatchObject({ stars: null });

  // Weekly: Stars pay one period at a time, without renewal.
  await emulator.open({ user: creator, appPath: `/channel/${channel.id}/subscription/create` });
  await app.getByRole('tab', { name: 'Weekly' }).click();
  await expect(stars).toHaveAccessibleDescription(/Stars pay for one period at a time, without renewal/);
  await app.getByLabel('Price', { exact: true }).fill('2');
  await app.getByLabel('Name', { exact: true }).fill('Stella Weekly');
  await stars.fill('150');
  await emulator.expectAccessibleApp();
  await emulator.clickMainButton('Create');
  await expect(app.getByRole('heading', { level: 1, name: 'Stella Weekly' })).toBeVisible();
  await expect(app.getByTestId('subscription-stars')).toHaveText(
    'In Stars: 150\u00a0⭐ for one period, without renewal',
  );
  expect(await starsOf('Stella Weekly')).toMatchObject({ stars: 150, offer: 'one_period' });

  expect(consoleProblems.filter((problem) => !problem.url.endsWith('/favicon.ico'))).toEqual([]);
});

test('a donation request with an amount in Stars from the suggestion', async ({
  emulator,
  sandbox,
  consoleProblems,
}) => {
  const { creator, channel, chatId } = await creatorWithPublicChannel(sandbox, 'Dorado');
  await emulator.open({ user: creator, appPath: `/channel/${channel.id}/donation/create` });
  const app = emulator.app;
  const stars = app.getByLabel('Amount in Stars', { exact: true });
  await expect(stars).toHaveAccessibleDescription(/Donors paying in Stars start from this amount/);
  await app.getByLabel('Title', { exact: true }).fill('Coffee for the crew');
  await app.getByLabel('Description', { exact: true }).fill('Every cup keeps us going.');
  await app.getByLabel('Suggested amount', { exact: true }).fill('15');
  // €15 at €0.012 a Star: 1,250 Stars.
  await app.getByRole('button', { name: 'Suggest 1,250 ⭐' }).click();
  await expect(stars).toHaveValue('1250');
  await emulator.expectAccessibleApp();
  await emulator.clickMainButton('Continue');
  await emulator.clickMainButton('Publish and pin');
  await expect(app.locator('.toast')).toContainText('Donation request published');
  const { posts } = await sandbox.get<{ posts: { kind: string; refId: number }[] }>(
    `/sandbox/bot/posts?chatId=${chatId}`,
  );
  const donation = posts.find((post) => post.kind === 'donation');
  expect(donation).toBeDefined();
  expect(await sandbox.api<StarsPriceDto>(creator, 'GET', `/donation/${donation!.refId}/stars`)).toMatchObject({
    stars: 1250,
    offer: 'one_time',
  });
  expect(consoleProblems.filter((problem) => !problem.url.endsWith('/favicon.ico'))).toEqual([]);
});

test("a follower's Stars payment in the creator's revenue and transaction details", async ({
  emulator,
  sandbox,
  consoleProblems,
}) => {
  const shop = await starsShop(sandbox, 'Nova', 417);
  await payInStars(sandbox, shop, 'Orion');
  const { transactions } = await sandbox.api<{ transactions: { id: number; type: string }[] }>(
    shop.creator,
    'GET',
    '/dashboard?mode=creator',
  );
  const sale = transactions.find((transaction) => transaction.type === 'sell_subscription');
  expect(sale).toBeDefined();

  await emulator.open({ user: shop.creator, appPath: `/channel/${shop.channel.id}` });
  const app = emulator.app;
  // Revenue: the Stars sale counts in euros, and the period's Stars line says so with the Stars paid.
  await expect(app.getByTestId('revenue-stars')).toContainText(/Telegram Stars: €[\d.]+ · 417\u00a0⭐/);
  await emulator.expectAccessibleApp();

  await emulator.open({ user: shop.creator, appPath: `/transaction/${sale!.id}` });
  const cell = (title: string) =>
    app.locator('.cell', { has: app.locator('.cell__title', { hasText: new RegExp(`^${title}$`) }) });
  await expect(cell('Payment method')).toContainText('Telegram Stars');
  await expect(cell('Paid in Stars')).toContainText('417\u00a0⭐');
  await expect(cell('Exchange rate')).toContainText('1 ⭐ = 0.012 EUR');
  // 417 Stars at €0.012 credit €5.00 (5.004, rounded down) before the service fee; no card processing fee.
  await expect(cell('Price')).toContainText('€5');
  await expect(cell('Card processing fee')).toHaveCount(0);
  const shown = async (title: string) =>
    Math.round(Number((await cell(title).locator('.cell__after').innerText()).replace(/[^\d.]/g, '')) * 100);
  expect((await shown('Service fee')) + (await shown('You receive'))).toBe(500);
  await emulator.expectAccessibleApp();
  expect(consoleProblems.filter((problem) => !problem.url.endsWith('/favicon.ico'))).toEqual([]);
});
