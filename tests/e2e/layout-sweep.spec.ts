/**
 * Every route in every page language at 320, 360 and 412 px: the payer's phone and the creator's. The Apple look,
 * light, in all 24 languages; the Material look, dark, in en, ru and ar. Each part (the card form as a new payer,
 * paying in Telegram Stars, a creator's Telegram Stars sale, the creator's screens in two halves, the follower's and the
 * migrating creator's) is one test and one browser context.
 * A route is reached in-app (a router navigation, as a link does) and loaded once; then, without leaving it, the page
 * changes language in place and the phone takes the three widths without a reload. The card form is reached as a
 * fresh payer (no saved card) from a subscription's invoice, fails with a declined card and then at the bank's page,
 * and "Try again" must bring back what was typed. On every route, language and width it fails on (see
 * `problemsInEveryLanguage`):
 * - an element (not only the page) reaching past the screen's left or right edge;
 * - a container that scrolls sideways (a segmented control that hides an option);
 * - two interactive controls overlapping;
 * - a text clipped by its container (overflow hidden or clip, or an ellipsis, with scrollWidth > clientWidth);
 * - an i18n key shown instead of its text ("[transaction.type.withdrawal]", or a bare key);
 * - in another language, a visible text that is one of the English catalogue's sentences.
 * In Arabic it also checks the right-to-left document and runs axe (WCAG 2 A/AA) on every screen. Failures keep a
 * screenshot of the phone (test artifacts). A last test picks French in /settings/language as a person does.
 */
import { readFileSync, readdirSync } from 'node:fs';
import { join } from 'node:path';
import type { Frame, TestInfo } from '@playwright/test';
import { PROVIDER_TEST_CARDS } from '../../src/contract/api';
import { PAGE_LOCALES } from '../../src/domain/languages';
import { LANGUAGE_STORAGE_KEY } from '../../src/infrastructure/i18n/languages';
import type { Emulator } from './support/emulator';
import type { SandboxApi } from './support/sandbox';
import { payInStars, starsShop } from './support/stars';
import { creatorWithChannel } from './follower-support';
import {
  type EmulatorPlatform,
  type EmulatorTheme,
  demoUsers,
  expect,
  expectNoSeriousA11yViolationsInFrame,
  newUser,
  test,
} from './support/fixtures';

const WIDTHS = [320, 360, 412] as const;
/** The emulator's phone has a 10 px frame each side (border-box). */
const PHONE_FRAME = 20;

/**
 * Deliberate exceptions to the clipping rule, each with its reason:
 * - `.visually-hidden`: screen-reader texts, clipped on purpose;
 * - `svg`: drawings;
 * - `input, textarea, select`: form fields scroll their own value;
 * - `.cell--truncate`: /debug's page URL, thousands of characters of launch data copied by the row, not read;
 * - `iframe`: the bank's page on /payment/redirect is another document, checked by the bank.
 */
const CLIP_EXCEPTIONS = '.visually-hidden, svg, input, textarea, select, .cell--truncate, iframe';

/**
 * The demo data's names, typed by its creators in English, that happen to be catalogue texts too (a subscription's
 * default name): content, not the app's words.
 */
const DEMO_CONTENT = new Set(['Weekly Subscription', 'Monthly Subscription']);

interface ChannelDto {
  id: number;
  chatId: number;
  name: string;
}
interface SubscriptionDto {
  id: number;
  name: string;
}
interface MemberDto {
  id: number;
  subscriptionId: number;
  userId: number;
}
interface CardDto {
  id: number;
}
interface TransactionDto {
  id: number;
  type: string;
}
interface BotPostDto {
  kind: 'subscription' | 'donation';
  refId: number;
}

const ALICE = { telegramId: demoUsers.alice, firstName: 'Alice' };
const BOB = { telegramId: demoUsers.bob, firstName: 'Bob' };

interface Seeded {
  readonly travelsId: number;
  readonly weeklyId: number;
  readonly memberId: number;
  readonly saleId: number;
  readonly membershipId: number;
  readonly cardId: number;
  readonly donationId: number;
}

/** Ids of the seeded demo data the routes need (GET calls only). */
async function seeded(sandbox: SandboxApi): Promise<Seeded> {
  const creator = await sandbox.api<{ channels: ChannelDto[]; transactions: TransactionDto[] }>(
    ALICE,
    'GET',
    '/dashboard?mode=creator',
  );
  const travels = creator.channels.find((c) => c.name === 'Alice Travels');
  if (!travels) throw new Error('Alice has no channel Alice Travels');
  const detail = await sandbox.api<{ subscriptions: SubscriptionDto[] }>(ALICE, 'GET', `/channel/${travels.id}`);
  const weekly = detail.subscriptions.find((s) => s.name === 'Weekly Subscription');
  if (!weekly) throw new Error('Alice Travels has no Weekly Subscription');
  const weeklyDetail = await sandbox.api<{ membersGrouped: { live: MemberDto[] } }>(
    ALICE,
    'GET',
    `/subscription/${weekly.id}`,
  );
  const member = weeklyDetail.membersGrouped.live[0];
  const sale = creator.transactions.find((t) => t.type === 'sell_subscription');
  const follower = await sandbox.api<{ subscriptionMembers: MemberDto[]; cards: CardDto[] }>(
    BOB,
    'GET',
    '/dashboard?mode=follower',
  );
  const membership = follower.subscriptionMembers[0];
  const card = follower.cards[0];
  const { posts } = await sandbox.get<{ posts: BotPostDto[] }>(`/sandbox/bot/posts?chatId=${travels.chatId}`);
  const donation = posts.find((p) => p.kind === 'donation');
  if (!member || !sale || !membership || !card || !donation) throw new Error('the demo data lacks a route target');
  return {
    travelsId: travels.id,
    weeklyId: weekly.id,
    memberId: member.id,
    saleId: sale.id,
    membershipId: membership.id,
    cardId: card.id,
    donationId: donation.refId,
  };
}

/** Every route of src/presentation/navigation per demo user, read only (the payment screens come from the flows). */
function routes(ids: Seeded): { user: number; paths: string[] }[] {
  const channel = `/channel/${ids.travelsId}`;
  const subscription = `${channel}/subscription/${ids.weeklyId}`;
  return [
    {
      user: demoUsers.alice,
      paths: [
        '/dashboard/creator',
        channel,
        `${channel}/settings`,
        `${channel}/language`,
        `/channel?id=${ids.travelsId}`,
        `${channel}/subscription/create`,
        subscription,
        `${subscription}/edit`,
        `${subscription}/preview`,
        `${subscription}/member/${ids.memberId}`,
        `${channel}/subscription/command?subscriptionId=${ids.weeklyId}`,
        `${subscription}/promos`,
        `${subscription}/retention`,
        `${channel}/donation/create`,
        `/invoice/donation/${ids.travelsId}/preview`,
        `${channel}/donation/${ids.donationId}`,
        `/transaction/${ids.saleId}`,
        '/revenue',
        `/revenue?channelId=${ids.travelsId}`,
        '/payout',
        '/payout/settings',
        '/payout/setup',
        '/payout/setup/country',
        '/payout/setup/bank',
        '/connectbot',
        '/verification',
        '/settings/language',
        '/faq',
        '/support',
        '/banned',
        '/uikit',
        '/dev',
        '/debug',
        '/no-such-page',
      ],
    },
    {
      user: demoUsers.bob,
      paths: [
        '/dashboard/follower',
        `/follower/subscription/${ids.membershipId}`,
        '/payment',
        `/payment/card/${ids.cardId}`,
        `/invoice/subscription/${ids.weeklyId}`,
        // A promo code's share link whose code does not exist: the invoice says why.
        `/invoice/subscription/${ids.weeklyId}/promo/NOSUCHCODE`,
        '/settings/language',
        // Last: the saved-card choice, reached from the donation's invoice as a payer does.
        `/invoice/donation/${ids.donationId}`,
      ],
    },
    { user: demoUsers.migrating, paths: ['/migration', '/migration/terms', '/migration/connectChannels'] },
  ];
}

/** Flattened catalogue of one language: key → text. */
function catalogue(lang: string): Map<string, string> {
  const dir = join(process.cwd(), 'src/infrastructure/i18n/locales', lang);
  const texts = new Map<string, string>();
  const walk = (prefix: string, node: unknown): void => {
    if (typeof node === 'string') texts.set(prefix, node);
    else if (node && typeof node === 'object')
      for (const [key, value] of Object.entries(node)) walk(prefix ? `${prefix}.${key}` : key, value);
  };
  for (const file of readdirSync(dir).filter((name) => name.endsWith('.json')))
    walk(file.replace(/\.json$/, ''), JSON.parse(readFileSync(join(dir, file), 'utf8')));
  return texts;
}

const ENGLISH = catalogue('en');
const PLURAL_SUFFIX = /_(zero|one|two|few|many|other)$/;
const SAME_AS_ENGLISH = JSON.parse(
  readFileSync(join(process.cwd(), 'src/infrastructure/i18n/locales/same-as-english.json'), 'utf8'),
) as { brands: string[] } & Record<string, { values?: string[] }>;

/**
 * English catalogue sentences (two words or more) that `lang` says otherwise, as regular expression sources (an
 * interpolation matches any text): one of them on a screen in `lang` is English that should not be there.
 */
function englishSentences(lang: string): string[] {
  if (lang === 'en') return [];
  const own = catalogue(lang);
  const allowed = new Set([...SAME_AS_ENGLISH.brands, ...(SAME_AS_ENGLISH[lang]?.values ?? [])]);
  const patterns = new Set<string>();
  for (const [key, text] of ENGLISH) {
    if (
      own.get(key) === text ||
      allowed.has(text) ||
      DEMO_CONTENT.has(text) ||
      key.startsWith('devtools.') ||
      key.startsWith('uikit.')
    )
      continue;
    const words = text.replace(/\{\{[^}]+\}\}|<[^>]+>|\$t\([^)]*\)/g, ' ').match(/[A-Za-z][a-z']+/g) ?? [];
    // A template whose own words are only short ones ("{{period}} of {{name}} in {{channel}}") matches sentences of
    // other languages that use them too (Dutch "of", "in"): it cannot tell English.
    if (words.length < 2 || !words.some((word) => word.length >= 4)) continue;
    // A plural form the language lacks (Korean has no "one") is not a difference.
    if (PLURAL_SUFFIX.test(key) && !own.has(key)) continue;
    const source = text
      .split(/\{\{[^}]+\}\}|<\d+>|<\/\d+>/)
      .map((part) => part.replace(/[.*+?^${}()|[\]\\]/g, '\\$&'))
      .join('.+?');
    patterns.add(`^${source}$`);
  }
  return [...patterns];
}

/** Texts keyed by the English catalogue's keys: one on screen is a key shown instead of its text. */
const KEYS = [...ENGLISH.keys()].map((key) => key.replace(PLURAL_SUFFIX, ''));

/** The texts the check needs in the mini-app's document: the keys, and per language its English sentences. */
interface SweepTexts {
  readonly keys: string[];
  /** One regular expression source per language (empty: nothing to look for). */
  readonly english: Record<string, string>;
}

const englishByLanguage = new Map<string, string>();
function sweepTexts(locales: readonly string[]): SweepTexts {
  const english: Record<string, string> = {};
  for (const lang of locales) {
    if (!englishByLanguage.has(lang)) englishByLanguage.set(lang, englishSentences(lang).join('|'));
    english[lang] = englishByLanguage.get(lang)!;
  }
  return { keys: KEYS, english };
}

/** The mini-app's document, with the sweep's texts in it (once per document: a reload loses them). */
async function appFrame(sweep: Sweep): Promise<Frame> {
  const frame = await (await sweep.emulator.frameElement.elementHandle())?.contentFrame();
  if (!frame) throw new Error('no mini-app frame');
  const loaded = await frame.evaluate(() => '__sweepTexts' in window);
  if (!loaded)
    await frame.evaluate((texts) => {
      (window as unknown as { __sweepTexts: unknown }).__sweepTexts = texts;
    }, sweepTexts(sweep.locales));
  return frame;
}

interface Finding {
  readonly lang: string;
  readonly width: number;
  readonly problems: string[];
}

/**
 * Everything wrong with the screen in each language at each width, each described. It runs in the mini-app's
 * document, so a screen costs one round trip however many languages and widths it is checked in (on a busy machine
 * each round trip into a frame takes hundreds of milliseconds):
 * - the language changes in place, as when the person picks another one in a second window of the app: the page
 *   follows local storage's `storage` event (src/infrastructure/i18n/otherWindows.ts), so the emulator page around
 *   the app (same origin) stores the language and the app switches without leaving the screen;
 * - the width is set through the emulator page's phone, without a reload;
 * - the texts do not change with the width: they are checked at the first one only.
 */
function problemsInEveryLanguage(app: Frame, locales: readonly string[]): Promise<Finding[]> {
  return app.evaluate(
    async ({ exceptions, locales, widths, chrome, storageKey }) => {
      const texts = (window as unknown as { __sweepTexts: { keys: string[]; english: Record<string, string> } })
        .__sweepTexts;
      const keySet = new Set(texts.keys);
      const problemsNow = (withTexts: boolean, english: RegExp | null): string[] => {
        const width = document.documentElement.clientWidth;
        const describe = (element: Element): string => {
          const classes =
            typeof element.className === 'string' && element.className
              ? `.${element.className.trim().split(/\s+/).join('.')}`
              : '';
          const name = element.getAttribute('name') ? `[name=${element.getAttribute('name')}]` : '';
          return `${element.tagName.toLowerCase()}${classes}${name} "${(element.textContent ?? '').trim().slice(0, 50)}"`;
        };
        const shown = (element: Element): boolean => {
          if (element.getClientRects().length === 0) return false;
          const style = getComputedStyle(element);
          return style.visibility !== 'hidden' && Number(style.opacity) > 0;
        };
        const problems: string[] = [];
        const root = document.documentElement;
        if (root.scrollWidth > root.clientWidth)
          problems.push(`the page scrolls sideways: ${root.scrollWidth} > ${root.clientWidth}`);
        const overflowing = new Set<Element>();
        for (const element of document.body.querySelectorAll('*')) {
          if (element.closest('.visually-hidden, .cell--truncate') || !shown(element)) continue;
          const rect = element.getBoundingClientRect();
          const style = getComputedStyle(element);
          if (rect.width > 0 && (rect.right > width + 1 || rect.left < -1)) {
            overflowing.add(element);
            // The outermost element past the edge says where the layout breaks; its children follow it.
            if (!element.parentElement || !overflowing.has(element.parentElement))
              problems.push(
                `wider than the screen: ${describe(element)} spans ${Math.round(rect.left)}..${Math.round(rect.right)} of ${width}`,
              );
          }
          if (element.closest(exceptions)) continue;
          const sideways = style.overflowX === 'auto' || style.overflowX === 'scroll';
          if (sideways && element.scrollWidth > element.clientWidth + 1)
            problems.push(`scrolls sideways: ${describe(element)} (${element.scrollWidth} > ${element.clientWidth})`);
          const clips = style.overflowX === 'hidden' || style.overflowX === 'clip' || style.textOverflow === 'ellipsis';
          if (clips && element.scrollWidth > element.clientWidth + 1 && (element.textContent ?? '').trim() !== '')
            problems.push(`clipped: ${describe(element)} (${element.scrollWidth} > ${element.clientWidth})`);
        }
        // Interactive controls: two never share a spot (one inside the other, a switch in its row, is one control).
        // Sorted by their top edge, each is compared only with those starting above its bottom (pages like /uikit
        // hold hundreds of controls).
        const controls = [
          ...document.body.querySelectorAll(
            'a[href], button, input:not([type=hidden]), select, textarea, [role=button], [role=tab], [role=radio], [role=switch], [role=link]',
          ),
        ]
          .filter((element) => shown(element) && !element.closest('.visually-hidden'))
          .map((element) => ({ element, rect: element.getBoundingClientRect(), label: element.closest('label') }))
          .filter(({ rect }) => rect.width >= 1 && rect.height >= 1)
          .sort((a, b) => a.rect.top - b.rect.top);
        for (let i = 0; i < controls.length; i += 1) {
          const first = controls[i]!;
          for (let j = i + 1; j < controls.length && controls[j]!.rect.top < first.rect.bottom - 1; j += 1) {
            const second = controls[j]!;
            if (first.element.contains(second.element) || second.element.contains(first.element)) continue;
            if (first.label !== null && first.label === second.label) continue;
            const x = Math.min(first.rect.right, second.rect.right) - Math.max(first.rect.left, second.rect.left);
            const y = Math.min(first.rect.bottom, second.rect.bottom) - Math.max(first.rect.top, second.rect.top);
            if (x > 1 && y > 1)
              problems.push(`controls overlap: ${describe(first.element)} and ${describe(second.element)}`);
          }
        }
        if (!withTexts) return [...new Set(problems)];
        // Texts: a key instead of its text, or English in another language.
        const walker = document.createTreeWalker(document.body, NodeFilter.SHOW_TEXT);
        for (let node = walker.nextNode(); node; node = walker.nextNode()) {
          const text = (node.textContent ?? '').replace(/\s+/g, ' ').trim();
          const parent = node.parentElement;
          if (text === '' || !parent || parent.closest('script, style, .visually-hidden') || !shown(parent)) continue;
          if (/\[[A-Za-z][\w-]*(\.[\w-]+)+\]/.test(text) || keySet.has(text))
            problems.push(`an i18n key instead of its text: "${text.slice(0, 80)}"`);
          else if (english?.test(text)) problems.push(`English in another language: "${text.slice(0, 80)}"`);
        }
        return [...new Set(problems)];
      };
      const frame = () => new Promise((resolve) => requestAnimationFrame(resolve));
      const until = async (done: () => boolean): Promise<boolean> => {
        const limit = performance.now() + 10_000;
        while (!done() && performance.now() < limit) await frame();
        return done();
      };
      const findings: { lang: string; width: number; problems: string[] }[] = [];
      for (const lang of locales) {
        if (document.documentElement.lang !== lang) {
          window.parent.localStorage.setItem(storageKey, lang);
          if (!(await until(() => document.documentElement.lang === lang))) {
            findings.push({ lang, width: 0, problems: [`the page did not change to ${lang}`] });
            continue;
          }
        }
        // The switch re-renders the screen after the document's language is set.
        await frame();
        await frame();
        const english = texts.english[lang] ? new RegExp(texts.english[lang]!) : null;
        for (const [index, width] of widths.entries()) {
          const outer = window.parent.document;
          let style = outer.getElementById('sweep-width');
          if (!style) {
            style = outer.createElement('style');
            style.id = 'sweep-width';
            outer.head.append(style);
          }
          style.textContent = `.phone { width: ${width + chrome}px !important; flex: none !important; }`;
          // The layout is CSS only (no script measures the width, src/ has no resize logic but a list's paging), so
          // no frame is needed: laying the emulator page out resizes this frame, and the reads below lay it out
          // at its new width. A browser that resizes the frame only at its next frame is waited for.
          window.frameElement?.getBoundingClientRect();
          if (!(await until(() => document.documentElement.clientWidth === width))) {
            const taken = document.documentElement.clientWidth;
            findings.push({ lang, width, problems: [`the phone did not take this width (${taken})`] });
            continue;
          }
          await document.fonts.ready;
          findings.push({ lang, width, problems: problemsNow(index === 0, english) });
        }
      }
      return findings;
    },
    {
      exceptions: CLIP_EXCEPTIONS,
      locales: [...locales],
      widths: [...WIDTHS],
      chrome: PHONE_FRAME,
      storageKey: LANGUAGE_STORAGE_KEY,
    },
  );
}

/** Changes the page language in place (as another window of the app would) and waits until it shows. */
async function switchLanguage(emulator: Emulator, lang: string): Promise<void> {
  await emulator.page.evaluate(([key, value]) => localStorage.setItem(key, value), [LANGUAGE_STORAGE_KEY, lang]);
  await expect(emulator.app.locator('html')).toHaveAttribute('lang', lang);
}

/**
 * A router navigation inside the mini-app (history entry in react-router's format, then popstate). The screen shown
 * before is marked, so `settled` waits for the next one (a screen stays until the next one's texts are loaded).
 */
async function navigateInApp(emulator: Emulator, path: string): Promise<void> {
  await emulator.app.locator('body').evaluate((_body, target) => {
    document.querySelector('main.screen')?.setAttribute('data-sweep-left', '');
    const url = new URL(target, window.location.href);
    new URLSearchParams(window.location.search).forEach((value, key) => {
      if (!url.searchParams.has(key)) url.searchParams.set(key, value);
    });
    url.hash = window.location.hash;
    const idx = ((window.history.state as { idx?: number } | null)?.idx ?? 0) + 1;
    window.history.pushState({ usr: null, key: Math.random().toString(36).slice(2, 10), idx }, '', url.toString());
    window.dispatchEvent(new PopStateEvent('popstate', { state: window.history.state }));
  }, path);
}

/** Waits until the screen at `pathname` has rendered its data (or its error state) and settled. */
async function settled(emulator: Emulator, pathname?: string): Promise<void> {
  const app = emulator.app;
  if (pathname !== undefined)
    // Some routes redirect (a payment step without a payment goes back): the path is waited for, not required.
    await expect
      .poll(() => app.locator('body').evaluate(() => window.location.pathname), { timeout: 1_000 })
      .toBe(pathname)
      .catch(() => undefined);
  // A route that redirects to the screen it came from keeps it: the wait for a new screen is not required.
  await expect(app.locator('main.screen:not([data-sweep-left])'))
    .toHaveCount(1, { timeout: 5_000 })
    .catch(() => undefined);
  await expect(app.locator('main.screen')).toHaveCount(1, { timeout: 15_000 });
  await expect(app.locator('main.screen[aria-busy="true"], .screen-spinner')).toHaveCount(0, { timeout: 15_000 });
}

/** Sets the phone's screen width (the app's frame resizes without reloading) and waits for the layout. */
async function resize(emulator: Emulator, width: number): Promise<void> {
  await emulator.page.evaluate((phone) => {
    let style = document.getElementById('sweep-width');
    if (!style) {
      style = document.createElement('style');
      style.id = 'sweep-width';
      document.head.append(style);
    }
    style.textContent = `.phone { width: ${phone}px !important; flex: none !important; }`;
  }, width + PHONE_FRAME);
  const app = emulator.app.locator('body');
  await expect.poll(() => app.evaluate(() => document.documentElement.clientWidth)).toBe(width);
  await app.evaluate(async () => {
    await document.fonts.ready;
    await new Promise((resolve) => requestAnimationFrame(() => requestAnimationFrame(resolve)));
  });
}

interface Sweep {
  readonly emulator: Emulator;
  readonly testInfo: TestInfo;
  readonly label: string;
  /** The languages, Arabic (when in) last, so axe runs on the right-to-left page the check leaves. */
  readonly locales: readonly string[];
  readonly found: string[];
  shots: number;
}

/**
 * Checks the current screen in every language at every width; a language and width with problems keeps a screenshot.
 * In Arabic it also runs axe. The screen is left in the last language.
 */
async function check(sweep: Sweep, name: string): Promise<void> {
  const frame = await appFrame(sweep);
  const findings = await problemsInEveryLanguage(frame, sweep.locales);
  const last = sweep.locales.at(-1)!;
  if (last === 'ar') {
    await expect(sweep.emulator.app.locator('html')).toHaveAttribute('dir', 'rtl');
    await expectNoSeriousA11yViolationsInFrame(frame);
  }
  let shot = false;
  for (const { lang, width, problems } of findings) {
    if (problems.length === 0) continue;
    sweep.found.push(...problems.map((problem) => `${name} in ${lang} at ${width} px: ${problem}`));
    if (sweep.shots < 40 && width > 0) {
      sweep.shots += 1;
      shot = true;
      await switchLanguage(sweep.emulator, lang);
      await resize(sweep.emulator, width);
      const file = sweep.testInfo.outputPath(
        `${`${sweep.label}${name}-${lang}-${width}`.replace(/[^a-z0-9._-]+/gi, '-')}.png`,
      );
      await sweep.emulator.phone.screenshot({ path: file });
      await sweep.testInfo.attach(`${sweep.label} ${name} ${lang} ${width}px`, {
        path: file,
        contentType: 'image/png',
      });
    }
  }
  // The screenshots changed the language: the next screen starts where the check leaves it.
  if (shot) await switchLanguage(sweep.emulator, last);
}

/** The card form's fields, by their autocomplete names (the labels are in the page's language). */
const FIELDS = { number: 'cc-number', holder: 'cc-name', expiry: 'cc-exp', code: 'cc-csc' } as const;

async function fillCard(emulator: Emulator, number: string): Promise<void> {
  const app = emulator.app;
  await app.locator(`input[name=${FIELDS.number}]`).fill(number);
  await app.locator(`input[name=${FIELDS.holder}]`).fill('FINN TESTER');
  await app.locator(`input[name=${FIELDS.expiry}]`).fill('12/34');
  await app.locator(`input[name=${FIELDS.code}]`).fill('123');
}

/** After a failed attempt, "Try again" brings back the form with what the payer typed. */
async function expectCardKept(emulator: Emulator, number: string): Promise<void> {
  const app = emulator.app;
  await expect.soft(app.locator(`input[name=${FIELDS.number}]`)).toHaveValue(number.replace(/(\d{4})(?=\d)/g, '$1 '));
  await expect.soft(app.locator(`input[name=${FIELDS.holder}]`)).toHaveValue('FINN TESTER');
  await expect.soft(app.locator(`input[name=${FIELDS.expiry}]`)).toHaveValue('12/34');
  await expect.soft(app.locator(`input[name=${FIELDS.code}]`)).toHaveValue('123');
}

/**
 * A payer nobody knows opens the weekly subscription's invoice: the card form (no saved card), its errors, a declined
 * card's failure, "Try again" (the form as typed), then the bank's page and its declined challenge.
 */
async function freshPayer(sweep: Sweep, sandbox: SandboxApi, look: Look, ids: Seeded): Promise<void> {
  const { emulator } = sweep;
  const payer = newUser('Finn');
  await sandbox.api(payer, 'GET', '/dashboard?mode=follower');
  await emulator.open({ ...look, lang: sweep.locales[0], user: payer, startParam: `subscription_${ids.weeklyId}` });
  await settled(emulator, `/invoice/subscription/${ids.weeklyId}`);
  await check(sweep, `/invoice/subscription/${ids.weeklyId} (new payer)`);
  await emulator.clickMainButton();
  await settled(emulator, '/payment/form');
  await expect(emulator.app.locator(`input[name=${FIELDS.number}]`)).toBeVisible();
  await check(sweep, '/payment/form (empty)');
  // Pay with nothing typed: every field shows its error.
  await emulator.clickMainButton();
  await check(sweep, '/payment/form (errors)');

  await fillCard(emulator, PROVIDER_TEST_CARDS.declined.number);
  await check(sweep, '/payment/form (filled)');
  await emulator.clickMainButton();
  await settled(emulator, `/invoice/subscription/${ids.weeklyId}`);
  await expect(emulator.app.locator('.payment-failure__code')).toBeVisible({ timeout: 15_000 });
  await check(sweep, '/invoice (payment failed)');
  await emulator.clickMainButton();
  await settled(emulator, '/payment/form');
  await expectCardKept(emulator, PROVIDER_TEST_CARDS.declined.number);

  await emulator.app.locator(`input[name=${FIELDS.number}]`).fill(PROVIDER_TEST_CARDS.threeDSecure.number);
  await emulator.clickMainButton();
  await settled(emulator, '/payment/redirect');
  await expect(emulator.app.locator('iframe')).toBeVisible({ timeout: 15_000 });
  await check(sweep, '/payment/redirect');
  await emulator.app.frameLocator('iframe').locator('button[name=decline]').click();
  await expect(emulator.app.locator('.payment-failure__code')).toBeVisible({ timeout: 15_000 });
  await check(sweep, '/invoice (bank declined)');
  await emulator.clickMainButton();
  await settled(emulator, '/payment/form');
  await expectCardKept(emulator, PROVIDER_TEST_CARDS.threeDSecure.number);
}

/**
 * A gift (src/domain/gift.ts): its payment page, the giver's page with the link once paid (bought through the API as
 * the app does), the recipient's page before and after accepting, their subscription on the gift, and a link to no
 * gift.
 */
async function giftScreens(sweep: Sweep, sandbox: SandboxApi, look: Look): Promise<void> {
  const { emulator } = sweep;
  // A creator of its own: a gift sold on a demo creator's plan would be the newest sale other specs read.
  const { subscriptionId } = await creatorWithChannel(sandbox);
  const giver = newUser('Gina');
  await sandbox.api(giver, 'GET', '/dashboard?mode=follower');
  const card = await sandbox.newCard(giver, PROVIDER_TEST_CARDS.approved.number);
  const paid = await sandbox.api<{ paymentId: string; status: string }>(
    giver,
    'POST',
    `/invoice/subscription/${subscriptionId}/gift`,
    { paymentMethod: 'smart_glocal_form', ...card },
    { 'Idempotency-Key': `sweep-gift-${giver.telegramId}` },
  );
  if (paid.status !== 'paid') throw new Error(`the gift payment is ${paid.status}`);
  const { gift } = await sandbox.api<{ gift: { code: string } | null }>(giver, 'GET', `/gift/sent/${paid.paymentId}`);
  if (gift === null) throw new Error('the paid gift has no code');
  const buy = `/invoice/subscription/${subscriptionId}/gift`;
  const sent = `/gift/sent/${paid.paymentId}`;
  await emulator.open({ ...look, lang: sweep.locales[0], user: giver, appPath: buy });
  await switchLanguage(emulator, sweep.locales[0]!);
  await settled(emulator, buy);
  await check(sweep, buy);
  await navigateInApp(emulator, sent);
  await settled(emulator, sent);
  await expect(emulator.app.getByTestId('gift-link')).toBeVisible({ timeout: 15_000 });
  await check(sweep, sent);
  const recipient = newUser('Rita');
  await sandbox.api(recipient, 'GET', '/dashboard?mode=follower');
  const received = `/gift/${gift.code}`;
  await emulator.open({ ...look, lang: sweep.locales[0], user: recipient, appPath: received });
  await switchLanguage(emulator, sweep.locales[0]!);
  await settled(emulator, received);
  await check(sweep, received);
  await emulator.clickMainButton();
  await expect(emulator.app.getByTestId('gift-accepted')).toBeVisible({ timeout: 15_000 });
  await check(sweep, `${received} (accepted)`);
  // The recipient's subscription on the gift alone: "Gift" and "Gift until <date>".
  const { subscriptionMemberId } = await sandbox.api<{ subscriptionMemberId: number }>(
    recipient,
    'POST',
    `/gift/${gift.code}/accept`,
  );
  const membership = `/follower/subscription/${subscriptionMemberId}`;
  await navigateInApp(emulator, membership);
  await settled(emulator, membership);
  await expect(emulator.app.locator('.follower-label--gift')).toBeVisible({ timeout: 15_000 });
  await check(sweep, `${membership} (a gift)`);
  // The giver's own gift, now taken: the page says so.
  await emulator.open({ ...look, lang: sweep.locales[0], user: giver, appPath: received });
  await switchLanguage(emulator, sweep.locales[0]!);
  await settled(emulator, received);
  await expect(emulator.app.getByTestId('gift-refusal')).toBeVisible({ timeout: 15_000 });
  await check(sweep, `${received} (the giver's, taken)`);
}

/**
 * A payer with Telegram Stars, on a creator's subscriptions sold in Stars (made here as new users: the demo data stays
 * as it is): the invoice's Card / Telegram Stars choice with a renewing monthly price and a weekly one sold for one
 * period, a donation in Stars with its limit error, and the result of a subscription paid in the host's Stars sheet.
 */
async function starsPayer(sweep: Sweep, sandbox: SandboxApi, look: Look): Promise<void> {
  const { emulator } = sweep;
  const creator = newUser('Stan');
  await sandbox.api(creator, 'GET', '/dashboard?mode=follower');
  await sandbox.kyc(creator.telegramId, 'approved');
  const suffix = Math.floor(Math.random() * 1_000_000_000);
  const added = await sandbox.channelAdded({
    ownerTelegramId: creator.telegramId,
    chatId: -(1_000_000_000_000 + suffix),
    title: `Stan Stars ${suffix}`,
    username: `stan_stars_${suffix}`,
  });
  const channelId = (added as { channel: { id: number } }).channel.id;
  const subscription = async (period: 'monthly' | 'weekly', stars: number): Promise<number> => {
    const created = await sandbox.api<{ subscription: { id: number } }>(creator, 'POST', '/subscription/new', {
      channelId,
      name: period === 'monthly' ? 'Monthly Subscription' : 'Weekly Subscription',
      description: 'Early posts and a thank-you every week.',
      period,
      currency: 'eur',
      amount: 5,
      buttonText: 'Subscribe',
    });
    await sandbox.api(creator, 'POST', `/subscription/${created.subscription.id}/stars`, { stars });
    return created.subscription.id;
  };
  const monthlyId = await subscription('monthly', 250);
  const weeklyId = await subscription('weekly', 100);
  const donation = await sandbox.api<{ donation: { id: number } }>(
    creator,
    'POST',
    `/donation/request/channel/${channelId}`,
    {
      title: 'Support the channel',
      description: 'Every Star helps.',
      currency: 'eur',
      amount: 0,
      buttonText: 'Donate',
      pin: false,
      disableNotification: true,
    },
  );
  await sandbox.api(creator, 'POST', `/donation/${donation.donation.id}/stars`, { stars: 50 });

  const payer = newUser('Stella');
  await sandbox.api(payer, 'GET', '/dashboard?mode=follower');
  await sandbox.post('/sandbox/bot-api/stars/balance', { telegramId: payer.telegramId, stars: 5000 });
  const chooseStars = async (): Promise<void> => {
    // The second option of the choice, whatever the language.
    await emulator.app.locator('.invoice-pay-method [role=tab]').nth(1).click();
    await expect(emulator.app.locator('.invoice-pay-method [role=tab]').nth(1)).toHaveAttribute(
      'aria-selected',
      'true',
    );
  };
  await emulator.open({ ...look, lang: sweep.locales[0], user: payer, startParam: `subscription_${weeklyId}` });
  await switchLanguage(emulator, sweep.locales[0]!);
  await settled(emulator, `/invoice/subscription/${weeklyId}`);
  await chooseStars();
  await check(sweep, '/invoice/subscription (Stars, one period)');

  await navigateInApp(emulator, `/invoice/donation/${donation.donation.id}`);
  await settled(emulator, `/invoice/donation/${donation.donation.id}`);
  await chooseStars();
  await emulator.app.locator('.invoice-amount input').fill('10001');
  await check(sweep, '/invoice/donation (Stars, over the limit)');

  await navigateInApp(emulator, `/invoice/subscription/${monthlyId}`);
  await settled(emulator, `/invoice/subscription/${monthlyId}`);
  await chooseStars();
  await check(sweep, '/invoice/subscription (Stars, renewing)');
  await emulator.clickMainButton();
  await emulator.starsSheet.getByTestId('stars-pay').click();
  await expect(emulator.app.locator('.payment-success')).toBeVisible({ timeout: 30_000 });
  await check(sweep, '/invoice (paid in Stars)');
}

/**
 * A fresh creator whose monthly subscription a follower paid in Telegram Stars: the channel page (its revenue's Stars
 * line), the sale's details (Stars paid, rate), the subscription's page (its Stars price) and form, then refusing a
 * Stars price beyond Telegram's limits.
 */
async function starsSale(sweep: Sweep, sandbox: SandboxApi, look: Look): Promise<void> {
  const shop = await starsShop(sandbox, 'Vega', 417);
  await payInStars(sandbox, shop, 'Lyra');
  const { transactions } = await sandbox.api<{ transactions: TransactionDto[] }>(
    shop.creator,
    'GET',
    '/dashboard?mode=creator',
  );
  const sale = transactions.find((transaction) => transaction.type === 'sell_subscription');
  if (!sale) throw new Error('the Stars payment made no sale');
  const channel = `/channel/${shop.channel.id}`;
  const { emulator } = sweep;
  await emulator.open({ ...look, lang: sweep.locales[0], user: shop.creator, appPath: channel });
  await switchLanguage(emulator, sweep.locales[0]!);
  for (const [index, path] of [
    channel,
    `/transaction/${sale.id}`,
    `${channel}/subscription/${shop.subscriptionId}`,
    `${channel}/subscription/${shop.subscriptionId}/edit`,
  ].entries()) {
    if (index > 0) await navigateInApp(emulator, path);
    await settled(emulator, path);
    await check(sweep, path);
  }
  // Beyond Telegram's limits: the error under the Stars price.
  await emulator.app.locator('input[inputmode=numeric]').fill('20000');
  await emulator.clickMainButton();
  await expect(emulator.app.locator('.field__error')).toBeVisible();
  // The fail toast floats over the form for 3 s; the field's own error stays and is what is checked.
  await expect(emulator.app.locator('.toast')).toHaveCount(0, { timeout: 15_000 });
  await check(sweep, `${channel}/subscription/${shop.subscriptionId}/edit (Stars price refused)`);
}

/**
 * A follower of a fresh creator's subscription with a retention offer taps Cancel: the offer shown in place of the
 * confirmation (the creator's editor with its counts is in the route list).
 */
async function retentionOffer(sweep: Sweep, sandbox: SandboxApi, look: Look): Promise<void> {
  const world = await creatorWithChannel(sandbox, { price: 5 });
  await sandbox.api(world.creator, 'POST', `/subscription/${world.subscriptionId}/retention_offer`, {
    percent: 30,
    renewals: 3,
  });
  const follower = newUser('Stella');
  await sandbox.api(follower, 'GET', '/dashboard?mode=follower');
  const card = await sandbox.newCard(follower, PROVIDER_TEST_CARDS.approved.number);
  const created = await sandbox.api<{ paymentId: string }>(
    follower,
    'POST',
    `/invoice/subscription/${world.subscriptionId}/create`,
    { paymentMethod: 'smart_glocal_form', ...card, saveCard: true },
    { 'Idempotency-Key': `sweep-${world.subscriptionId}` },
  );
  let memberId: number | undefined;
  await expect
    .poll(async () => {
      const checked = await sandbox.api<{ status: string; subscriptionMemberId?: number }>(
        follower,
        'POST',
        '/pay/smart_glocal/check',
        { paymentId: created.paymentId },
      );
      memberId = checked.subscriptionMemberId;
      return checked.status;
    })
    .toBe('paid');
  const path = `/follower/subscription/${memberId}`;
  const { emulator } = sweep;
  await emulator.open({ ...look, lang: sweep.locales[0], user: follower, appPath: path });
  await switchLanguage(emulator, sweep.locales[0]!);
  await settled(emulator, path);
  await emulator.app.locator('.follower-actions button').last().click();
  await expect(emulator.app.getByTestId('retention-offer')).toBeVisible();
  await check(sweep, `${path} (retention offer)`);
}

/**
 * A fresh creator's subscription with a 7-day free trial: the follower's invoice offering it, the started state, the
 * follower's subscription on trial, and the creator's page with the trial figures and the member's "Trial until".
 */
async function freeTrial(sweep: Sweep, sandbox: SandboxApi, look: Look): Promise<void> {
  const world = await creatorWithChannel(sandbox, { price: 5 });
  await sandbox.api(world.creator, 'POST', `/subscription/${world.subscriptionId}/edit`, {
    name: 'Monthly Subscription',
    description: 'Early posts and a thank-you every week.',
    amount: 5,
    buttonText: 'Subscribe',
    trialDays: 7,
  });
  const follower = newUser('Tamsin');
  await sandbox.api(follower, 'GET', '/dashboard?mode=follower');
  const { emulator } = sweep;
  const invoice = `/invoice/subscription/${world.subscriptionId}`;
  await emulator.open({ ...look, lang: sweep.locales[0], user: follower, appPath: invoice });
  await switchLanguage(emulator, sweep.locales[0]!);
  await settled(emulator, invoice);
  await expect(emulator.app.getByTestId('trial-offer')).toBeVisible();
  await check(sweep, `${invoice} (free trial offered)`);
  await emulator.clickMainButton();
  await expect(emulator.app.locator('.payment-success')).toBeVisible({ timeout: 15_000 });
  await check(sweep, `${invoice} (free trial started)`);
  const { subscriptionMembers } = await sandbox.api<{ subscriptionMembers: MemberDto[] }>(
    follower,
    'GET',
    '/dashboard?mode=follower',
  );
  const own = `/follower/subscription/${subscriptionMembers[0]!.id}`;
  await navigateInApp(emulator, own);
  await settled(emulator, own);
  await check(sweep, `${own} (on a free trial)`);
  const page = `/channel/${world.channel.id}/subscription/${world.subscriptionId}`;
  await emulator.open({ ...look, lang: sweep.locales[0], user: world.creator, appPath: page });
  await switchLanguage(emulator, sweep.locales[0]!);
  await settled(emulator, page);
  await expect(emulator.app.getByTestId('trial-on-trial')).toHaveText('1');
  await check(sweep, `${page} (trial figures and a member on trial)`);
}

/** Opens the app as `user` on `paths[0]`, then goes through the others in-app, checking each. */
async function sweepRoutes(sweep: Sweep, look: Look, user: number, paths: readonly string[]): Promise<void> {
  const { emulator } = sweep;
  await emulator.open({ ...look, lang: sweep.locales[0], user, appPath: paths[0] });
  // The language the last part left in local storage wins over the messenger's at start.
  await switchLanguage(emulator, sweep.locales[0]!);
  for (const [index, path] of paths.entries()) {
    if (index > 0) await navigateInApp(emulator, path);
    await settled(emulator, path.split('?')[0]);
    await check(sweep, path);
  }
}

interface Look {
  readonly platform: EmulatorPlatform;
  readonly theme: EmulatorTheme;
}
const LOOKS: readonly { look: Look; name: string; locales: readonly string[] }[] = [
  { look: { platform: 'ios', theme: 'light' }, name: 'apple light', locales: PAGE_LOCALES },
  { look: { platform: 'android-7.10', theme: 'dark' }, name: 'material dark', locales: ['en', 'ru', 'ar'] },
];

/** The sweep's parts, each a test of its own so that the two workers share them. */
const PARTS: readonly {
  name: string;
  run(sweep: Sweep, sandbox: SandboxApi, look: Look, ids: Seeded): Promise<void>;
}[] = [
  { name: 'the card form as a new payer', run: (sweep, sandbox, look, ids) => freshPayer(sweep, sandbox, look, ids) },
  { name: 'paying in Telegram Stars', run: (sweep, sandbox, look) => starsPayer(sweep, sandbox, look) },
  {
    name: "the creator's channel screens",
    run: async (sweep, _sandbox, look, ids) => {
      const { paths } = routes(ids)[0]!;
      await sweepRoutes(sweep, look, demoUsers.alice, paths.slice(0, CREATOR_SPLIT));
    },
  },
  {
    name: "the creator's other screens",
    run: async (sweep, _sandbox, look, ids) => {
      const { paths } = routes(ids)[0]!;
      await sweepRoutes(sweep, look, demoUsers.alice, paths.slice(CREATOR_SPLIT));
    },
  },
  { name: "a creator's Telegram Stars sale", run: (sweep, sandbox, look) => starsSale(sweep, sandbox, look) },
  { name: 'the retention offer on cancel', run: (sweep, sandbox, look) => retentionOffer(sweep, sandbox, look) },
  { name: 'a gift, given and received', run: (sweep, sandbox, look) => giftScreens(sweep, sandbox, look) },
  { name: 'a free trial', run: (sweep, sandbox, look) => freeTrial(sweep, sandbox, look) },
  {
    name: "the follower's and the migrating creator's screens",
    run: async (sweep, _sandbox, look, ids) => {
      const [, follower, migrating] = routes(ids);
      await sweepRoutes(sweep, look, follower!.user, follower!.paths);
      // The saved-card choice: the donation invoice's main button as the payer taps it.
      await sweep.emulator.clickMainButton();
      await settled(sweep.emulator, '/payment/choicePaymentMethod');
      await check(sweep, '/payment/choicePaymentMethod');
      await sweepRoutes(sweep, look, migrating!.user, migrating!.paths);
    },
  },
];
/** The creator's routes up to here are the channel's; the rest are payouts, settings and tools. */
const CREATOR_SPLIT = 16;

test.describe.configure({ mode: 'parallel' });

for (const { look, name: lookName, locales } of LOOKS) {
  for (const part of PARTS) {
    test(`${part.name} fit 320-412 px and read in every language, ${lookName} look`, async ({
      emulator,
      sandbox,
    }, testInfo) => {
      test.setTimeout(600_000);
      const sweep: Sweep = {
        emulator,
        testInfo,
        label: `${lookName}-`,
        locales: [...locales.filter((lang) => lang !== 'ar'), ...locales.filter((lang) => lang === 'ar')],
        found: [],
        shots: 0,
      };
      // Production builds show no key for a missing text, but report it on the console.
      emulator.page.on('console', (message) => {
        if (message.text().startsWith('i18n: missing text')) sweep.found.push(message.text());
      });
      await part.run(sweep, sandbox, look, await seeded(sandbox));
      expect(sweep.found, `layout and text problems: ${part.name}, ${lookName} look`).toEqual([]);
    });
  }
}

test('the language picked in /settings/language shows at once, on the same screen', async ({ emulator }) => {
  await emulator.open({ lang: 'de', user: demoUsers.bob, appPath: '/settings/language' });
  const app = emulator.app;
  await expect(app.locator('html')).toHaveAttribute('lang', 'de');
  await app.getByRole('button', { name: 'Français' }).click();
  await expect(app.locator('html')).toHaveAttribute('lang', 'fr');
  await expect(app.getByRole('heading', { name: 'Langue', exact: true })).toBeAttached();
  await expect(
    app.getByRole('button', { name: /Français/ }).getByRole('img', { name: 'Langue actuelle' }),
  ).toBeVisible();
});
