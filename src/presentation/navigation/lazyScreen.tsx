import { type ComponentType, lazy } from 'react';
import type { Token } from '../../di/tokens';
import { type Resolver, useResolver } from '../app/resolver';
import { preload } from '../app/useViewModel';

export interface RouteEntry {
  /** A react-router path pattern, e.g. '/channel/:channelId/settings'. */
  readonly path: string;
  readonly Screen: ComponentType;
  /** Starts loading the screen's code and its view model's (the composition root calls it for the first route). */
  readonly preload: (resolver: Resolver) => void;
}

type ScreenModule = { default: ComponentType };

/**
 * A route whose screen module loads on first visit (its own chunk). `preloadTokens` (usually the screen's
 * view-model factory) start resolving at the same moment, so the view model's code and repositories load in
 * parallel with the screen instead of after it. The module's default export is the screen.
 */
export function route(path: string, load: () => Promise<ScreenModule>, ...preloadTokens: Token<unknown>[]): RouteEntry {
  let loading: Promise<ScreenModule> | undefined;
  const loadOnce = (): Promise<ScreenModule> => {
    loading ??= load().catch((error: unknown) => {
      loading = undefined; // let a later visit retry a failed chunk
      throw error;
    });
    return loading;
  };
  const preloadAll = (resolver: Resolver): void => {
    loadOnce().catch(() => undefined); // React.lazy reports failures when it renders
    for (const token of preloadTokens) preload(resolver, token).catch(() => undefined); // so does useViewModel
  };
  const LazyScreen = lazy(loadOnce);
  function RouteScreen() {
    preloadAll(useResolver());
    return <LazyScreen />;
  }
  RouteScreen.displayName = `Route(${path})`;
  return { path, Screen: RouteScreen, preload: preloadAll };
}
