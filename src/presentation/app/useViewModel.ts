import { use, useEffect, useMemo, useRef } from 'react';
import type { Disposable, Token, ViewModelFactory } from '../../di/tokens';
import { type Resolver, useResolver } from './resolver';

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
