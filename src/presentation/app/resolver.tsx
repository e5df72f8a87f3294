/**
 * How presentation reaches the DI container without importing it: main.tsx provides a Resolver (backed by
 * the container) through this context, and components ask for services by token.
 */
import { createContext, useContext } from 'react';
import type { Token } from '../../di/tokens';

export interface Resolver {
  /** A service bound synchronously (platform ports, stores). */
  get<T>(token: Token<T>): T;
  /** Any service, including lazily loaded ones (repositories, use cases, view-model factories). */
  getAsync<T>(token: Token<T>): Promise<T>;
}

export const ResolverContext = createContext<Resolver | null>(null);

export function useResolver(): Resolver {
  const resolver = useContext(ResolverContext);
  if (resolver === null) throw new Error('useResolver: no <ResolverContext.Provider> above this component');
  return resolver;
}

/** A synchronously bound service, e.g. `useService(TOKENS.MessengerPlatform)`. */
export function useService<T>(token: Token<T>): T {
  return useResolver().get(token);
}
