/** The container of the app. Only the composition root (src/main.tsx) and tests build it. */
import { Container } from 'inversify';
import { applicationModule } from './application';
import { infrastructureModule } from './infrastructure';
import { presentationModule } from './presentation';
import type { AppConfig, Token } from './tokens';

export function createContainer(config: AppConfig): Container {
  const container = new Container({ defaultScope: 'Singleton' });
  container.load(infrastructureModule(config), applicationModule(), presentationModule());
  return container;
}

/** What presentation's Resolver needs, backed by the container. */
export function resolverOf(container: Container): { get<T>(token: Token<T>): T; getAsync<T>(token: Token<T>): Promise<T> } {
  return {
    get: (token) => container.get(token),
    getAsync: (token) => container.getAsync(token),
  };
}
