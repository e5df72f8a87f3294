/**
 * Payouts through the host emulator: setting up a payout account by card (a bad number first, a
 * card from an unsupported country, then the country-mismatch confirm), by SWIFT (a bad IBAN first) and by the
 * server-supplied form of a global bank account (no bank, then a bad field first); the connection-trouble blockout
 * and its Try again. The payout page after a payout date is in clock-payout.spec.ts.
 *
 * Every test runs as a fresh verified creator (tests share one server and other specs read the demo accounts).
 */
import type { FrameLocator } from '@playwright/test';
import { PROVIDER_TEST_CARDS } from '../../src/contract/api';
import type { Emulator } from './support/emulator';
import { type NewUser, expect, expectNoSeriousA11yViolationsInApp, test } from './support/fixtures';
import { type PayoutAnswer, appProblems, verifiedCreator } from './support/payout';

const toast = (app: FrameLocator) => app.locator('.toast');

async function expectFailToast(app: FrameLocator, message: string | RegExp): Promise<void> {
  await expect(toast(app)).toContainText(message);
  await expect(toast(app)).toHaveClass(/toast--fail/);
}

/** From the payout settings (no account yet) to the setup screen, choosing the country in its picker. */
async function startSetup(emulator: Emulator, creator: NewUser, country: string): Promise<FrameLocator> {
  await emulator.open({ user: creator, appPath: '/payout/settings' });
  const app = emulator.app;
  await expect(app.getByRole('heading', { name: 'No payout account yet' })).toBeVisible();
  await app.getByRole('button', { name: 'Set up payouts' }).click();
  await app.getByRole('button', { name: /^Country/ }).click();
  await app.getByRole('button', { name: country, exact: true }).click();
  await expect(app.getByRole('button', { name: /^Country/ })).toContainText(country);
  return app;
}

test('by card: a bad number, a card from an unsupported country, then switching to the card country on mismatch', async ({
  emulator,
  sandbox,
  page,
  consoleProblems,
}) => {
  const creator = await verifiedCreator(sandbox, 'Carmen');
  const app = await startSetup(emulator, creator, 'Germany');
  await expect(app.getByRole('tab', { name: 'Bank card' })).toHaveAttribute('aria-selected', 'true');
  await expect(app.getByText('EUR')).toBeVisible();

  // Grouped by four; a failed check digit gets its message, the toast and focus.
  const cardNumber = app.getByLabel('Card number', { exact: true });
  await cardNumber.fill('4242424242424241');
  await expect(cardNumber).toHaveValue('4242 4242 4242 4241');
  await expectNoSeriousA11yViolationsInApp(page);
  await emulator.clickMainButton('Save');
  await expectFailToast(app, 'Invalid card number');
  await expect(cardNumber).toBeFocused();
  await expect(cardNumber).toHaveAttribute('aria-invalid', 'true');

  // A card issued where payouts are not offered.
  await cardNumber.fill('4000 0000 0000 0127');
  await emulator.clickMainButton('Save');
  await expectFailToast(app, 'Payouts to cards issued in United States are not supported');

  // A Russian card for a German account: confirm the switch, and the account is saved in Russia.
  await cardNumber.fill(PROVIDER_TEST_CARDS.russianMir.number);
  await emulator.clickMainButton('Save');
  await emulator.answerPopup('Switch and save', /issued in Russia/);
  await expect(toast(app)).toContainText('Payout details saved');

  // Back on the settings, which show the saved account.
  await expect(app.getByRole('heading', { name: 'Payout settings' })).toBeAttached();
  await expect(app.getByText('Russia')).toBeVisible();
  await expect(app.getByRole('img', { name: 'Mir card ending in 0004' })).toBeVisible();
  await expect(app.getByRole('button', { name: 'Set up again' })).toBeVisible();
  await expect(toast(app)).toHaveCount(0);
  await expectNoSeriousA11yViolationsInApp(page);
  const saved = await sandbox.api<PayoutAnswer>(creator, 'GET', '/payout');
  expect(saved.withdrawalAccount).toMatchObject({ country: 'RU', methodType: 'bank_card', currency: 'rub' });
  expect(saved.withdrawalCard).toMatchObject({ brand: 'mir', last4: '0004' });
  // The two refusals (unsupported country, mismatch) are 400 answers the browser logs; nothing else may be.
  const unexpected = appProblems(consoleProblems).filter(
    (problem) => !(problem.url.endsWith('/api/v2/payout/account') && problem.text.includes('400')),
  );
  expect(unexpected).toEqual([]);
});

test('by SWIFT: a bad IBAN first, then saved', async ({ emulator, sandbox, consoleProblems }) => {
  const creator = await verifiedCreator(sandbox, 'Sven');
  const app = await startSetup(emulator, creator, 'France');
  await app.getByRole('tab', { name: 'SWIFT transfer' }).click();
  await app.getByLabel('City', { exact: true }).fill('Paris');
  await app.getByLabel('Address', { exact: true }).fill('1 Rue de Rivoli');
  await app.getByLabel('Postal code', { exact: true }).fill('75001');
  const iban = app.getByLabel('IBAN', { exact: true });
  await iban.fill('FR14 2004 1010 0505 0001 3M02 607');
  await emulator.clickMainButton('Save');
  await expectFailToast(app, 'Invalid IBAN');
  await expect(iban).toBeFocused();

  await iban.fill('FR14 2004 1010 0505 0001 3M02 606');
  await emulator.clickMainButton('Save');
  await expect(toast(app)).toContainText('Payout details saved');
  await expect(app.getByText('SWIFT transfer')).toBeVisible();
  await expect(app.getByText('FR1420041010050500013M02606')).toBeVisible();
  const saved = await sandbox.api<PayoutAnswer>(creator, 'GET', '/payout');
  expect(saved.withdrawalAccount).toMatchObject({
    country: 'FR',
    methodType: 'swift',
    params: { iban: 'FR1420041010050500013M02606', city: 'Paris' },
  });
  expect(appProblems(consoleProblems)).toEqual([]);
});

test('by the server-supplied form: the bank is required, a bad field gets its own message, then saved', async ({
  emulator,
  sandbox,
  page,
  consoleProblems,
}) => {
  const creator = await verifiedCreator(sandbox, 'Indah');
  const app = await startSetup(emulator, creator, 'Indonesia');
  await expect(app.getByText('Bank account', { exact: true })).toBeVisible();

  // Banks exist: none chosen yet.
  await emulator.clickMainButton('Save');
  await expectFailToast(app, 'Select a bank');
  await expect(app.getByRole('button', { name: /^Bank/ })).toBeFocused();
  await app.getByRole('button', { name: /^Bank/ }).click();
  await app.getByRole('button', { name: 'Bank Central Asia (BCA)' }).click();
  await expect(app.getByRole('button', { name: /^Bank/ })).toContainText('Bank Central Asia (BCA)');

  // The bank's fields, with their length hints; the fixed country code is filled in.
  const account = app.getByLabel('Bank account number', { exact: true });
  await expect(app.getByText('10 digits')).toBeVisible();
  await expect(app.getByLabel('Country code', { exact: true })).toHaveValue('ID');
  await account.fill('12345');
  await app.getByLabel('ID type', { exact: true }).selectOption('NATIONAL_ID');
  await app.getByLabel('ID number', { exact: true }).fill('3171234567890001');
  await app.getByLabel('Phone number', { exact: true }).fill('+6281234567890');
  await app.getByLabel('Address', { exact: true }).fill('Jl. Sudirman 1');
  await app.getByLabel('City', { exact: true }).fill('Jakarta');
  await emulator.clickMainButton('Save');
  await expectFailToast(app, 'The account number has 10 digits');
  await expect(account).toBeFocused();
  await expect(account).toHaveAttribute('aria-invalid', 'true');
  await expect(toast(app)).toHaveCount(0);
  await expectNoSeriousA11yViolationsInApp(page);

  await account.fill('1234567890');
  await emulator.clickMainButton('Save');
  await expect(toast(app)).toContainText('Payout details saved');
  await expect(app.getByText('Indonesia')).toBeVisible();
  const saved = await sandbox.api<PayoutAnswer>(creator, 'GET', '/payout');
  expect(saved.withdrawalAccount).toMatchObject({
    country: 'ID',
    methodType: 'global_bank_account',
    params: { bank_account_number: '1234567890', id_type: 'NATIONAL_ID' },
  });
  expect(appProblems(consoleProblems)).toEqual([]);
});

test('a Russian account: holder, INN and account each get their own message, then saved as the provider wants it', async ({
  emulator,
  sandbox,
  page,
  consoleProblems,
}) => {
  const creator = await verifiedCreator(sandbox, 'Anna');
  const app = await startSetup(emulator, creator, 'Russia');
  await app.getByRole('tab', { name: 'Bank account in Russia' }).click();
  const name = app.getByLabel('Full name as in passport', { exact: true });
  const inn = app.getByLabel('INN', { exact: true });
  const account = app.getByLabel('Account number', { exact: true });
  await name.fill('Petrova Anna');
  await inn.fill('500100732258');
  await app.getByLabel('BIK', { exact: true }).fill('044525225');
  await account.fill('40817810099910004312');
  await emulator.clickMainButton('Save');
  await expectFailToast(app, 'This INN is not valid: check the digits');
  await expect(inn).toBeFocused();
  await expect(inn).toHaveAttribute('aria-invalid', 'true');

  await inn.fill('500100732259');
  await emulator.clickMainButton('Save');
  await expectFailToast(app, 'The account number does not match the BIK: check both');
  await expect(account).toBeFocused();
  await expectNoSeriousA11yViolationsInApp(page);

  await account.fill('40817810899910004312');
  await emulator.clickMainButton('Save');
  await expect(toast(app)).toContainText('Payout details saved');
  const saved = await sandbox.api<PayoutAnswer>(creator, 'GET', '/payout');
  expect(saved.withdrawalAccount).toMatchObject({
    country: 'RU',
    methodType: 'ru_account',
    currency: 'rub',
    params: { full_name: 'Petrova Anna', inn: '500100732259', bik: '044525225', account: '40817810899910004312' },
  });
  expect(appProblems(consoleProblems)).toEqual([]);
});

test('a network failure while saving shows the connection-trouble blockout; Try again saves', async ({
  emulator,
  sandbox,
  page,
}) => {
  const creator = await verifiedCreator(sandbox, 'Nora');
  const app = await startSetup(emulator, creator, 'Germany');
  await app.getByLabel('Card number', { exact: true }).fill(PROVIDER_TEST_CARDS.approved.number);

  await page.route('**/api/v2/payout/account', (route) => route.abort('internetdisconnected'));
  await emulator.clickMainButton('Save');
  const blockout = app.getByRole('dialog', { name: 'Connection trouble' });
  await expect(blockout).toBeVisible();
  await expect(blockout).toContainText('Check your internet connection or VPN');
  await expect(blockout.getByRole('button', { name: 'Support' })).toBeVisible();
  await expectNoSeriousA11yViolationsInApp(page);

  await page.unroute('**/api/v2/payout/account');
  await blockout.getByRole('button', { name: 'Try again' }).click();
  await expect(toast(app)).toContainText('Payout details saved');
  await expect(blockout).toHaveCount(0);
  const saved = await sandbox.api<PayoutAnswer>(creator, 'GET', '/payout');
  expect(saved.withdrawalAccount).toMatchObject({ country: 'DE', methodType: 'bank_card' });
});

test('opened at the country picker, the setup goes on from it and saving goes back past the picker', async ({
  emulator,
  sandbox,
}) => {
  const creator = await verifiedCreator(sandbox, 'Pia');
  await emulator.open({ user: creator, appPath: '/payout/setup/country' });
  const app = emulator.app;
  await expect(app.getByRole('heading', { name: 'Choose a country' })).toBeAttached();
  await app.getByRole('button', { name: 'Germany', exact: true }).click();
  await expect(app.getByRole('heading', { name: 'Payout details' })).toBeAttached();
  await expect(app.getByRole('button', { name: /^Country/ })).toContainText('Germany');
  await app.getByLabel('Card number', { exact: true }).fill(PROVIDER_TEST_CARDS.approved.number);
  await emulator.clickMainButton('Save');
  await expect(toast(app)).toContainText('Payout details saved');
  await expect(app.getByRole('heading', { name: 'Payout details' })).toHaveCount(0);
  await expect(app.getByRole('heading', { name: 'Choose a country' })).toHaveCount(0);
  const saved = await sandbox.api<PayoutAnswer>(creator, 'GET', '/payout');
  expect(saved.withdrawalAccount).toMatchObject({ country: 'DE', methodType: 'bank_card' });
});
