/**
 * On the clock server, one spec at a time (project 'clock' in playwright.config.ts): it moves the server's sandbox
 * clock past the minute a payment's own news may take.
 *
 * The operator console's reconciliation: a follower's payment is refunded in the provider's dashboard (the Smart
 * Glocal double's sandbox control; no webhook reaches us), the operator runs reconciliation from the console, finds
 * the difference and applies it: the refund reaches the follower's transactions. The queue fits 320 px; axe on it.
 */
import { expect, expectNoSeriousA11yViolations, newUser, test } from './support/fixtures';
import { signIn } from './support/admin';
import { creatorWithChannel, payViaApi } from './follower-support';

test('an operator runs reconciliation and applies a refund made at the provider', async ({
  page,
  sandbox,
  request,
}) => {
  const world = await creatorWithChannel(sandbox, { price: 6 });
  const follower = newUser('Remy');
  const { paymentId } = await payViaApi(sandbox, request, follower, { kind: 'subscription', id: world.subscriptionId });
  await sandbox.post('/sandbox/provider/differences', { kind: 'refund_outside', paymentId });
  await sandbox.advanceClock(120);

  await signIn(page, sandbox);
  await page.getByRole('link', { name: 'Reconciliation' }).click();
  await expect(page.getByRole('heading', { name: 'Reconciliation' })).toBeVisible();
  await page.getByRole('button', { name: 'Run now' }).click();
  const dialog = page.getByRole('dialog');
  await expect(dialog).toContainText("Compare the provider's payments and payouts");
  await dialog.getByRole('button', { name: 'Confirm' }).click();
  await expect(page.getByRole('status').filter({ hasText: 'Done.' })).toBeVisible();

  const apply = page.getByRole('button', { name: `Apply: ${paymentId}` });
  const row = page.getByRole('row').filter({ has: apply });
  await expect(row).toContainText('Refunded at the provider');
  await expect(row).toContainText('€6');
  await expectNoSeriousA11yViolations(page);
  await apply.click();
  await expect(dialog).toContainText(`Make our records follow the provider's for ${paymentId}?`);
  await dialog.getByRole('button', { name: 'Confirm' }).click();
  await expect(page.getByRole('status').filter({ hasText: 'Done.' })).toBeVisible();
  await expect(apply).toHaveCount(0);

  // Applied: listed under its resolution, audited; the follower's refund is in their transactions.
  await page.getByRole('combobox', { name: 'Status' }).selectOption('applied');
  await page.getByRole('button', { name: 'Apply filters' }).click();
  await expect(page.getByRole('row').filter({ hasText: paymentId })).toContainText('Applied');
  const { transactions } = await sandbox.api<{ transactions: { type: string }[] }>(
    follower,
    'GET',
    '/dashboard?mode=follower',
  );
  expect(transactions.map((line) => line.type)).toContain('refund_received');
  await page.getByRole('link', { name: 'Audit log' }).click();
  await page.getByRole('searchbox', { name: /^Object id/ }).fill(paymentId);
  await page.getByRole('button', { name: 'Apply filters' }).click();
  await expect(page.getByRole('cell', { name: 'reconciliation.apply', exact: true })).toBeVisible();

  // The queue on a 320 px phone: nothing scrolls sideways.
  await page.setViewportSize({ width: 320, height: 720 });
  await page.getByRole('link', { name: 'Reconciliation' }).click();
  await expect(page.getByRole('button', { name: 'Run now' })).toBeVisible();
  const sideways = await page.evaluate(
    () => document.documentElement.scrollWidth - document.documentElement.clientWidth,
  );
  expect(sideways).toBeLessThanOrEqual(0);
  await expectNoSeriousA11yViolations(page);
});
