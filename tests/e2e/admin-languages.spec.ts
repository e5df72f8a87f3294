/**
 * The operator console in other languages on a 320 px screen: the demo operator signs in (English, the browser's
 * language), picks Arabic and then German in the header's language control, and in each language opens every queue
 * of the navigation and a row's confirmation dialog. On each it fails on:
 * - the document not in the language (`<html lang>`, and `dir="rtl"` for Arabic);
 * - an element reaching past the screen's left or right edge, or the page scrolling sideways (as
 *   layout-sweep.spec.ts checks the mini-app's element boxes);
 * - a visible text that is one of the English catalogue's texts the language says otherwise;
 * - serious or critical axe (WCAG 2 A/AA) violations.
 * The choice is kept: a reload opens the console in the chosen language. A second test takes every queue through all
 * 24 languages in place (as the layout sweep does for the mini-app) with the same box and text checks, without axe.
 */
import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { randomInt } from 'node:crypto';
import type { Page } from '@playwright/test';
import { PAGE_LOCALES } from '../../src/domain/languages';
import { signIn } from './support/admin';
import { expect, expectNoSeriousA11yViolations, newUser, test } from './support/fixtures';
import type { SandboxApi } from './support/sandbox';

test.use({ viewport: { width: 320, height: 720 } });

interface Texts {
  readonly admin: {
    readonly nav: string;
    readonly language: string;
    readonly cancel: string;
    readonly actionOn: string;
    readonly actions: { readonly approve: string };
  };
}

function texts(language: string): Texts {
  return JSON.parse(readFileSync(join(process.cwd(), `src/admin/locales/${language}/admin.json`), 'utf8')) as Texts;
}

function values(tree: unknown): string[] {
  return typeof tree === 'string' ? [tree] : Object.values(tree as object).flatMap(values);
}

const english = texts('en');

/** What a screen shows wrong: elements past the screen's edges, and texts of the English catalogue left in English. */
async function problems(page: Page, leftInEnglish: readonly string[]): Promise<string[]> {
  return page.evaluate((englishTexts) => {
    const found: string[] = [];
    const root = document.documentElement;
    const width = root.clientWidth;
    if (root.scrollWidth > width) found.push(`the page scrolls sideways: ${root.scrollWidth} > ${width}`);
    const describe = (element: Element) =>
      `${element.tagName.toLowerCase()}${element.className ? `.${String(element.className).split(' ').join('.')}` : ''} "${(element.textContent ?? '').trim().slice(0, 50)}"`;
    const shown = (element: Element) =>
      element.getClientRects().length > 0 && getComputedStyle(element).visibility !== 'hidden';
    // Screen-reader texts (.visually-hidden, and the header row of a table stacked into cards) are clipped to a pixel
    // on purpose: what they hold is not on the screen.
    const hidden = (element: Element) => {
      for (let at: Element | null = element; at; at = at.parentElement)
        if (at.classList.contains('visually-hidden') || getComputedStyle(at).clip !== 'auto') return true;
      return false;
    };
    const past = new Set<Element>();
    for (const element of document.body.querySelectorAll('*')) {
      if (hidden(element) || !shown(element)) continue;
      const rect = element.getBoundingClientRect();
      if (rect.width > 0 && (rect.right > width + 1 || rect.left < -1)) {
        past.add(element);
        // The outermost element past the edge says where the layout breaks; its children follow it.
        if (!element.parentElement || !past.has(element.parentElement))
          found.push(
            `wider than the screen: ${describe(element)} spans ${Math.round(rect.left)}..${Math.round(rect.right)} of ${width}`,
          );
      }
    }
    const english = new Set(englishTexts);
    const walker = document.createTreeWalker(document.body, NodeFilter.SHOW_TEXT);
    for (let node = walker.nextNode(); node; node = walker.nextNode()) {
      const text = (node.textContent ?? '').replace(/\s+/g, ' ').trim();
      const parent = node.parentElement;
      if (text !== '' && parent && !hidden(parent) && shown(parent) && english.has(text))
        found.push(`English in another language: "${text}"`);
    }
    return found;
  }, leftInEnglish);
}

/** A channel awaiting moderation, so the first queue has a row with actions and a confirmation dialog. */
async function channelAwaitingModeration(sandbox: SandboxApi): Promise<string> {
  const owner = newUser('Olga');
  await sandbox.api(owner, 'GET', '/dashboard?mode=follower');
  const title = `Langues ${randomInt(1_000_000)}`;
  await sandbox.post('/sandbox/bot/channel-added', {
    ownerTelegramId: owner.telegramId,
    chatId: -1_000_000_000_000 - randomInt(1_000_000_000),
    title,
    moderation: 'in_progress',
  });
  return title;
}

/** The texts of the English catalogue that `language` says otherwise: seen on its screens, they were left in English. */
function englishLeftIn(language: string): string[] {
  const own = new Set(values(texts(language)));
  return values(english).filter((text) => !own.has(text));
}

test('the console in Arabic and German fits a 320 px screen, right to left in Arabic, axe-clean', async ({
  page,
  sandbox,
}) => {
  // Axe on each of the ten queues, a dialog and a row, in two languages: minutes on a loaded machine.
  test.setTimeout(240_000);
  const title = await channelAwaitingModeration(sandbox);
  await signIn(page, sandbox);
  await expect(page.locator('html')).toHaveAttribute('lang', 'en');
  let shown = english;

  for (const [language, direction] of [
    ['ar', 'rtl'],
    ['de', 'ltr'],
  ] as const) {
    const own = texts(language);
    const leftInEnglish = englishLeftIn(language);
    const check = async (where: string) => {
      expect({ where, problems: await problems(page, leftInEnglish) }).toEqual({ where, problems: [] });
      await expectNoSeriousA11yViolations(page);
    };

    // The header's control lists every language by its own name; the choice shows at once.
    const control = page.getByRole('combobox', { name: shown.admin.language });
    await expect(control.getByRole('option')).toHaveCount(24);
    await control.selectOption(language);
    await expect(page.locator('html')).toHaveAttribute('lang', language);
    await expect(page.locator('html')).toHaveAttribute('dir', direction);
    shown = own;

    const links = page.getByRole('navigation', { name: own.admin.nav }).getByRole('link');
    const count = await links.count();
    expect(count).toBeGreaterThan(5);
    for (let index = 0; index < count; index += 1) {
      const link = links.nth(index);
      const name = (await link.textContent())!.trim();
      await link.click();
      await expect(page.getByRole('heading', { level: 1, name, exact: true })).toBeVisible();
      await expect(page.locator('.admin-table-wrap')).toHaveAttribute('aria-busy', 'false');
      await check(`${language} ${name}`);
      if (index === 0) {
        // Channel moderation: the waiting channel's row and its confirmation dialog.
        await page.getByRole('searchbox').first().fill(title);
        await page.keyboard.press('Enter');
        const approve = page.getByRole('button', {
          name: own.admin.actionOn.replace('{{action}}', own.admin.actions.approve).replace('{{name}}', title),
        });
        await approve.click();
        await expect(page.getByRole('dialog')).toBeVisible();
        await check(`${language} ${name}, the dialog`);
        await page.getByRole('dialog').getByRole('button', { name: own.admin.cancel }).click();
        await expect(page.getByRole('dialog')).toBeHidden();
        await check(`${language} ${name}, its row`);
      }
    }
  }

  // The choice is stored: the console opens in German again.
  await page.reload();
  await expect(page.locator('html')).toHaveAttribute('lang', 'de');
  await expect(page.getByRole('navigation', { name: texts('de').admin.nav })).toBeVisible();
});

test('every queue fits a 320 px screen in each of the 24 languages', async ({ page, sandbox }) => {
  // 24 languages on each of the ten queues, each language switched in place.
  test.setTimeout(240_000);
  const title = await channelAwaitingModeration(sandbox);
  await signIn(page, sandbox);
  const queues = await page
    .getByRole('navigation')
    .getByRole('link')
    .evaluateAll((links) => links.map((link) => link.getAttribute('href')!));
  expect(queues.length).toBeGreaterThan(5);
  const control = page.getByRole('banner').getByRole('combobox');
  const leftInEnglish = new Map(PAGE_LOCALES.map((language) => [language, englishLeftIn(language)]));
  const findings: string[] = [];
  for (const [index, href] of queues.entries()) {
    await page.locator(`nav a[href="${href}"]`).click();
    await expect(page).toHaveURL(new RegExp(`${href}$`));
    if (index === 0) {
      await page.getByRole('searchbox').first().fill(title);
      await page.keyboard.press('Enter');
      await expect(page.getByRole('row').filter({ hasText: title })).toBeVisible();
    }
    await expect(page.locator('.admin-table-wrap')).toHaveAttribute('aria-busy', 'false');
    for (const language of PAGE_LOCALES) {
      await control.selectOption(language);
      await expect(page.locator('html')).toHaveAttribute('lang', language);
      for (const problem of await problems(page, leftInEnglish.get(language)!))
        findings.push(`${href} in ${language}: ${problem}`);
    }
  }
  expect(findings).toEqual([]);
});
