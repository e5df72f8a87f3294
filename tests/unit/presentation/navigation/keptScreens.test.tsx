/** @jest-environment jsdom */
import '../support/jsdom';
import { act, render, screen } from '@testing-library/react';
import { Suspense } from 'react';
import { BrowserRouter, Route, Routes, useNavigate } from 'react-router-dom';
import { type ViewModelFactory, token } from '../../../../src/di/tokens';
import { ResolverContext } from '../../../../src/presentation/app/resolver';
import { route, viewModel } from '../../../../src/presentation/navigation/lazyScreen';
import { useOpenScreen } from '../../../../src/presentation/navigation/keptScreens';
import { mapResolver } from '../support/render';

/** A list screen's view model: counts its loads and resumes; `resume` makes it keep the user's place. */
class ListViewModel {
  static made = 0;
  readonly id = ++ListViewModel.made;
  loads = 0;
  resumes = 0;
  disposed = false;
  constructor(readonly listId: number) {}
  load(): void {
    this.loads += 1;
  }
  resume(): void {
    this.resumes += 1;
  }
  dispose(): void {
    this.disposed = true;
  }
}

/** A detail screen's view model: no `resume`, so it is disposed whenever its screen goes. */
class DetailViewModel {
  disposed = false;
  load(): void {}
  dispose(): void {
    this.disposed = true;
  }
}

const LIST = token<ViewModelFactory<ListViewModel, [number]>>('ListViewModel');
const DETAIL = token<ViewModelFactory<DetailViewModel, []>>('DetailViewModel');

function ListScreen({ vm }: { vm: ListViewModel }) {
  useOpenScreen(vm);
  const navigate = useNavigate();
  return (
    <button type="button" onClick={() => void navigate('/detail')}>
      list {vm.listId} vm {vm.id}
    </button>
  );
}

function DetailScreen({ vm }: { vm: DetailViewModel }) {
  useOpenScreen(vm);
  const navigate = useNavigate();
  return (
    <button type="button" onClick={() => void navigate('/list/2', { replace: true })}>
      detail
    </button>
  );
}

function setup() {
  const lists: ListViewModel[] = [];
  const details: DetailViewModel[] = [];
  const listFactory: ViewModelFactory<ListViewModel, [number]> = (listId) => {
    const vm = new ListViewModel(listId);
    lists.push(vm);
    return vm;
  };
  const detailFactory: ViewModelFactory<DetailViewModel, []> = () => {
    const vm = new DetailViewModel();
    details.push(vm);
    return vm;
  };
  const resolver = mapResolver(
    new Map<symbol, unknown>([
      [LIST, listFactory],
      [DETAIL, detailFactory],
    ]),
  );
  const entries = [
    route(
      '/list/:listId',
      async () => ({ default: ListScreen }),
      viewModel(LIST, (params) => [Number(params.listId)]),
    ),
    route('/detail', async () => ({ default: DetailScreen }), DETAIL),
  ];
  return { lists, details, resolver, entries };
}

async function renderAt(path: string, { resolver, entries }: ReturnType<typeof setup>) {
  window.history.replaceState(null, '', path);
  await act(async () => {
    render(
      <ResolverContext.Provider value={resolver}>
        <BrowserRouter>
          <Suspense fallback={<p>loading</p>}>
            <Routes>
              {entries.map(({ path: pattern, Screen }) => (
                <Route key={pattern} path={pattern} element={<Screen />} />
              ))}
            </Routes>
          </Suspense>
        </BrowserRouter>
      </ResolverContext.Provider>,
    );
  });
}

async function back() {
  await act(async () => {
    window.history.back();
    await new Promise((resolve) => setTimeout(resolve, 20)); // jsdom fires popstate on a later task
  });
}

describe('screens kept for Back', () => {
  it('Back shows the list with the view model it had, resumed instead of loaded again', async () => {
    const world = setup();
    await renderAt('/list/1', world);
    const list = await screen.findByText(/^list 1 vm/);
    expect(world.lists).toHaveLength(1);
    expect(world.lists[0]).toMatchObject({ loads: 1, resumes: 0 });

    await act(async () => list.click());
    await screen.findByText('detail');
    expect(world.lists[0]!.disposed).toBe(false); // kept while the detail is shown

    await back();
    expect(await screen.findByText(/^list 1 vm/)).toBeTruthy();
    expect(world.lists).toHaveLength(1);
    expect(world.lists[0]).toMatchObject({ loads: 1, resumes: 1, disposed: false });
    // The detail was left by Back: nothing can come back to it, so it is gone.
    expect(world.details[0]!.disposed).toBe(true);
  });

  it('a list left any other way is disposed, and the next visit loads afresh', async () => {
    const world = setup();
    await renderAt('/list/1', world);
    await act(async () => (await screen.findByText(/^list 1 vm/)).click());
    // The detail replaces itself with another list: the first list's entry is still behind it.
    await act(async () => (await screen.findByText('detail')).click());
    expect(await screen.findByText(/^list 2 vm/)).toBeTruthy();
    expect(world.lists[1]).toMatchObject({ listId: 2, loads: 1, resumes: 0 });
    await back();
    // Back to the first list's entry: its kept view model again.
    expect(await screen.findByText(`list 1 vm ${world.lists[0]!.id}`)).toBeTruthy();
    expect(world.lists).toHaveLength(2);
    expect(world.lists[0]).toMatchObject({ loads: 1, resumes: 1 });
    // The second list was left by Back: disposed, never kept.
    expect(world.lists[1]!.disposed).toBe(true);
  });
});
