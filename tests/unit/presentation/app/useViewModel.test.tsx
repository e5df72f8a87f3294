/** @jest-environment jsdom */
import '../support/jsdom';
import { act, render, screen } from '@testing-library/react';
import { Suspense } from 'react';
import { type Token, type ViewModelFactory, token } from '../../../../src/di/tokens';
import { type Resolver, ResolverContext } from '../../../../src/presentation/app/resolver';
import { preload, useViewModel } from '../../../../src/presentation/app/useViewModel';

class CounterViewModel {
  disposed = false;
  constructor(
    readonly id: number,
    readonly channelId: number,
  ) {}
  dispose(): void {
    this.disposed = true;
  }
}

const COUNTER = token<ViewModelFactory<CounterViewModel, [number]>>('CounterViewModel');

function setup() {
  const created: CounterViewModel[] = [];
  let resolveFactory: (factory: ViewModelFactory<CounterViewModel, [number]>) => void = () => undefined;
  const factoryLoaded = new Promise<ViewModelFactory<CounterViewModel, [number]>>(
    (resolve) => (resolveFactory = resolve),
  );
  const getAsync = jest.fn(async (requested: symbol): Promise<unknown> => {
    if (requested !== COUNTER) throw new Error('unexpected token');
    return factoryLoaded;
  });
  const resolver: Resolver = {
    get: () => undefined as never,
    getAsync: <T,>(requested: Token<T>) => getAsync(requested) as Promise<T>,
  };
  const factory: ViewModelFactory<CounterViewModel, [number]> = (channelId) => {
    const viewModel = new CounterViewModel(created.length + 1, channelId);
    created.push(viewModel);
    return viewModel;
  };
  function Counter({ channelId }: { channelId: number }) {
    const viewModel = useViewModel(COUNTER, channelId);
    return (
      <p>
        vm {viewModel.id} channel {viewModel.channelId}
      </p>
    );
  }
  const ui = (channelId: number, show = true) => (
    <ResolverContext.Provider value={resolver}>
      <Suspense fallback={<p>loading</p>}>{show && <Counter channelId={channelId} />}</Suspense>
    </ResolverContext.Provider>
  );
  /** Renders inside an awaited act: the first render suspends. */
  const mount = async (node: ReturnType<typeof ui>) => {
    let result: ReturnType<typeof render> | undefined;
    await act(async () => {
      result = render(node);
    });
    return result!;
  };
  return { created, resolveFactory: () => resolveFactory(factory), getAsync, resolver, ui, mount };
}

describe('useViewModel', () => {
  it('suspends until the factory loads, then creates one view model per mount', async () => {
    const { created, resolveFactory, ui, mount } = setup();
    const { rerender } = await mount(ui(5));
    expect(screen.getByText('loading')).toBeTruthy();
    await act(async () => resolveFactory());
    await screen.findByText(/^vm 1/); // React reveals content that suspended after a short throttle
    expect(screen.getByText('vm 1 channel 5')).toBeTruthy();
    rerender(ui(5));
    rerender(ui(5));
    expect(created).toHaveLength(1);
  });

  it('disposes the view model on unmount and makes a new one on the next mount', async () => {
    const { created, resolveFactory, ui, mount } = setup();
    const { rerender } = await mount(ui(5));
    await act(async () => resolveFactory());
    await screen.findByText(/^vm 1/); // React reveals content that suspended after a short throttle
    rerender(ui(5, false));
    expect(created[0].disposed).toBe(true);
    rerender(ui(5));
    expect(screen.getByText('vm 2 channel 5')).toBeTruthy();
    expect(created[1].disposed).toBe(false);
  });

  it('replaces the view model when the screen arguments change', async () => {
    const { created, resolveFactory, ui, mount } = setup();
    const { rerender } = await mount(ui(5));
    await act(async () => resolveFactory());
    await screen.findByText(/^vm 1/); // React reveals content that suspended after a short throttle
    rerender(ui(6));
    expect(screen.getByText('vm 2 channel 6')).toBeTruthy();
    expect(created[0].disposed).toBe(true);
  });

  it('resolves a factory once per resolver, however often it is preloaded or used', async () => {
    const { resolveFactory, getAsync, resolver, ui, mount } = setup();
    void preload(resolver, COUNTER);
    void preload(resolver, COUNTER);
    const first = await mount(ui(1));
    await act(async () => resolveFactory());
    await screen.findByText(/^vm 1/);
    first.unmount();
    render(ui(2)); // the factory is loaded: no suspension this time
    expect(screen.getByText('vm 2 channel 2')).toBeTruthy();
    expect(getAsync).toHaveBeenCalledTimes(1);
  });
});
