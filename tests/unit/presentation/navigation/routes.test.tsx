/** @jest-environment jsdom */
import '../support/jsdom';
import { act, render, screen } from '@testing-library/react';
import { Suspense } from 'react';
import { type ViewModelFactory, token } from '../../../../src/di/tokens';
import { ResolverContext } from '../../../../src/presentation/app/resolver';
import { provideTexts } from '../../../../src/presentation/app/texts';
import { route, texts } from '../../../../src/presentation/navigation/lazyScreen';
import { ROUTES } from '../../../../src/presentation/navigation/routes';
import { mapResolver } from '../support/render';

describe('route()', () => {
  it('loads the screen module once, however often it is preloaded and rendered', async () => {
    const load = jest.fn(async () => ({ default: () => <p>lazy screen</p> }));
    const entry = route('/lazy', load);
    const resolver = mapResolver(new Map());
    entry.preload(resolver);
    entry.preload(resolver);
    await act(async () => {
      render(
        <ResolverContext.Provider value={resolver}>
          <Suspense fallback={null}>
            <entry.Screen />
          </Suspense>
        </ResolverContext.Provider>,
      );
    });
    expect(await screen.findByText('lazy screen')).toBeTruthy();
    expect(load).toHaveBeenCalledTimes(1);
  });

  it('starts resolving the preloaded tokens with the screen', () => {
    const VIEW_MODEL = token<ViewModelFactory<{ dispose(): void }>>('Probe');
    const getAsync = jest.fn(async () => () => ({ dispose: () => undefined }));
    const entry = route('/probe', async () => ({ default: () => null }), VIEW_MODEL);
    entry.preload({ get: () => undefined as never, getAsync: getAsync as never });
    expect(getAsync).toHaveBeenCalledWith(VIEW_MODEL);
  });

  it('retries a chunk that failed to load on the next visit', async () => {
    const load = jest
      .fn()
      .mockRejectedValueOnce(new Error('offline'))
      .mockResolvedValue({ default: () => null });
    const entry = route('/flaky', load);
    const resolver = mapResolver(new Map());
    entry.preload(resolver);
    await act(async () => undefined);
    entry.preload(resolver);
    expect(load).toHaveBeenCalledTimes(2);
  });
});

describe('route() and texts', () => {
  afterEach(() => provideTexts(() => Promise.resolve()));

  function controlledTexts() {
    const requested: (readonly string[] | undefined)[] = [];
    let release = (): void => undefined;
    const ready = new Promise<void>((resolve) => (release = resolve));
    provideTexts((namespaces) => {
      requested.push(namespaces);
      return ready;
    });
    return { requested, release };
  }

  it('renders the screen only once its texts are loaded (no bracketed keys while they load)', async () => {
    const { requested, release } = controlledTexts();
    const entry = route('/texts', async () => ({ default: () => <p>screen with texts</p> }), texts('channel'));
    const resolver = mapResolver(new Map());
    await act(async () => {
      render(
        <ResolverContext.Provider value={resolver}>
          <Suspense fallback={<p>loading</p>}>
            <entry.Screen />
          </Suspense>
        </ResolverContext.Provider>,
      );
    });
    expect(requested).toEqual([['channel']]);
    expect(screen.queryByText('screen with texts')).toBeNull();
    expect(screen.getByText('loading')).toBeTruthy();
    await act(async () => release());
    expect(await screen.findByText('screen with texts')).toBeTruthy();
  });

  it('asks for every namespace when the route names none, and for common only with texts()', () => {
    const { requested } = controlledTexts();
    const resolver = mapResolver(new Map());
    route('/all', async () => ({ default: () => null })).preload(resolver);
    route('/shell-only', async () => ({ default: () => null }), texts()).preload(resolver);
    expect(requested).toEqual([undefined, []]);
  });
});

describe('route table', () => {
  it('has unique paths, each registered once', () => {
    const paths = ROUTES.map((entry) => entry.path);
    expect(new Set(paths).size).toBe(paths.length);
    expect(paths).toContain('/uikit');
  });
});
