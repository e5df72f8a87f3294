import { readFileSync } from 'node:fs';
import { createRequire } from 'node:module';
import AxeBuilder from '@axe-core/playwright';
import { expect, type Frame, type Page } from '@playwright/test';
import type { AxeResults, Result } from 'axe-core';

export interface A11yOptions {
  /** CSS selectors to check (default: the whole page, iframes included) */
  include?: string[];
  /** CSS selectors to leave out, e.g. '#app-frame' to check only the emulator's chrome */
  exclude?: string[];
  /** axe rule ids to skip; say why next to the call */
  disableRules?: string[];
}

/**
 * Waits for toasts fading in or out (app and emulator frames): their text is half transparent for a moment, and axe
 * would measure the contrast of the animation rather than of the page.
 */
async function settleFadingToasts(page: Page): Promise<void> {
  const settled = () =>
    document.querySelector('.toast--hiding') === null &&
    [...document.querySelectorAll('.toast')].every((toast) =>
      toast.getAnimations().every((animation) => animation.playState !== 'running'),
    );
  await Promise.all(
    page.frames().map((frame) => frame.waitForFunction(settled, null, { timeout: 5_000 }).catch(() => undefined)),
  );
}

/**
 * A toast that starts hiding while axe runs stays as it was shown (it is cleared 450 ms later), and a press ripple
 * (a decorative wave that fades out over 600 ms after a tap) is not drawn: axe would measure the colours of an
 * animation's frame rather than of the page.
 */
const MOTION_HELD =
  '.toast--hiding{opacity:1!important;transform:none!important;transition:none!important}.ripple{display:none!important}';

/**
 * Runs `check` with MOTION_HELD in every frame: a toast's time may end while axe runs (after settleFadingToasts), or a
 * tap's ripple still fade, and axe would then measure an animation rather than the page's colours.
 */
async function withMotionHeld<T>(page: Page, check: () => Promise<T>): Promise<T> {
  const frames = page.frames();
  const each = (run: (frame: Frame) => Promise<unknown>) =>
    Promise.all(frames.map((frame) => run(frame).catch(() => undefined)));
  await each((frame) =>
    frame.evaluate((css) => {
      const style = document.createElement('style');
      style.dataset.axeHold = '';
      style.textContent = css;
      document.head.append(style);
    }, MOTION_HELD),
  );
  try {
    return await check();
  } finally {
    await each((frame) =>
      frame.evaluate(() => document.querySelectorAll('style[data-axe-hold]').forEach((style) => style.remove())),
    );
  }
}

/** Runs axe with the WCAG 2 A and AA rules and answers the violations. */
export async function axeViolations(page: Page, options: A11yOptions = {}): Promise<Result[]> {
  await settleFadingToasts(page);
  let builder = new AxeBuilder({ page }).withTags(['wcag2a', 'wcag2aa']);
  for (const selector of options.include ?? []) builder = builder.include(selector);
  for (const selector of options.exclude ?? []) builder = builder.exclude(selector);
  if (options.disableRules?.length) builder = builder.disableRules(options.disableRules);
  const results = await withMotionHeld(page, () => builder.analyze());
  return results.violations;
}

function describe(violations: Result[]): string {
  return violations
    .map(
      (v) =>
        `${v.impact}: ${v.id} (${v.help})\n${v.nodes
          .slice(0, 5)
          .map((n) => `  - ${n.target.join(' ')}: ${n.failureSummary?.split('\n').join(' ')}`)
          .join('\n')}`,
    )
    .join('\n');
}

/** Fails the test on serious or critical WCAG 2 A/AA violations (minor and moderate ones are attached as a note). */
export async function expectNoSeriousA11yViolations(page: Page, options: A11yOptions = {}): Promise<void> {
  expectNoSerious(await axeViolations(page, options));
}

let axeSource: string | undefined;

/**
 * The same check on one frame's document (e.g. the mini-app's), with axe injected into it once: for crawls that
 * check many screens of one page, where AxeBuilder would inject axe into every frame again on each call.
 */
export async function expectNoSeriousA11yViolationsInFrame(
  frame: Frame,
  options: Pick<A11yOptions, 'disableRules'> = {},
): Promise<void> {
  await settleFadingToasts(frame.page());
  if (!(await frame.evaluate(() => 'axe' in window))) {
    axeSource ??= readFileSync(createRequire(import.meta.url).resolve('axe-core/axe.min.js'), 'utf8');
    await frame.evaluate(axeSource);
  }
  const results = await withMotionHeld(frame.page(), () =>
    frame.evaluate(
      (disabled) =>
        (window as unknown as { axe: { run(context: Document, options: object): Promise<AxeResults> } }).axe.run(
          document,
          {
            runOnly: { type: 'tag', values: ['wcag2a', 'wcag2aa'] },
            rules: Object.fromEntries(disabled.map((id) => [id, { enabled: false }])),
          },
        ),
      options.disableRules ?? [],
    ),
  );
  expectNoSerious(results.violations);
}

/**
 * The mini-app's document in the emulator (#app-frame), checked in its own frame: axe is injected once per app load
 * and runs there alone. AxeBuilder with `include: ['#app-frame']` checks the same document but injects axe into every
 * frame and finishes in a new blank page on every call, which made a third of an axe-heavy spec's CPU.
 */
export async function expectNoSeriousA11yViolationsInApp(
  page: Page,
  options: Pick<A11yOptions, 'disableRules'> = {},
): Promise<void> {
  const frame = await (await page.locator('#app-frame').elementHandle())?.contentFrame();
  if (!frame) throw new Error('the mini-app frame is not on the page');
  await expectNoSeriousA11yViolationsInFrame(frame, options);
}

function expectNoSerious(violations: Result[]): void {
  const blocking = violations.filter((v) => v.impact === 'serious' || v.impact === 'critical');
  const minor = violations.filter((v) => !blocking.includes(v));
  if (minor.length) console.info(`axe (not failing): ${describe(minor)}`);
  expect(blocking, `axe found serious or critical violations:\n${describe(blocking)}`).toEqual([]);
}
