import type { FrameLocator } from '@playwright/test';
import { type ConsoleProblem, expect } from './support/fixtures';

/**
 * Console problems a test did not expect: the emulator page's missing favicon is never one, and a test may expect
 * the API's refusals it provokes (e.g. the creator dashboard's 403 verification_required before the redirect).
 */
export function unexpectedProblems(
  problems: readonly ConsoleProblem[],
  expected: { status: number; path: string }[] = [],
): ConsoleProblem[] {
  return problems.filter((problem) => {
    if (problem.url.endsWith('/favicon.ico')) return false;
    return !expected.some(
      ({ status, path }) => problem.text.includes(`status of ${status}`) && problem.url.includes(`/api/v2${path}`),
    );
  });
}

/** Waits (generously: CI machines are slow on the first load) until the app's screen is ready. */
export async function waitForScreen(app: FrameLocator): Promise<void> {
  await expect(app.locator('main.screen[data-state="ready"]')).toBeVisible({ timeout: 30_000 });
}
