/**
 * The console's queue view model (src/admin/viewModels/QueueViewModel.ts) without React: the page query it asks the
 * server for (filters, sort, paging), answers arriving out of order, the confirm-then-act flow of row actions, and
 * the errors it shows. The server is the in-memory AdminPort double (support/fakes.ts).
 */
import { QUEUES, type QueueDefinition } from '../../../src/admin/queues/definitions';
import { QueueViewModel } from '../../../src/admin/viewModels/QueueViewModel';
import { FakeAdminApi, FakeBrowser, channelRow, userRow } from './support/fakes';

const queue = (id: string): QueueDefinition => QUEUES.find((definition) => definition.id === id)!;

function setup(id: string, initialFilters: Record<string, string> = {}) {
  const api = new FakeAdminApi();
  const browser = new FakeBrowser();
  const opened: { queue: string; filters: Record<string, string> }[] = [];
  const vm = new QueueViewModel(api, browser, queue(id), initialFilters, (name, filters) =>
    opened.push({ queue: name, filters }),
  );
  return { api, browser, vm, opened };
}

const action = (vm: QueueViewModel, item: { id: string | number }, name: string) =>
  vm.actionsFor(item).find((candidate) => candidate.name === name)!;
const settle = () => new Promise((resolve) => setTimeout(resolve, 0));

describe('the page query', () => {
  it("starts on page 1 with the queue's initial filters and its first sortable column, newest first", async () => {
    const { api, vm } = setup('channels');
    api.queues.set('/channels', [channelRow(1, 'Alpha'), channelRow(2, 'Beta', 'approved')]);
    expect(vm.state).toEqual({ kind: 'loading' });
    await vm.load();
    expect(api.lists).toEqual([
      { path: '/channels', query: { moderation: 'in_progress', page: 1, pageSize: 20, sort: 'title', order: 'desc' } },
    ]);
    expect(vm.state).toEqual({ kind: 'ready' });
    expect(vm.items.map((item) => item.id)).toEqual([1]);
    expect(vm.total).toBe(1);
  });

  it('filters from the URL join the initial ones; search applies edited filters from the first page', async () => {
    const { api, vm } = setup('channels', { moderation: 'approved' });
    api.queues.set('/channels', [
      channelRow(1, 'Alpha'),
      channelRow(2, 'Beta', 'approved'),
      channelRow(3, 'Gamma', 'rejected'),
    ]);
    await vm.load();
    expect(vm.items.map((item) => item.id)).toEqual([2]);
    vm.goTo(1);
    vm.setFilter('moderation', 'rejected');
    // Editing a filter asks nothing of the server until the search.
    expect(api.lists).toHaveLength(2);
    vm.search();
    await settle();
    expect(api.lists.at(-1)!.query).toMatchObject({ moderation: 'rejected', page: 1 });
    expect(vm.items.map((item) => item.id)).toEqual([3]);
  });

  it('pages through the total, clamped to the pages there are', async () => {
    const { api, vm } = setup('users');
    api.queues.set(
      '/users',
      Array.from({ length: 45 }, (_, index) => userRow(index + 1)),
    );
    await vm.load();
    expect({ total: vm.total, pages: vm.pages, shown: vm.items.length }).toEqual({ total: 45, pages: 3, shown: 20 });
    vm.goTo(3);
    await settle();
    expect({ page: vm.page, shown: vm.items.length, query: api.lists.at(-1)!.query.page }).toEqual({
      page: 3,
      shown: 5,
      query: 3,
    });
    vm.goTo(9);
    expect(vm.page).toBe(3);
    vm.goTo(0);
    expect(vm.page).toBe(1);
    await settle();
    // An empty queue still has one page.
    api.queues.set('/users', []);
    vm.search();
    await settle();
    expect({ total: vm.total, pages: vm.pages, items: vm.items }).toEqual({ total: 0, pages: 1, items: [] });
  });

  it('sorts by a column: a second click turns the order, another column starts newest first on page 1', async () => {
    const { api, vm } = setup('users');
    api.queues.set('/users', [userRow(1), userRow(2), userRow(3)]);
    await vm.load();
    expect(vm.sort).toBe('telegramId');
    expect(vm.items.map((item) => item.id)).toEqual([3, 2, 1]);
    vm.sortBy('telegramId');
    await settle();
    expect(api.lists.at(-1)!.query).toMatchObject({ sort: 'telegramId', order: 'asc' });
    expect(vm.items.map((item) => item.id)).toEqual([1, 2, 3]);
    vm.goTo(2);
    vm.sortBy('createdAt');
    await settle();
    expect(api.lists.at(-1)!.query).toMatchObject({ sort: 'createdAt', order: 'desc', page: 1 });
  });

  it('keeps the answer of the latest request when an earlier one arrives after it', async () => {
    const { api, vm } = setup('channels');
    api.queues.set('/channels', [channelRow(1, 'Alpha'), channelRow(2, 'Beta', 'approved')]);
    api.hold();
    const first = vm.load();
    vm.setFilter('moderation', 'approved');
    const second = vm.load();
    api.release('lifo');
    await Promise.all([first, second]);
    expect(vm.items.map((item) => item.id)).toEqual([2]);
    expect(vm.state).toEqual({ kind: 'ready' });
  });

  it('shows a failed load by its code, and a lost session as signed out', async () => {
    const { api, vm } = setup('users');
    api.failNext('list', { status: 500, code: 'error_internal', message: 'Internal error' });
    await vm.load();
    expect(vm.state).toEqual({ kind: 'error', code: 'error_internal' });
    api.failNext('list', new TypeError('Failed to fetch'));
    await vm.load();
    expect(vm.state).toEqual({ kind: 'error', code: 'error_unknown' });
    api.operator = null;
    await vm.load();
    expect(vm.state).toEqual({ kind: 'signedOut' });
  });
});

describe('row actions', () => {
  it('offers only the actions a row allows', async () => {
    const { api, vm } = setup('users');
    api.queues.set('/users', [userRow(1), userRow(2, true)]);
    await vm.load();
    const row = (id: number) => vm.items.find((item) => item.id === id)!;
    expect(vm.actionsFor(row(1)).map((candidate) => candidate.name)).toEqual(['ban', 'operatorRole']);
    expect(vm.actionsFor(row(2)).map((candidate) => candidate.name)).toEqual(['unban', 'operatorRole']);
  });

  it('an action waits for its confirmation; a reason must be given; confirmed, it posts, says done and reloads', async () => {
    const { api, vm } = setup('users');
    api.queues.set('/users', [userRow(1)]);
    api.onAct = (path, body) => {
      if (path === '/users/1/ban')
        api.queues.set('/users', [{ ...userRow(1, true), reason: (body as { reason: string }).reason }]);
    };
    await vm.load();
    vm.start(action(vm, vm.items[0]!, 'ban'), vm.items[0]!);
    expect(vm.pending).toMatchObject({ item: { id: 1 }, reason: '', error: null, busy: false });
    expect(api.acts).toEqual([]);
    expect(vm.canConfirm).toBe(false);
    await vm.confirm(); // without a reason: nothing is sent
    expect(api.acts).toEqual([]);
    vm.setReason('   ');
    expect(vm.canConfirm).toBe(false);
    vm.setReason('  Spam in comments ');
    expect(vm.canConfirm).toBe(true);
    const lists = api.lists.length;
    await vm.confirm();
    expect(api.acts).toEqual([
      { path: '/users/1/ban', body: { reason: 'Spam in comments' }, idempotencyKey: expect.any(String) },
    ]);
    expect(vm.pending).toBeNull();
    expect(vm.notice).toBe('admin.notice.done');
    expect(api.lists).toHaveLength(lists + 1);
    expect(vm.items).toEqual([expect.objectContaining({ id: 1, banned: true })]);
  });

  it('cancel drops the pending action; an action without a reason posts an empty body', async () => {
    const { api, vm } = setup('channels');
    api.queues.set('/channels', [channelRow(4, 'Delta')]);
    await vm.load();
    vm.start(action(vm, vm.items[0]!, 'approve'), vm.items[0]!);
    vm.cancel();
    expect(vm.pending).toBeNull();
    await vm.confirm();
    expect(api.acts).toEqual([]);
    vm.start(action(vm, vm.items[0]!, 'approve'), vm.items[0]!);
    expect(vm.canConfirm).toBe(true);
    await vm.confirm();
    expect(api.acts).toEqual([{ path: '/channels/4/approve', body: {}, idempotencyKey: expect.any(String) }]);
  });

  it("a refused action keeps the dialog open with the refusal in the console's words and the server's; the next try clears it", async () => {
    const { api, vm } = setup('channels');
    api.queues.set('/channels', [channelRow(4, 'Delta')]);
    await vm.load();
    vm.start(action(vm, vm.items[0]!, 'approve'), vm.items[0]!);
    api.failNext('act', { status: 409, code: 'conflict', message: 'The channel is already approved' });
    await vm.confirm();
    expect(vm.pending).toMatchObject({
      error: 'admin.errors.conflict',
      errorDetail: 'The channel is already approved',
      busy: false,
    });
    expect(vm.notice).toBeNull();
    expect(vm.canConfirm).toBe(true);
    api.failNext('act', { status: 400, code: 'validation_error', message: '' });
    await vm.confirm();
    expect(vm.pending).toMatchObject({ error: 'admin.errors.validation_error', errorDetail: null });
    api.failNext('act', { status: 418, code: 'teapot', message: 'Short and stout' });
    await vm.confirm();
    expect(vm.pending).toMatchObject({ error: 'admin.errors.unknown', errorDetail: 'Short and stout' });
    api.failNext('act', new TypeError('Failed to fetch'));
    await vm.confirm();
    expect(vm.pending).toMatchObject({ error: 'admin.errors.unknown', errorDetail: null });
    await vm.confirm();
    expect(vm.pending).toBeNull();
    expect(vm.notice).toBe('admin.notice.done');
  });

  it('one Idempotency-Key per action: a retry sends it again, a changed reason or a new action another', async () => {
    const { api, vm } = setup('users');
    api.queues.set('/users', [userRow(1)]);
    await vm.load();
    vm.start(action(vm, vm.items[0]!, 'ban'), vm.items[0]!);
    vm.setReason('Spam');
    api.failNext('act', new TypeError('Failed to fetch'));
    await vm.confirm();
    await vm.confirm();
    vm.start(action(vm, vm.items[0]!, 'ban'), vm.items[0]!);
    vm.setReason('Spam');
    api.failNext('act', { status: 400, code: 'validation_error', message: 'Too long' });
    await vm.confirm();
    vm.setReason('Spam again');
    await vm.confirm();
    const keys = api.acts.map((act) => act.idempotencyKey);
    expect(keys).toHaveLength(4);
    for (const key of keys) expect(key).toMatch(/^[0-9a-f]{32}$/);
    expect(keys[1]).toBe(keys[0]);
    expect(new Set(keys).size).toBe(3);
  });

  it('an action while the session is gone signs the console out', async () => {
    const { api, vm } = setup('channels');
    api.queues.set('/channels', [channelRow(4, 'Delta')]);
    await vm.load();
    vm.start(action(vm, vm.items[0]!, 'approve'), vm.items[0]!);
    api.operator = null;
    await vm.confirm();
    expect(vm.state).toEqual({ kind: 'signedOut' });
  });

  it('the migration import takes a JSON file: none, or one that is not JSON, sends nothing', async () => {
    const { api, vm } = setup('migrations');
    api.queues.set('/migrations', [
      {
        id: 8,
        status: 'queued',
        creator: { telegramId: 3001, name: 'Carol', username: null },
        donateChannels: 2,
        progress: null,
        error: null,
        createdAt: 1,
      },
    ]);
    await vm.load();
    vm.start(action(vm, vm.items[0]!, 'import'), vm.items[0]!);
    expect(vm.canConfirm).toBe(false);
    vm.setFile('export.json', '{ not json');
    await vm.confirm();
    expect(vm.pending?.error).toBe('admin.errors.notJson');
    expect(api.acts).toEqual([]);
    vm.setFile('export.json', '{"format":"donate-export","version":1}');
    await vm.confirm();
    expect(api.acts).toEqual([
      {
        path: '/migrations/8/import',
        body: { export: { format: 'donate-export', version: 1 } },
        idempotencyKey: expect.any(String),
      },
    ]);
  });

  it('a payout day opens its run in the payouts queue, and its CSV export downloads from the server once confirmed', async () => {
    const { api, browser, vm, opened } = setup('payout-days');
    api.queues.set('/payout-days', [
      { id: '2026-03-10', payoutDate: '2026-03-10', count: 2, arrived: 1, underWay: 0, failed: 1, totals: ['€174.00'] },
    ]);
    await vm.load();
    const day = vm.items[0]!;
    vm.start(action(vm, day, 'open'), day);
    expect(opened).toEqual([{ queue: 'payouts', filters: { payoutDate: '2026-03-10' } }]);
    expect(vm.pending).toBeNull();
    vm.start(action(vm, day, 'csv'), day);
    expect(browser.downloads).toEqual([]);
    await vm.confirm();
    expect(browser.downloads).toEqual(['/admin/api/payout-days/2026-03-10/csv']);
    expect(api.acts).toEqual([]);
    expect(vm.notice).toBe('admin.notice.downloaded');
  });

  it('a toolbar action acts on the whole queue, and only for the role it needs', async () => {
    const { api, vm } = setup('payout-days');
    api.queues.set('/payout-days', []);
    await vm.load();
    const [payAll] = vm.toolbarActions;
    expect(payAll?.name).toBe('payOutAll');
    vm.startWhole(payAll!);
    expect(vm.pending).toMatchObject({ whole: true });
    await vm.confirm();
    expect(api.acts).toEqual([{ path: '/payouts/now', body: {}, idempotencyKey: expect.any(String) }]);
    const viewer = new QueueViewModel(api, new FakeBrowser(), queue('payout-days'), {}, undefined, () => 'viewer');
    expect(viewer.toolbarActions).toEqual([]);
  });
});
