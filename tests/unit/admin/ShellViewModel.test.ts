/**
 * The console's frame (src/admin/viewModels/ShellViewModel.ts) without React: the session check that follows the
 * bot's sign-in link, the queue chosen by the URL, navigation, sign-out, theme and language. The server and the
 * browser are in-memory port doubles (support/fakes.ts).
 */
import { ShellViewModel } from '../../../src/admin/viewModels/ShellViewModel';
import { FakeAdminApi, FakeBrowser, userRow } from './support/fakes';

function setup(location = '/admin/') {
  const api = new FakeAdminApi();
  const browser = new FakeBrowser(location);
  const languages: string[] = [];
  const shell = new ShellViewModel(api, browser, (language) => languages.push(language));
  return { api, browser, shell, languages };
}

describe('sign-in', () => {
  it('a live session (the cookie the sign-in link set) signs the operator in and loads the queue', async () => {
    const { api, shell } = setup();
    expect(shell.session).toEqual({ kind: 'checking' });
    expect(shell.signedOut).toBe(false);
    await shell.start();
    expect(shell.session).toEqual({ kind: 'signedIn', telegramId: 7001, role: 'admin' });
    expect(shell.queue.definition.id).toBe('channels');
    expect(shell.queue.state).toEqual({ kind: 'ready' });
    expect(api.lists.map((call) => call.path)).toEqual(['/channels']);
  });

  it('without a session it is signed out and asks for no queue', async () => {
    const { api, shell } = setup();
    api.operator = null;
    await shell.start();
    expect(shell.session).toEqual({ kind: 'signedOut' });
    expect(shell.signedOut).toBe(true);
    expect(api.lists).toEqual([]);
  });

  it('a session that ends while the console is open shows the signed-out screen', async () => {
    const { api, shell } = setup();
    await shell.start();
    api.operator = null;
    await shell.queue.load();
    expect(shell.signedOut).toBe(true);
  });

  it('sign-out ends the session, even when the server cannot be told', async () => {
    const { api, shell } = setup();
    await shell.start();
    await shell.signOut();
    expect({ calls: api.signOuts, session: shell.session }).toEqual({ calls: 1, session: { kind: 'signedOut' } });
    const other = setup();
    await other.shell.start();
    other.api.failNext('signOut', new TypeError('Failed to fetch'));
    await other.shell.signOut();
    expect(other.shell.session).toEqual({ kind: 'signedOut' });
  });
});

describe('navigation', () => {
  it('the URL names the queue and its filters; an unknown queue falls back to the first', async () => {
    const { api, shell } = setup('/admin/users?q=bob&banned=true');
    await shell.start();
    expect(shell.queue.definition.id).toBe('users');
    expect(api.lists.at(-1)).toEqual({
      path: '/users',
      query: expect.objectContaining({ q: 'bob', banned: 'true', page: 1 }),
    });
    expect(setup('/admin/nothing').shell.queue.definition.id).toBe('channels');
  });

  it('opening a queue pushes its URL with the filters and loads it; back and forward follow the URL', async () => {
    const { api, browser, shell } = setup();
    await shell.start();
    api.queues.set('/users', [userRow(1), userRow(2, true)]);
    shell.open('users', { banned: 'true' });
    expect(browser.history).toEqual(['/admin/users?banned=true']);
    await shell.queue.load();
    expect(shell.queue.items.map((item) => item.id)).toEqual([2]);
    browser.go('/admin/audit');
    shell.followUrl();
    expect(shell.queue.definition.id).toBe('audit');
  });

  it("a payout day's row opens its run through the shell", async () => {
    const { api, browser, shell } = setup('/admin/payout-days');
    api.queues.set('/payout-days', [
      { id: '2026-03-10', payoutDate: '2026-03-10', count: 1, arrived: 1, underWay: 0, failed: 0, totals: [] },
    ]);
    await shell.start();
    const day = shell.queue.items[0]!;
    shell.queue.start(
      shell.queue.actionsFor(day).find((action) => action.name === 'open')!,
      day,
    );
    expect(browser.history).toEqual(['/admin/payouts?payoutDate=2026-03-10']);
    expect(shell.queue.definition.id).toBe('payouts');
    expect(shell.queue.filters).toEqual({ payoutDate: '2026-03-10' });
  });

  it('lists the queues of the navigation, not the ones reached from a row', () => {
    expect(setup().shell.queues.map((queue) => queue.id)).toEqual([
      'channels',
      'identity',
      'users',
      'payments',
      'payout-days',
      'reconciliation',
      'migrations',
      'audit',
      'operators',
      'settings',
    ]);
  });
});

describe('theme and language', () => {
  it("the theme follows the stored choice, else the system's; a toggle is stored", () => {
    const light = setup();
    expect(light.shell.theme).toBe('light');
    light.shell.toggleTheme();
    expect({ theme: light.shell.theme, stored: light.browser.stored('admin.theme') }).toEqual({
      theme: 'dark',
      stored: 'dark',
    });

    const api = new FakeAdminApi();
    const system = new FakeBrowser();
    system.dark = true;
    expect(new ShellViewModel(api, system, () => undefined).theme).toBe('dark');
    system.store('admin.theme', 'light');
    expect(new ShellViewModel(api, system, () => undefined).theme).toBe('light');
  });

  it("the language is the stored choice, else the browser's first one the console speaks, else English", () => {
    const api = new FakeAdminApi();
    const browser = new FakeBrowser();
    browser.preferred = ['fa-IR', 'de-AT', 'fr'];
    expect(new ShellViewModel(api, browser, () => undefined).language).toBe('de');
    browser.preferred = ['fa-IR', 'zh-CN'];
    expect(new ShellViewModel(api, browser, () => undefined).language).toBe('en');
    browser.preferred = [];
    expect(new ShellViewModel(api, browser, () => undefined).language).toBe('en');
    browser.store('admin.language', 'ar');
    browser.preferred = ['de'];
    expect(new ShellViewModel(api, browser, () => undefined).language).toBe('ar');
    browser.store('admin.language', 'xx');
    expect(new ShellViewModel(api, browser, () => undefined).language).toBe('de');
  });

  it('a choice of the 24 is stored and applied; anything else is ignored', () => {
    const { shell, browser, languages } = setup();
    expect(shell.language).toBe('en');
    shell.setLanguage('hu');
    shell.setLanguage('xx');
    expect({ language: shell.language, stored: browser.stored('admin.language'), applied: languages }).toEqual({
      language: 'hu',
      stored: 'hu',
      applied: ['hu'],
    });
    expect(new ShellViewModel(new FakeAdminApi(), browser, () => undefined).language).toBe('hu');
  });

  it('lists every page language in its own name', () => {
    const { shell } = setup();
    expect(shell.languages).toHaveLength(24);
    expect(shell.languages.slice(0, 3)).toEqual([
      { code: 'ru', name: 'Русский' },
      { code: 'en', name: 'English' },
      { code: 'ar', name: 'العربية' },
    ]);
    expect(shell.languages.find((language) => language.code === 'de')?.name).toBe('Deutsch');
  });
});
