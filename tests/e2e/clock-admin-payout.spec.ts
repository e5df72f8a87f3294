/**
 * On the clock server, one spec at a time (project 'clock' in playwright.config.ts): it moves the server's sandbox
 * clock past a payout day.
 *
 * The operator console's payouts: a creator's payout fails (the Smart Glocal double's recipient bank
 * declines payouts to the test card 4000 0000 0000 0002), the creator saves a card the bank takes, the operator
 * retries the payout from the run's queue and the payout shows in the creator's payout tracker; the run is exported
 * as CSV in the browser and its rows match the run. Axe on the payouts pages.
 */
import type { AdminPage, AdminPayoutItem } from '../../src/contract/admin';
import { PROVIDER_TEST_CARDS } from '../../src/contract/api';
import { nextPayoutDate, payoutDateString, payoutWindowFor } from '../../src/domain/payout';
import {
  expect,
  expectNoSeriousA11yViolations,
  expectNoSeriousA11yViolationsInApp,
  newUser,
  test,
} from './support/fixtures';
import { signIn } from './support/admin';
import { creatorWithChannel, payViaApi } from './follower-support';

const DECLINED_BY_BANK = '4000000000000002';

/** The payout day that pays earnings made at `atMs` (src/domain/payout.ts: the 10th and 25th pay half-month windows). */
function payoutDayPaying(atMs: number): number {
  let payoutAt = nextPayoutDate(atMs);
  while (payoutWindowFor(payoutAt)[1] <= atMs) payoutAt = nextPayoutDate(payoutAt);
  return payoutAt;
}

test("an operator retries a failed payout (the creator's tracker shows it) and exports the run as CSV", async ({
  page,
  context,
  sandbox,
  emulator,
  request,
}) => {
  // A creator paid out to a card the bank declines, with €200 donated (€174 after fees).
  const world = await creatorWithChannel(sandbox);
  const creator = world.creator;
  const saveCard = async (number: string) =>
    sandbox.api(creator, 'POST', '/payout/account', {
      currency: 'eur',
      countryIso3: 'DEU',
      methodType: 'bank_card',
      params: {},
      card: { token: await sandbox.tokenize(creator, number, false) },
    });
  await saveCard(DECLINED_BY_BANK);
  await payViaApi(sandbox, request, newUser('Dora'), { kind: 'donation', id: world.donationId, amount: 200 });

  // Past the payout day that pays it: the bank declines the payout.
  const { now } = await sandbox.get<{ now: number }>('/sandbox/clock');
  const payoutAt = payoutDayPaying(now);
  const payoutDate = payoutDateString(payoutAt);
  await sandbox.advanceClock(Math.ceil((payoutAt - now) / 1000) + 3600);
  // The creator's tracker says why in our words, not the provider's English.
  await emulator.open({ user: creator, appPath: '/payout' });
  await expect(emulator.app.locator('.payout-tracked--failed')).toContainText(
    "failed: the recipient's bank declined it. The money is back in your balance",
  );
  await saveCard(PROVIDER_TEST_CARDS.approved.number);

  // The operator opens the payout day, then its run filtered to the failed payouts.
  const admin = await context.newPage();
  await signIn(admin, sandbox);
  await admin.getByRole('link', { name: 'Payouts', exact: true }).click();
  await expect(admin.getByRole('heading', { name: 'Payouts', exact: true })).toBeVisible();
  await expect(admin.getByRole('cell', { name: payoutDate, exact: true })).toBeVisible();
  await expectNoSeriousA11yViolations(admin);
  await admin.getByRole('button', { name: `Open: ${payoutDate}` }).click();
  await expect(admin.getByRole('heading', { name: 'Payouts of a run' })).toBeVisible();
  await admin.getByRole('combobox', { name: 'Status' }).selectOption('failed');
  await admin.getByRole('button', { name: 'Apply filters' }).click();
  const retry = admin.getByRole('button', { name: `Retry: ${creator.firstName} 174 EUR` });
  const row = admin.getByRole('row').filter({ has: retry });
  await expect(row).toContainText('The recipient bank declined the payout');
  await expectNoSeriousA11yViolations(admin);

  // Retry, confirmed: the new attempt goes out.
  await retry.click();
  const dialog = admin.getByRole('dialog');
  await expect(dialog).toContainText(`Send the failed payout ${creator.firstName} 174 EUR again?`);
  await dialog.getByRole('button', { name: 'Confirm' }).click();
  await expect(admin.getByRole('status').filter({ hasText: 'Done.' })).toBeVisible();
  await expect(retry).toHaveCount(0);
  await admin.getByRole('combobox', { name: 'Status' }).selectOption('');
  await admin.getByRole('button', { name: 'Apply filters' }).click();
  const retried = admin.getByRole('row').filter({ hasText: `${creator.telegramId}` });
  await expect(retried).toContainText(/Sent|Arrived/);
  await expect(retried.getByRole('cell', { name: '2', exact: true })).toBeVisible();

  // Export the run as CSV (dark theme): the browser downloads it; its rows are the run's payouts.
  await admin.getByRole('button', { name: 'Dark theme' }).click();
  await admin.getByRole('link', { name: 'Payouts', exact: true }).click();
  await admin.getByRole('button', { name: `Export CSV: ${payoutDate}` }).click();
  await expect(dialog).toContainText(`Export the payouts of ${payoutDate} as CSV?`);
  await expectNoSeriousA11yViolations(admin);
  const [download] = await Promise.all([
    admin.waitForEvent('download'),
    dialog.getByRole('button', { name: 'Confirm' }).click(),
  ]);
  expect(download.suggestedFilename()).toBe(`payouts-${payoutDate}.csv`);
  const csv = await (
    await download.createReadStream()
  )
    .toArray()
    .then((chunks: Buffer[]) => Buffer.concat(chunks).toString('utf8'));
  const [header, ...lines] = csv.split('\r\n').filter((line) => line !== '');
  expect(header).toBe(
    'payout_id,payout_date,telegram_id,name,username,currency,amount,status,attempt,method,error,created_at',
  );
  const run = (await (
    await admin.request.get(`/admin/api/payouts?payoutDate=${payoutDate}&pageSize=100&sort=createdAt&order=asc`)
  ).json()) as AdminPage<AdminPayoutItem>;
  expect(run.total).toBeLessThanOrEqual(100);
  const fields = (line: string) => line.split(',');
  // The file has plain decimals (174.00), the console's page grouped text (174, 3,480): compared as numbers.
  const key = (cells: readonly (string | number | null)[]) => cells.map(String).join('|');
  expect(
    lines
      .map((line) => {
        const cell = fields(line);
        return key([cell[0]!, cell[1]!, cell[2]!, cell[5]!, Number(cell[6]!), cell[7]!, cell[8]!]);
      })
      .sort(),
  ).toEqual(
    run.items
      .map((item) =>
        key([
          item.id,
          item.payoutDate,
          item.creator.telegramId,
          item.currency,
          Number(item.amount.replace(/,/g, '')),
          item.status,
          item.attempt,
        ]),
      )
      .sort(),
  );
  expect(lines.find((line) => fields(line)[2] === String(creator.telegramId))).toMatch(
    new RegExp(
      `^${creator.telegramId}-eur-${payoutDate},${payoutDate},${creator.telegramId},Cora,,eur,174\\.00,(sent|arrived),2,bank_card,`,
    ),
  );

  // The creator's payout tracker shows the payout on its way (or arrived), no longer failed.
  await emulator.open({ user: creator, appPath: '/payout' });
  const tracked = emulator.app.locator('.payout-tracked');
  await expect(tracked).toHaveCount(1);
  await expect(tracked).toContainText('€174');
  await expect(tracked).toContainText(/Sent|Arrived/);
  await expect(tracked).not.toContainText('Failed');
  await expect(emulator.app.getByText('Recent payouts')).toBeVisible();
  await expectNoSeriousA11yViolationsInApp(page);
});
