/** The container of the app. Only the composition root (src/main.tsx) and tests build it. */
import { Container } from 'inversify';
import { infrastructureModule } from './infrastructure';
import { shellModule } from './shell';
import { type AppConfig, TOKENS, type Token } from './tokens';

/**
 * A container with what the first screen needs bound (adapters, shell services, the dashboard). The other
 * bindings (repositories.ts, application.ts, presentation.ts: the other screens' repositories, use cases and view
 * models) are a chunk of their own: `loadAllBindings` adds them, and
 * `resolverOf(...).getAsync` does so before resolving a token that is not bound yet.
 */
export function createContainer(config: AppConfig): Container {
  const container = new Container({ defaultScope: 'Singleton' });
  container.load(infrastructureModule(config), shellModule());
  return container;
}

const loadingAll = new WeakMap<Container, Promise<void>>();

/** Binds every remaining token (once per container). */
export function loadAllBindings(container: Container): Promise<void> {
  let loading = loadingAll.get(container);
  if (!loading) {
    loading = Promise.all([import('./repositories'), import('./application'), import('./presentation')]).then(
      ([repositories, application, presentation]) =>
        container.load(
          repositories.repositoriesModule(container.get(TOKENS.AppConfig)),
          application.applicationModule(),
          presentation.presentationModule(),
        ),
    );
    loading.catch(() => loadingAll.delete(container)); // offline: let the next navigation retry
    loadingAll.set(container, loading);
  }
  return loading;
}

/** What presentation's Resolver needs, backed by the container. */
export function resolverOf(container: Container): {
  get<T>(token: Token<T>): T;
  getAsync<T>(token: Token<T>): Promise<T>;
} {
  return {
    get: (token) => container.get(token),
    getAsync: async (token) => {
      if (!container.isBound(token)) await loadAllBindings(container);
      return container.getAsync(token);
    },
  };
}
