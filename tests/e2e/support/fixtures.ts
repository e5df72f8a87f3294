import { test as base, expect } from '@playwright/test';
import { Emulator } from './emulator';
import { SandboxApi } from './sandbox';

export interface ConsoleProblem {
  /** 'pageerror' (an uncaught exception) or 'console.error' */
  kind: 'pageerror' | 'console.error';
  text: string;
  /** the frame's URL: the emulator page or the mini-app iframe */
  url: string;
}

interface Fixtures {
  /** The messenger host emulator on this test's page. */
  emulator: Emulator;
  /** The sandbox control API. */
  sandbox: SandboxApi;
  /** Uncaught errors and console.error calls of the page and its frames, collected from the start of the test. */
  consoleProblems: ConsoleProblem[];
  /** Saves a full-page screenshot under test-results/ (kept as a CI artifact); answers its path. */
  saveScreenshot: (name: string) => Promise<string>;
}

export const test = base.extend<Fixtures>({
  emulator: async ({ page }, provide) => {
    await provide(new Emulator(page));
  },
  sandbox: async ({ request }, provide) => {
    await provide(new SandboxApi(request));
  },
  consoleProblems: async ({ page }, provide) => {
    const problems: ConsoleProblem[] = [];
    page.on('pageerror', (error) =>
      problems.push({ kind: 'pageerror', text: `${error.name}: ${error.message}`, url: page.url() }),
    );
    page.on('console', (message) => {
      if (message.type() === 'error')
        problems.push({ kind: 'console.error', text: message.text(), url: message.location().url });
    });
    await provide(problems);
  },
  saveScreenshot: async ({ page }, provide, testInfo) => {
    await provide(async (name: string) => {
      const file = testInfo.outputPath(`${name.replace(/[^a-z0-9._-]+/gi, '-')}.png`);
      await page.screenshot({ path: file, fullPage: true });
      await testInfo.attach(name, { path: file, contentType: 'image/png' });
      return file;
    });
  },
});

export { expect };
export {
  demoUsers,
  newUser,
  type EmulatorPlatform,
  type EmulatorTheme,
  type NewUser,
  type OpenOptions,
} from './emulator';
export {
  axeViolations,
  expectNoSeriousA11yViolations,
  expectNoSeriousA11yViolationsInApp,
  expectNoSeriousA11yViolationsInFrame,
  type A11yOptions,
} from './a11y';
