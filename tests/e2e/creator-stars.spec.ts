/**
 * The creator's side of Telegram Stars through the host emulator: a monthly subscription priced in Stars from the
 * suggestion (the card price at STARS_RATE_EUR, set for the e2e server in playwright.config.ts), a weekly one sold
 * in Stars one period at a time, and a Stars price cleared again (not sold in Stars).
 */
import { randomInt } from 'node:crypto';
import type { SandboxApi } from './support/sandbox';
import { type NewUser, expect, newUser, test } from './support/fixtures';

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
): Promise<{ creator: NewUser; channel: ChannelDto }> {
  const creator = newUser(name);
  await sandbox.api(creator, 'GET', '/dashboard?mode=follower');
  await sandbox.kyc(creator.telegramId, 'approved');
  const { channel } = (await sandbox.channelAdded({
    ownerTelegramId: creator.telegramId,
    chatId: -1_000_000_000_000 - randomInt(1_000_000_000),
    title: `${name} Channel`,
    username: `${name.toLowerCase()}_${randomInt(1_000_000)}`,
  })) as { channel: ChannelDto };
  await sandbox.api(creator, 'POST', `/channel/${channel.id}/language`, { language: 'en' });
  await sandbox.api(creator, 'POST', `/channel/${channel.id}/onboarding/skip_step`);
  await sandbox.api(creator, 'POST', `/channel/${channel.id}/onboarding/skip_step`);
  return { creator, channel };
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
  expect(await starsOf('Stella Monthly')).toMatchObject({ stars: 417, offer: 'renewing', suggested: 417 });

  // Edit: the saved Stars price shows; emptied, the subscription is no longer sold in Stars.
  await app.getByRole('link', { name: 'Edit' }).click();
  await expect(stars).toHaveValue('417');
  await stars.fill('');
  await emulator.clickMainButton('Save');
  await expect(app.locator('.toast')).toContainText('Subscription saved');
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
  expect(await starsOf('Stella Weekly')).toMatchObject({ stars: 150, offer: 'one_period' });

  expect(consoleProblems.filter((problem) => !problem.url.endsWith('/favicon.ico'))).toEqual([]);
});
