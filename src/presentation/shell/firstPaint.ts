/**
 * What waits for the first screen to be painted: requests that started before it would share the phone's first
 * second of bandwidth and main thread with the screen, and a page load's largest paint counts every request made
 * before it (Lighthouse's simulation chains them onto the first screen).
 */
import { startTransition, useEffect, useState } from 'react';
import { afterNextPaint } from '../components/timing';

/**
 * Resolves once the browser has presented its first content. A frame callback's timer runs after the main thread's
 * paint, but the frame reaches the screen later; the paint timing entry is what the page load is measured by.
 */
function afterFirstContentfulPaint(): Promise<void> {
  if (typeof PerformanceObserver === 'undefined' || !PerformanceObserver.supportedEntryTypes?.includes('paint'))
    return Promise.resolve();
  return new Promise((resolve) => {
    const observer = new PerformanceObserver((entries) => {
      if (entries.getEntriesByName('first-contentful-paint').length === 0) return;
      observer.disconnect();
      resolve();
    });
    observer.observe({ type: 'paint', buffered: true });
  });
}

/** Past this, what waits for the first screen goes ahead anyway (a page that paints nothing, a host that reports no paints). */
const FIRST_SCREEN_WAIT_LIMIT_MS = 3000;

let marked = false;
let markShown: () => void = () => undefined;
/** Settles once the first screen has painted its content (or FIRST_SCREEN_WAIT_LIMIT_MS after it showed). */
export const firstScreenShown: Promise<void> = new Promise((resolve) => (markShown = resolve));

let shownYet = false;
void firstScreenShown.then(() => (shownYet = true));

/**
 * False until the first screen is painted, then true (at once on every later screen). For content below the fold,
 * which the first paint would otherwise wait for: the dashboard's transaction rows are most of its elements. The
 * change is a transition, so React renders that content in slices that yield to the browser, not in one long task
 * right after the first paint (what a phone's user would feel as a stuck screen, and Lighthouse counts as blocking).
 */
export function useAfterFirstScreen(): boolean {
  const [after, setAfter] = useState(shownYet);
  useEffect(() => {
    if (after) return;
    let mounted = true;
    void firstScreenShown.then(() => mounted && startTransition(() => setAfter(true)));
    return () => void (mounted = false);
  }, [after]);
  return after;
}

/** Called by every screen's frame: the first one to show its content (or its error) marks the first screen shown. */
export function useFirstScreenShown(shown: boolean): void {
  useEffect(() => {
    if (!shown || marked) return;
    marked = true;
    const painted = new Promise<void>((resolve) => afterNextPaint(resolve)).then(afterFirstContentfulPaint);
    void Promise.race([painted, new Promise((resolve) => setTimeout(resolve, FIRST_SCREEN_WAIT_LIMIT_MS))]).then(
      markShown,
    );
  }, [shown]);
}
