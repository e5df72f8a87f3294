import { type ComponentType, lazy, use } from 'react';
import { Navigate, type Params, useLocation, useParams } from 'react-router-dom';
import type { Disposable, Token, ViewModelFactory } from '../../di/tokens';
import { type Resolver, useResolver } from '../app/resolver';
import { loadTexts } from '../app/texts';
import { preload, useRouteViewModel } from '../app/useViewModel';
import { ResumedScreen } from './keptScreens';

export interface RouteEntry {
  /** A react-router path pattern, e.g. '/channel/:channelId/settings'. */
  readonly path: string;
  readonly Screen: ComponentType;
  /** Starts loading the screen's code and its view model's (the composition root calls it for the first route). */
  readonly preload: (resolver: Resolver) => void;
}

/** The i18n namespaces a route's screen uses (besides `common`, which every screen has). */
export interface RouteTexts {
  readonly namespaces: readonly string[];
}

/** `route(path, load, TOKENS.X, texts('channel', 'onboarding'))`: load only these namespaces with the screen. */
export function texts(...namespaces: string[]): RouteTexts {
  return { namespaces };
}

/** Services a screen renders with besides its view model (a section's view model factory, say). */
export interface RoutePreloads {
  readonly tokens: readonly Token<unknown>[];
}

/**
 * `preloads(TOKENS.RevenueChartViewModel)`: loaded with the screen, which renders once they are, so a section of the
 * first render never suspends the screen again (or shows late and pushes what is below it).
 */
export function preloads(...tokens: Token<unknown>[]): RoutePreloads {
  return { tokens };
}

type RouteOption = RouteTexts | RoutePreloads;

/** A screen's view model as its route makes it: the factory's token and its arguments read from the URL. */
export interface RouteViewModel<VM extends Disposable, A extends unknown[]> {
  readonly token: Token<ViewModelFactory<VM, A>>;
  readonly args: (params: Readonly<Params>, search: URLSearchParams) => A;
}

/** `viewModel(TOKENS.CardViewModel, (params) => [Number(params.cardId)])`: the route's view model and its arguments. */
export function viewModel<VM extends Disposable, A extends unknown[]>(
  token: Token<ViewModelFactory<VM, A>>,
  args: (params: Readonly<Params>, search: URLSearchParams) => [...A],
): RouteViewModel<VM, A> {
  return { token, args };
}

const NO_ARGS = (): [] => [];

type ScreenModule<P> = { default: ComponentType<P> };

/**
 * A route whose screen module loads on first visit (its own chunk). The route entry makes the screen's view model
 * (`viewModel(TOKENS.X, params => args)`, or a bare token for a factory without arguments) and passes it to the
 * screen as its `vm` prop, so screens never reach the container. The view model's code and repositories start
 * loading in parallel with the screen's, and the screen renders once its texts are loaded too: the namespaces named
 * by a `texts(...)`, else every namespace of the page language. The module's default export is the screen.
 */
export function route(path: string, load: () => Promise<ScreenModule<object>>, ...options: RouteOption[]): RouteEntry;
export function route<VM extends Disposable>(
  path: string,
  load: () => Promise<ScreenModule<{ vm: VM }>>,
  // eslint-disable-next-line @typescript-eslint/no-explicit-any -- any argument list: the token and the mapper agree by viewModel()'s typing
  model: RouteViewModel<VM, any> | Token<ViewModelFactory<VM, []>>,
  ...options: RouteOption[]
): RouteEntry;
export function route(
  path: string,
  // eslint-disable-next-line @typescript-eslint/no-explicit-any -- the overloads above type each screen's props
  load: () => Promise<ScreenModule<any>>,
  ...options: (
    RouteViewModel<Disposable, unknown[]> | Token<ViewModelFactory<Disposable, []>> | RouteOption | undefined
  )[]
): RouteEntry {
  const namespaces = options.find(
    (item): item is RouteTexts => typeof item === 'object' && 'namespaces' in item,
  )?.namespaces;
  const alsoLoaded =
    options.find((item): item is RoutePreloads => typeof item === 'object' && 'tokens' in item)?.tokens ?? [];
  const bare = options.find((item): item is Token<ViewModelFactory<Disposable, []>> => typeof item === 'symbol');
  const model: RouteViewModel<Disposable, unknown[]> | undefined =
    bare !== undefined
      ? { token: bare, args: NO_ARGS }
      : options.find(
          (item): item is RouteViewModel<Disposable, unknown[]> => typeof item === 'object' && 'token' in item,
        );
  let loading: Promise<ScreenModule<{ vm?: Disposable }>> | undefined;
  const loadOnce = (): Promise<ScreenModule<{ vm?: Disposable }>> => {
    loading ??= Promise.all([load(), loadTexts(namespaces)])
      .then(([screen]) => screen)
      .catch((error: unknown) => {
        loading = undefined; // let a later visit retry a failed chunk
        throw error;
      });
    return loading;
  };
  const preloadAll = (resolver: Resolver): void => {
    loadOnce().catch(() => undefined); // React.lazy reports failures when it renders
    if (model) preload(resolver, model.token).catch(() => undefined); // so does useViewModel
    for (const token of alsoLoaded) preload(resolver, token).catch(() => undefined); // and use() below
  };
  const useAlsoLoaded = (resolver: Resolver): void => {
    for (const token of alsoLoaded) use(preload(resolver, token));
  };
  // Screens without a view model take no props; the others get the one the route made.
  const LazyScreen = lazy(loadOnce);
  const RouteScreen: ComponentType = model
    ? function RouteScreen() {
        const resolver = useResolver();
        preloadAll(resolver);
        useAlsoLoaded(resolver);
        const { vm, resumed } = useRouteViewModel(
          model.token,
          ...model.args(useParams(), new URLSearchParams(useLocation().search)),
        );
        return (
          <ResumedScreen value={resumed}>
            <LazyScreen vm={vm} />
          </ResumedScreen>
        );
      }
    : function RouteScreen() {
        const resolver = useResolver();
        preloadAll(resolver);
        useAlsoLoaded(resolver);
        return <LazyScreen />;
      };
  RouteScreen.displayName = `Route(${path})`;
  return { path, Screen: RouteScreen, preload: preloadAll };
}

/** A path that only sends the user on to `to` (replacing the history entry). */
export function redirect(path: string, to: string): RouteEntry {
  return { path, Screen: () => <Navigate to={to} replace />, preload: () => undefined };
}
