/**
 * The first screen's routes (the dashboard), in the entry. Every other route is in routes.tsx, a chunk that
 * AppRoutes loads when the path is none of these, so the entry does not carry the whole route table.
 */
import { matchRoutes } from 'react-router-dom';
import { TOKENS } from '../../di/tokens';
import type { Resolver } from '../app/resolver';
import { type RouteEntry, redirect, route, texts, viewModel } from './lazyScreen';

const dashboard = () => import('../screens/Dashboard/DashboardScreen');
// The route's mode; none on / and /dashboard (the server or the last shown mode decides).
const dashboardIn = (mode?: 'creator' | 'follower') => viewModel(TOKENS.DashboardViewModel, () => [mode]);

export const FIRST_ROUTES: readonly RouteEntry[] = [
  route('/', dashboard, dashboardIn(), texts('dashboard')),
  route('/dashboard', dashboard, dashboardIn(), texts('dashboard')),
  route('/dashboard/creator', dashboard, dashboardIn('creator'), texts('dashboard')),
  route('/dashboard/follower', dashboard, dashboardIn('follower'), texts('dashboard')),
  redirect('/dashboard/:mode', '/dashboard'),
];

/** The rest of the route table (its chunk loads once). */
export const loadOtherRoutes = () => import('./routes');

/** The entry of `entries` whose pattern matches `pathname`, if any. */
export function matchEntry(entries: readonly RouteEntry[], pathname: string): RouteEntry | undefined {
  const match = matchRoutes(entries.map(({ path }, index) => ({ path, id: String(index) })), pathname);
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
