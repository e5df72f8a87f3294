import { use, useEffect, useLayoutEffect, useMemo, useRef } from 'react';
import { useLocation, useNavigationType } from 'react-router-dom';
import type { Disposable, Token, ViewModelFactory } from '../../di/tokens';
import { type Resolver, useResolver } from './resolver';
import { historyIndex } from '../navigation/history';
import { keepsPlace, keptScreens } from '../navigation/keptScreens';
import { restoreScroll } from '../shell/restoreScroll';

/** A promise React's `use()` can read synchronously once settled. */
type TrackedPromise<T> = Promise<T> & { status?: 'pending' | 'fulfilled' | 'rejected'; value?: T; reason?: unknown };

const loads = new WeakMap<Resolver, Map<symbol, TrackedPromise<unknown>>>();

/**
 * Starts (once per resolver and token) the asynchronous resolution of a lazily bound service and returns the
 * same promise on every call, so `use()` suspends only until the first load finishes. Routes call it to start
 * loading a screen's view model in parallel with the screen's own chunk.
 */
export function preload<T>(resolver: Resolver, token: Token<T>): Promise<T> {
  let byToken = loads.get(resolver);
  if (byToken === undefined) loads.set(resolver, (byToken = new Map()));
  let promise = byToken.get(token) as TrackedPromise<T> | undefined;
  if (promise === undefined) {
    const started: TrackedPromise<T> = resolver.getAsync(token);
    started.status = 'pending';
    started.then(
      (value) => Object.assign(started, { status: 'fulfilled', value }),
      (reason: unknown) => {
        Object.assign(started, { status: 'rejected', reason });
        byToken.delete(token); // a failed chunk load may succeed on the next mount
      },
    );
    byToken.set(token, started as TrackedPromise<unknown>);
    promise = started;
  }
  return promise;
}

/** Keeps the same array while its elements stay identical, so it can serve as a hook dependency. */
function useStableArgs<A extends unknown[]>(args: A): A {
  const ref = useRef(args);
  const same = ref.current.length === args.length && ref.current.every((value, index) => Object.is(value, args[index]));
  if (!same) ref.current = args;
  return ref.current;
}

/**
 * The view model of the calling screen: created by the factory bound to `token` when the component mounts
 * (and again when `args` change), disposed on unmount. Suspends while the factory's code loads, so call it
 * under a <Suspense> (every route has one).
 */
export function useViewModel<VM extends Disposable, A extends unknown[]>(
  token: Token<ViewModelFactory<VM, A>>,
  ...args: A
): VM {
  const factory = use(preload(useResolver(), token));
  const stableArgs = useStableArgs(args);
  const viewModel = useMemo(() => factory(...stableArgs), [factory, stableArgs]);
  useEffect(() => () => viewModel.dispose(), [viewModel]);
  return viewModel;
}

/** A route's view model and whether it is one kept for Back (its screen then shows as the user left it). */
export interface RouteVisit<VM> {
  readonly vm: VM;
  readonly resumed: boolean;
}

/**
 * The view model of a route's screen, as `useViewModel` makes it, except around Back: when the screen is left going
 * forward (a row's detail opens) and its view model keeps the user's place (`KeepsPlace`), the view model is kept
 * with the page's scroll instead of disposed; Back to that history entry takes it again and scrolls back, so the
 * list shows with every page it had, where it was, without loading again. Anything else disposes it as usual.
 */
export function useRouteViewModel<VM extends Disposable, A extends unknown[]>(
  token: Token<ViewModelFactory<VM, A>>,
  ...args: A
): RouteVisit<VM> {
  const factory = use(preload(useResolver(), token));
  const stableArgs = useStableArgs(args);
  // Where the screen is: read when the view model is made (the entry it belongs to), not on every render.
  const key = useLocation().key;
  const back = useNavigationType() === 'POP';
  const where = useRef({ key, back });
  where.current = { key, back };
  const visit = useMemo(() => {
    const entry = where.current;
    const kept = entry.back ? keptScreens.take(entry.key, token, stableArgs) : undefined;
    return kept
      ? { vm: kept.vm as unknown as VM, resumed: true, key: entry.key, scrollY: kept.scrollY }
      : { vm: factory(...stableArgs), resumed: false, key: entry.key, scrollY: 0 };
  }, [factory, token, stableArgs]);

  // The scroll while the screen is shown, read in the cleanup: it runs before the next screen can clamp it.
  useLayoutEffect(() => {
    const shownAt = historyIndex(window.history.state);
    let scrollY = window.scrollY;
    const onScroll = () => (scrollY = window.scrollY);
    window.addEventListener('scroll', onScroll, { passive: true });
    return () => {
      window.removeEventListener('scroll', onScroll);
      // The router has moved by now: a higher index is a screen opened on top of this one, which Back returns from.
      const now = historyIndex(window.history.state);
      const forward = shownAt !== undefined && now !== undefined && now > shownAt;
      if (forward && keepsPlace(visit.vm))
        keptScreens.keep({ key: visit.key, token, args: stableArgs, vm: visit.vm, scrollY });
      else visit.vm.dispose();
    };
  }, [visit, token, stableArgs]);

  useEffect(() => {
    if (visit.resumed) return restoreScroll(visit.scrollY);
  }, [visit]);
  return visit;
}
