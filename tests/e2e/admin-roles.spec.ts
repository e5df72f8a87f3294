/**
 * Operator roles in the real browser: the demo operator (an admin) makes one person a viewer and another support in
 * the console; each signs in through the bot's link and sees only the actions their role may use (viewer: none;
 * support: ban and unban; admin: also console roles, pay out now and the settings). The server refuses the rest
 * either way (tests/integration/admin/roles.test.ts).
 */
import type { Page } from '@playwright/test';
import { randomInt } from 'node:crypto';
import { expect, test } from './support/fixtures';
import { signIn, signInAs } from './support/admin';

/** Alice, the demo creator: approved, so an admin sees "Pay out now" on her row. */
const ALICE = { name: 'Alice Creator', username: 'alice_creator' };

async function actionsOnAlice(page: Page): Promise<string[]> {
  await page.getByRole('link', { name: 'Users' }).click();
  await page.getByRole('searchbox', { name: 'Telegram id or username' }).fill(ALICE.username);
  await page.keyboard.press('Enter');
  await expect(page.getByRole('cell', { name: `@${ALICE.username}` })).toBeVisible();
  const buttons = page
    .getByRole('row')
    .filter({ hasText: `@${ALICE.username}` })
    .getByRole('button');
  return (await buttons.allTextContents()).map((text) => text.trim());
}

async function settingsActions(page: Page): Promise<number> {
  await page.getByRole('link', { name: 'Settings' }).click();
  await expect(page.getByRole('cell', { name: 'Moderation of new channels' })).toBeVisible();
  return page.getByRole('button', { name: /^Change: / }).count();
}

test('each role signs in and sees only its actions', async ({ page, sandbox, browser }) => {
  const viewer = 700_000_000 + randomInt(1_000_000);
  const support = viewer + 1;
  await signIn(page, sandbox);
  // The admin gives the roles in the console (the same call its dialog makes, from the console's own page).
  for (const [telegramId, role] of [
    [viewer, 'viewer'],
    [support, 'support'],
  ] as const) {
    const status = await page.evaluate(
      async (body) =>
        (
          await fetch('/admin/api/operators', {
            method: 'POST',
            headers: { 'content-type': 'application/json', 'idempotency-key': crypto.randomUUID() },
            body: JSON.stringify(body),
          })
        ).status,
      { telegramId, role },
    );
    expect(status).toBe(200);
  }

  expect(await actionsOnAlice(page)).toEqual(['Ban', 'Pay out now', 'Console role']);
  expect(await settingsActions(page)).toBe(1);
  await page.getByRole('link', { name: 'Payouts' }).click();
  await expect(page.getByRole('button', { name: 'Pay out everyone due now' })).toBeVisible();

  for (const [telegramId, expected] of [
    [support, ['Ban']],
    [viewer, []],
  ] as const) {
    const context = await browser.newContext({ baseURL: test.info().project.use.baseURL });
    const other = await context.newPage();
    await signInAs(other, sandbox, telegramId);
    expect(await actionsOnAlice(other)).toEqual(expected);
    expect(await settingsActions(other)).toBe(0);
    await other.getByRole('link', { name: 'Payouts' }).click();
    await expect(other.getByRole('heading', { name: 'Payouts' })).toBeVisible();
    await expect(other.getByRole('button', { name: 'Pay out everyone due now' })).toHaveCount(0);
    await context.close();
  }
});
