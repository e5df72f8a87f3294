/**
 * Typed binding helpers over inversify 8: every binding names its dependencies explicitly (no decorators, no
 * emitted metadata), and the token types check that the factory takes exactly those dependencies.
 */
import type { Bind } from 'inversify';
import type { Disposable, Token, ViewModelFactory } from './tokens';

/** The tokens of a factory's parameters, in order. */
export type TokensOf<A extends unknown[]> = { readonly [K in keyof A]: Token<A[K]> };

// inversify types the dependency list loosely; our tokens are plain symbols, which it accepts.
type InjectOptions = Parameters<ReturnType<Bind>['toResolvedValue']>[1];
const asInject = (tokens: readonly symbol[]): InjectOptions => tokens as unknown as InjectOptions;

/** A singleton built synchronously from its dependencies (adapters the shell needs at start). */
export function bindSingleton<T, A extends unknown[]>(
  bind: Bind,
  token: Token<T>,
  dependencies: TokensOf<A>,
  create: (...args: A) => T,
): void {
  bind<T>(token)
    .toResolvedValue((...args: unknown[]) => create(...(args as A)), asInject(dependencies))
    .inSingletonScope();
}

/**
 * A singleton whose code is loaded on first use (its module becomes its own chunk): repositories, use cases.
 * Resolve it with `getAsync`, or let a lazily bound view-model factory depend on it.
 */
export function bindLazySingleton<T, A extends unknown[]>(
  bind: Bind,
  token: Token<T>,
  dependencies: TokensOf<A>,
  load: () => Promise<(...args: A) => T>,
): void {
  bind<T>(token)
    .toResolvedValue(async (...args: unknown[]) => (await load())(...(args as A)), asInject(dependencies))
    .inSingletonScope();
}

/**
 * A view-model factory: the view model's module loads on first use; the factory (a singleton) closes over the
 * resolved dependencies and makes a new view model per call: `new VM(...dependencies, ...screenArgs)`.
 */
export function bindViewModel<VM extends Disposable, A extends unknown[], Args extends unknown[] = []>(
  bind: Bind,
  token: Token<ViewModelFactory<VM, Args>>,
  dependencies: TokensOf<A>,
  load: () => Promise<(...args: [...A, ...Args]) => VM>,
): void {
  bindLazySingleton<ViewModelFactory<VM, Args>, A>(bind, token, dependencies, async () => {
    const create = await load();
    return (...resolved: A) =>
      (...screenArgs: Args) =>
        create(...resolved, ...screenArgs);
  });
}

type Constructor = new (...args: never[]) => unknown;

/** `() => import(module)` turned into a loader of `(...args) => new module[name](...args)`. */
export function construct<M extends Record<K, Constructor>, K extends keyof M & string>(
  load: () => Promise<M>,
  name: K,
): () => Promise<(...args: ConstructorParameters<M[K]>) => InstanceType<M[K]>> {
  return async () => {
    const Class = (await load())[name];
    return (...args) => new Class(...args) as InstanceType<M[K]>;
  };
}
