/**
 * Promo codes through the emulator, in both looks: a creator makes a code on the subscription's page and shares its
 * link; a follower opens the link, sees the price, the discount and what is charged now and at renewal, and pays
 * with a card the discounted price.
 */
import { PROVIDER_TEST_CARDS } from '../../src/contract/api';
import { creatorWithChannel, fillCardForm, freshFollower, unexpectedProblems } from './follower-support';
import { expect, test } from './support/fixtures';

const LOOKS = [
  { look: 'Apple', platform: 'ios' },
  { look: 'Material', platform: 'android-7.10' },
] as const;

for (const { look, platform } of LOOKS) {
  test(`a shared promo code discounts the first payment, ${look} look`, async ({
    emulator,
    sandbox,
    consoleProblems,
  }) => {
    const world = await creatorWithChannel(sandbox, { price: 10 });
    const code = `SPRING${platform === 'ios' ? 'A' : 'M'}${Math.floor(Math.random() * 1e6)}`;

    // The creator: the subscription's page → Promo codes → a new code, 20 % off the first period.
    await emulator.open({
      user: world.creator,
      platform,
      appPath: `/channel/${world.channel.id}/subscription/${world.subscriptionId}`,
    });
    const app = emulator.app;
    await app.getByRole('link', { name: 'Promo codes' }).click();
    await expect(app.getByText('No promo codes yet')).toBeVisible();
    await app.getByRole('button', { name: 'New promo code' }).click();
    await app.getByLabel('Code', { exact: true }).fill(code.toLowerCase());
    await app.getByLabel('Percent off').fill('20');
    await emulator.expectAccessibleApp();
    await app.getByRole('button', { name: 'Create code' }).click();
    const row = app.getByRole('listitem', { name: code });
    await expect(row).toContainText('20% off · first period');
    await expect(row).toContainText('Redeemed: 0');
    await emulator.expectAccessibleApp();
    await row.getByRole('button', { name: `Share ${code}` }).click();
    const shared = JSON.stringify(await emulator.waitForMethod('web_app_open_tg_link'));
    const startParam = `subscription_${world.subscriptionId}_${code}`;
    expect(decodeURIComponent(decodeURIComponent(shared))).toContain(`startapp=${startParam}`);

    // The follower opens the shared link: the code is applied.
    const follower = await freshFollower(sandbox);
    await emulator.open({ user: follower, platform, startParam });
    await expect(app.getByText('Price', { exact: true })).toBeVisible();
    await expect(app.getByText(`Discount (${code})`)).toBeVisible();
    await expect(app.getByTestId('promo-charged')).toHaveText('€8');
    await expect(app.getByText('€10 / month')).toHaveCount(2);
    await expect(app.getByText('Promo codes apply to card payments.')).toBeVisible();
    await emulator.expectAccessibleApp();
    await emulator.clickMainButton('Pay €8');
    await fillCardForm(emulator, { number: PROVIDER_TEST_CARDS.approved.number });
    await emulator.clickMainButton('Pay €8');
    await expect(app.getByRole('heading', { name: 'Payment successful' })).toBeVisible({ timeout: 15_000 });
    await expect(app.getByText('€8', { exact: true })).toBeVisible();

    // The creator's list counts the redemption and its revenue.
    const listed = await sandbox.api<{
      promos: { code: string; redemptions: number; revenue: { amount: number }[] }[];
    }>(world.creator, 'GET', `/subscription/${world.subscriptionId}/promos`);
    expect(listed.promos.find((promo) => promo.code === code)).toMatchObject({
      redemptions: 1,
      revenue: [{ amount: 8 }],
    });
    expect(unexpectedProblems(consoleProblems)).toEqual([]);
  });
}

test('a code typed on the invoice in another case is applied; a wrong one says why', async ({
  emulator,
  sandbox,
  consoleProblems,
}) => {
  const world = await creatorWithChannel(sandbox, { price: 10 });
  await sandbox.api(world.creator, 'POST', `/subscription/${world.subscriptionId}/promos/new`, {
    code: 'TYPED',
    scope: 'channel',
    discountType: 'fixed',
    amount: 3,
    duration: 'periods',
    periods: 3,
  });
  const follower = await freshFollower(sandbox);
  await emulator.open({ user: follower, startParam: `subscription_${world.subscriptionId}` });
  const app = emulator.app;
  await app.getByRole('textbox', { name: 'Promo code' }).fill('nosuch');
  await app.getByRole('button', { name: 'Apply' }).click();
  await expect(app.getByText('There is no such promo code')).toBeVisible();
  await app.getByRole('textbox', { name: 'Promo code' }).fill('  typed ');
  await app.getByRole('button', { name: 'Apply' }).click();
  await expect(app.getByTestId('promo-charged')).toHaveText('€7');
  await expect(app.getByText('€7 at the next renewals (2), then €10 / month')).toBeVisible();
  await emulator.expectAccessibleApp();
  // The refused code's 422 is the browser's console line; nothing else went wrong.
  expect(unexpectedProblems(consoleProblems, [`/invoice/subscription/${world.subscriptionId}/promo`])).toEqual([]);
});
