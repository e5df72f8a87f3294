import { useLocation } from 'react-router-dom';
import { isDeepPathNeedingDashboardBelow, startParamRoute } from '../../domain/invoice';

/** The parts of window.history and window.location the first-load rewrite touches. */
export interface BrowserHistory {
  readonly state: unknown;
  replaceState(data: unknown, unused: string, url?: string): void;
  pushState(data: unknown, unused: string, url?: string): void;
}
export interface BrowserLocation {
  readonly pathname: string;
  readonly search: string;
  readonly hash: string;
}

export const DASHBOARD_PATH = '/dashboard';

/** Paths where the messenger opens the app; a start parameter is honoured only there (not on a reload of a deep page). */
const ENTRY_PATHS = new Set(['/', '', DASHBOARD_PATH]);

/** react-router stores its entry index as `idx` in history.state; absent before the router first ran. */
export function historyIndex(state: unknown): number | undefined {
  const idx = (state as { idx?: unknown } | null)?.idx;
  return typeof idx === 'number' ? idx : undefined;
}

/** A history entry in react-router's own format, so BrowserRouter picks up the index. */
const entry = (idx: number): { usr: null; key: string; idx: number } => ({
  usr: null,
  key: idx === 0 ? 'default' : Math.random().toString(36).slice(2, 10),
  idx,
});

/**
 * Runs once before the router mounts (spec section 2):
 * - a start parameter `subscription_<id>` / `donation_<id>` opened at the app's entry replaces the page with
 *   that invoice;
 * - a first load on a deep path (not /, /dashboard... or /invoice...) gets a dashboard entry underneath, so
 *   back leads to the dashboard.
 * A reload (history already carries the router's index) changes nothing. The query and hash (launch data)
 * are kept on every entry. Returns the path the app starts on.
 */
export function prepareInitialHistory(history: BrowserHistory, location: BrowserLocation, startParam?: string): string {
  // Read everything first: window.location changes with each history call below.
  const { pathname, search, hash } = location;
  if (historyIndex(history.state) !== undefined) return pathname;
  const keep = search + hash;
  const invoice = ENTRY_PATHS.has(pathname) ? startParamRoute(startParam) : null;
  if (invoice !== null) {
    history.replaceState(entry(0), '', invoice + keep);
    return invoice;
  }
  if (isDeepPathNeedingDashboardBelow(pathname)) {
    history.replaceState(entry(0), '', DASHBOARD_PATH + keep);
    history.pushState(entry(1), '', pathname + keep);
  }
  return pathname;
}

/** True when an in-app entry lies underneath the current one (the host back button is shown only then). */
export function useCanGoBack(): boolean {
  useLocation(); // re-render on every navigation
  return (historyIndex(window.history.state) ?? 0) > 0;
}
