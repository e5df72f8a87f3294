/** A follower cancels and renews a subscription, and manages saved cards (set primary, remove). */
import { PROVIDER_TEST_CARDS } from '../../src/contract/api';
import {
  creatorWithChannel,
  followerWithSavedCard,
  freshFollower,
  payViaApi,
  unexpectedProblems,
} from './follower-support';
import { expect, expectNoSeriousA11yViolationsInApp, test } from './support/fixtures';

test('cancelling and renewing a subscription', async ({ emulator, sandbox, page, request, consoleProblems }) => {
  const world = await creatorWithChannel(sandbox);
  const follower = await freshFollower(sandbox);
  const paid = await payViaApi(sandbox, request, follower, { kind: 'subscription', id: world.subscriptionId });
  const memberId = paid.subscriptionMemberId!;
  expect(memberId).toEqual(expect.any(Number));

  await emulator.open({ user: follower, appPath: `/follower/subscription/${memberId}` });
  const app = emulator.app;
  await expect(app.getByRole('heading', { name: world.channel.title })).toBeVisible();
  await expect(app.getByText(/^Renews on /)).toBeVisible();
  await expect(app.getByText('Active', { exact: true })).toBeVisible();
  await expect(app.getByRole('button', { name: 'Renew subscription' })).toHaveCount(0);
  await expectNoSeriousA11yViolationsInApp(page);

  await app.getByRole('button', { name: 'Cancel subscription' }).click();
  await expect(emulator.popup).toContainText(/You keep access until \w+ \d+/);
  await emulator.answerPopup('Cancel subscription');
  await expect(app.getByText('Subscription cancelled')).toBeVisible();
  await expect(app.getByText(/^Expires on /)).toBeVisible();
  await expect(app.getByText('Cancelled', { exact: true })).toBeVisible();
  const cancelled = await sandbox.api<{ subscriptionMember: { status: string } }>(
    follower,
    'GET',
    `/follower/subscription_member/${memberId}`,
  );
  expect(cancelled.subscriptionMember.status).toBe('cancelled');

  await app.getByRole('button', { name: 'Renew subscription' }).click();
  await expect(app.getByText('Subscription renewed')).toBeVisible();
  await expect(app.getByText(/^Renews on /)).toBeVisible();
  await expect(app.getByRole('button', { name: 'Cancel subscription' })).toBeVisible();
  const renewed = await sandbox.api<{ subscriptionMember: { status: string } }>(
    follower,
    'GET',
    `/follower/subscription_member/${memberId}`,
  );
  expect(renewed.subscriptionMember.status).toBe('active');
  expect(unexpectedProblems(consoleProblems)).toEqual([]);
});

test('making a card primary and removing a card', async ({ emulator, sandbox, page, request, consoleProblems }) => {
  const world = await creatorWithChannel(sandbox);
  const follower = await freshFollower(sandbox);
  await followerWithSavedCard(sandbox, request, follower, world.donationId, PROVIDER_TEST_CARDS.approved.number);
  const mastercard = await followerWithSavedCard(
    sandbox,
    request,
    follower,
    world.donationId,
    PROVIDER_TEST_CARDS.approvedMastercard.number,
  );
  const cardsOf = async () =>
    (await sandbox.api<{ cards: { id: number; primary: boolean }[] }>(follower, 'GET', '/follower/cards')).cards;
  expect((await cardsOf()).find((card) => card.id === mastercard)?.primary).toBe(false);

  await emulator.open({ user: follower, appPath: '/payment' });
  const app = emulator.app;
  const rows = app.getByRole('link', { name: /card ending in/ });
  await expect(rows).toHaveCount(2);
  await expect(rows.first()).toContainText('Primary');
  await expect(rows.first()).toContainText('Active');
  await expectNoSeriousA11yViolationsInApp(page);

  await app.getByRole('link', { name: /Mastercard card ending in 4444/ }).click();
  await app.getByRole('button', { name: 'Make primary' }).click();
  // Optimistic: hidden at once, then confirmed by the server.
  await expect(app.getByRole('button', { name: 'Make primary' })).toHaveCount(0);
  await expect(app.getByText('Primary card changed')).toBeVisible();
  await expect.poll(async () => (await cardsOf()).find((card) => card.id === mastercard)?.primary).toBe(true);
  await expectNoSeriousA11yViolationsInApp(page);

  await app.getByRole('button', { name: 'Remove card' }).click();
  await emulator.answerPopup('Remove card', /no longer be used/);
  await expect(app.getByText('Card removed')).toBeVisible();
  await expect(app.getByRole('link', { name: /card ending in/ })).toHaveCount(1);
  await expect.poll(async () => (await cardsOf()).map((card) => card.id)).not.toContain(mastercard);
  expect(unexpectedProblems(consoleProblems)).toEqual([]);
});

test('a follower without saved cards sees the empty state', async ({ emulator, sandbox, page }) => {
  const follower = await freshFollower(sandbox);
  await emulator.open({ user: follower, appPath: '/payment' });
  await expect(emulator.app.getByText(/no saved cards yet/)).toBeVisible();
  await expectNoSeriousA11yViolationsInApp(page);
});
