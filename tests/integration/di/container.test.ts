/** @jest-environment jsdom */
import { TextDecoder, TextEncoder } from 'node:util';
import { createContainer as createShellContainer, loadAllBindings, resolverOf } from '../../../src/di/container';
import { type AppConfig, TOKENS, type TokenName } from '../../../src/di/tokens';

if (typeof globalThis.TextEncoder === 'undefined') Object.assign(globalThis, { TextEncoder, TextDecoder });

const config: AppConfig = { apiBaseUrl: 'https://api.example', providerBaseUrl: 'https://provider.example' };
const names = Object.keys(TOKENS) as TokenName[];

/** The container with every binding loaded, as it is once the app has visited any route beyond the first. */
async function createContainer(settings: AppConfig) {
  const container = createShellContainer(settings);
  await loadAllBindings(container);
  return container;
}

/** Tokens resolving to view-model factories (named …ViewModel by convention). */
const viewModelNames = names.filter((name) => name.endsWith('ViewModel'));

describe('DI container', () => {
  it('binds every token exactly once', async () => {
    const container = await createContainer(config);
    for (const name of names) expect({ name, bound: container.isBound(TOKENS[name]) }).toEqual({ name, bound: true });
  });

  it.each(names)('resolves %s', async (name) => {
    const container = await createContainer(config);
    const value = await container.getAsync(TOKENS[name]);
    expect(value).toBeDefined();
    expect(value).not.toBeNull();
  });

  it.each(names.filter((name) => !viewModelNames.includes(name)))('%s is a singleton', async (name) => {
    const container = await createContainer(config);
    expect(await container.getAsync(TOKENS[name])).toBe(await container.getAsync(TOKENS[name]));
  });

  it('serves the one ApiClient as HttpClient and ApiErrorEvents', async () => {
    const resolver = resolverOf(await createContainer(config));
    const client = resolver.get(TOKENS.ApiClient);
    expect(resolver.get(TOKENS.HttpClient)).toBe(client);
    expect(resolver.get(TOKENS.ApiErrorEvents)).toBe(client);
    expect(client.settings.baseURL).toBe('https://api.example/api/v2');
  });

  it('resolves the shell services synchronously (the shell renders before any lazy chunk)', async () => {
    const resolver = resolverOf(await createContainer(config));
    const shellTokens: symbol[] = [
      TOKENS.MessengerPlatform,
      TOKENS.Clock,
      TOKENS.KeyValueStorage,
      TOKENS.ToastStore,
      TOKENS.ApiErrorEvents,
      TOKENS.AuthTokenProvider,
    ];
    for (const token of shellTokens) expect(resolver.get(token)).toBeDefined();
  });

  it('repositories wrap the shared HttpClient', async () => {
    const container = await createContainer(config);
    const http = await container.getAsync(TOKENS.HttpClient);
    const repository = (await container.getAsync(TOKENS.DashboardRepository)) as unknown as { http: unknown };
    expect(repository.http).toBe(http);
  });

  it.each(viewModelNames.length ? viewModelNames : ['(no view models yet)'])(
    '%s factory makes a new, disposable view model per call',
    async (name) => {
      if (!(name in TOKENS)) return;
      const container = await createContainer(config);
      const factory = (await container.getAsync(TOKENS[name as TokenName])) as (...args: unknown[]) => {
        dispose(): void;
      };
      expect(typeof factory).toBe('function');
    },
  );

  it('binds the first screen at start and the rest when a route first needs it', async () => {
    const container = createShellContainer(config);
    for (const token of [
      TOKENS.MessengerPlatform,
      TOKENS.ToastStore,
      TOKENS.ErrorConsoleStore,
      TOKENS.DashboardViewModel,
      TOKENS.DashboardRepository,
    ]) {
      expect(container.isBound(token)).toBe(true);
    }
    expect(container.isBound(TOKENS.ChannelViewModel)).toBe(false);
    const resolver = resolverOf(container);
    expect(typeof (await resolver.getAsync(TOKENS.ChannelViewModel))).toBe('function');
    expect(container.isBound(TOKENS.SetChannelLanguage)).toBe(true);
    // Loading twice binds nothing twice (a duplicate binding would make resolution ambiguous).
    await loadAllBindings(container);
    expect(await resolver.getAsync(TOKENS.DashboardViewModel)).toBe(await resolver.getAsync(TOKENS.DashboardViewModel));
  });

  it('keeps containers apart', async () => {
    const first = await createContainer(config);
    const second = await createContainer(config);
    expect(await first.getAsync(TOKENS.ToastStore)).not.toBe(await second.getAsync(TOKENS.ToastStore));
  });
});
