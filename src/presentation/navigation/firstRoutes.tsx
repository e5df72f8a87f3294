/**
 * The first screen's routes (the dashboard), in the entry. Every other route is in routes.tsx, a chunk that
 * AppRoutes loads when the path is none of these, so the entry does not carry the whole route table.
 */
import { matchRoutes } from 'react-router-dom';
import { TOKENS } from '../../di/tokens';
import type { Resolver } from '../app/resolver';
import { type RouteEntry, preloads, redirect, route, texts, viewModel } from './lazyScreen';

const dashboard = () => import('../screens/Dashboard/DashboardScreen');
// The route's mode; none on / and /dashboard (the server or the last shown mode decides).
const dashboardIn = (mode?: 'creator' | 'follower') => viewModel(TOKENS.DashboardViewModel, () => [mode]);
// The creator's revenue chart renders with the screen (its frame, before its series): its view model and texts load with it.
const dashboardParts = [texts('dashboard', 'revenue', 'transaction'), preloads(TOKENS.RevenueChartViewModel)] as const;

export const FIRST_ROUTES: readonly RouteEntry[] = [
  route('/', dashboard, dashboardIn(), ...dashboardParts),
  route('/dashboard', dashboard, dashboardIn(), ...dashboardParts),
  route('/dashboard/creator', dashboard, dashboardIn('creator'), ...dashboardParts),
  route('/dashboard/follower', dashboard, dashboardIn('follower'), ...dashboardParts),
  redirect('/dashboard/:mode', '/dashboard'),
];

/** The rest of the route table (its chunk loads once). */
export const loadOtherRoutes = () => import('./routes');

/** The entry of `entries` whose pattern matches `pathname`, if any. */
export function matchEntry(entries: readonly RouteEntry[], pathname: string): RouteEntry | undefined {
  const match = matchRoutes(
    entries.map(({ path }, index) => ({ path, id: String(index) })),
    pathname,
  );
  const matched = match?.[0]?.route.id;
  return matched === undefined ? undefined : entries[Number(matched)];
}

/** Starts loading the screen of `pathname` (and its view model and texts) before the app renders. */
export async function preloadRoute(resolver: Resolver, pathname: string): Promise<void> {
  const first = matchEntry(FIRST_ROUTES, pathname);
  if (first) return first.preload(resolver);
  const { ROUTES, NOT_FOUND_ROUTE } = await loadOtherRoutes();
  (matchEntry(ROUTES, pathname) ?? NOT_FOUND_ROUTE).preload(resolver);
}
