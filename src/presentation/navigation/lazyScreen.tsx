import { type ComponentType, lazy } from 'react';
import type { Token } from '../../di/tokens';
import { type Resolver, useResolver } from '../app/resolver';
import { loadTexts } from '../app/texts';
import { preload } from '../app/useViewModel';

export interface RouteEntry {
  /** A react-router path pattern, e.g. '/channel/:channelId/settings'. */
  readonly path: string;
  readonly Screen: ComponentType;
  /** Starts loading the screen's code and its view model's (the composition root calls it for the first route). */
  readonly preload: (resolver: Resolver) => void;
}

type ScreenModule = { default: ComponentType };

/** The i18n namespaces a route's screen uses (besides `common`, which every screen has). */
export interface RouteTexts {
  readonly namespaces: readonly string[];
}

/** `route(path, load, TOKENS.X, texts('channel', 'onboarding'))`: load only these namespaces with the screen. */
export function texts(...namespaces: string[]): RouteTexts {
  return { namespaces };
}

/**
 * A route whose screen module loads on first visit (its own chunk). `preloads`: tokens (usually the screen's
 * view-model factory) start resolving at the same moment, so the view model's code and repositories load in
 * parallel with the screen instead of after it; the screen renders once its texts are loaded too: the namespaces
 * named by a `texts(...)` among them, else every namespace of the page language. The module's default export is
 * the screen.
 */
export function route(path: string, load: () => Promise<ScreenModule>, ...preloads: (Token<unknown> | RouteTexts)[]): RouteEntry {
  const preloadTokens = preloads.filter((item): item is Token<unknown> => typeof item === 'symbol');
  const namespaces = preloads.find((item): item is RouteTexts => typeof item === 'object')?.namespaces;
  let loading: Promise<ScreenModule> | undefined;
  const loadOnce = (): Promise<ScreenModule> => {
    loading ??= Promise.all([load(), loadTexts(namespaces)]).then(([screen]) => screen).catch((error: unknown) => {
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
