import {
  type BrowserHistory,
  historyIndex,
  prepareInitialHistory,
} from '../../../../src/presentation/navigation/history';

/** A history that records its entries the way the browser would. */
class RecordingHistory implements BrowserHistory {
  entries: { state: unknown; url: string }[] = [];
  index = 0;
  constructor(url: string, state: unknown = null) {
    this.entries = [{ state, url }];
  }
  get state(): unknown {
    return this.entries[this.index].state;
  }
  replaceState(state: unknown, _unused: string, url = this.entries[this.index].url): void {
    this.entries[this.index] = { state, url };
  }
  pushState(state: unknown, _unused: string, url = this.entries[this.index].url): void {
    this.entries = [...this.entries.slice(0, this.index + 1), { state, url }];
    this.index += 1;
  }
  get urls(): string[] {
    return this.entries.map((entry) => entry.url);
  }
}

/** A live view of the current entry's URL, like window.location. */
function liveLocation(history: RecordingHistory) {
  const current = () => new URL(history.entries[history.index].url, 'https://app.example');
  return {
    get pathname() {
      return current().pathname;
    },
    get search() {
      return current().search;
    },
    get hash() {
      return current().hash;
    },
  };
}

function firstLoad(url: string, startParam?: string, state: unknown = null) {
  const history = new RecordingHistory(url, state);
  const path = prepareInitialHistory(history, liveLocation(history), startParam);
  return { history, path };
}

describe('first load on a deep path (spec section 2)', () => {
  it.each(['/payout', '/channel/5/settings', '/payment/card/3', '/transaction/9', '/uikit'])(
    'puts a dashboard entry under %s',
    (path) => {
      const { history } = firstLoad(path);
      expect(history.urls).toEqual(['/dashboard', path]);
      expect(history.index).toBe(1);
      expect(historyIndex(history.entries[0].state)).toBe(0);
      expect(historyIndex(history.entries[1].state)).toBe(1);
    },
  );

  it.each([
    '/',
    '/dashboard',
    '/dashboard/creator',
    '/dashboard/follower',
    '/invoice/donation/4',
    '/invoice/subscription/7',
  ])('leaves %s alone', (path) => {
    const { history } = firstLoad(path);
    expect(history.urls).toEqual([path]);
    expect(history.state).toBeNull();
  });

  it('keeps the query and the launch data in the hash on both entries', () => {
    const { history } = firstLoad('/payout?x=1#tgWebAppData=abc');
    expect(history.urls).toEqual(['/dashboard?x=1#tgWebAppData=abc', '/payout?x=1#tgWebAppData=abc']);
  });

  it('does nothing on a reload (the router already indexed the entry)', () => {
    const { history } = firstLoad('/payout', undefined, { usr: null, key: 'abc', idx: 4 });
    expect(history.urls).toEqual(['/payout']);
  });
});

describe('start parameter kind_id (spec section 2)', () => {
  it('opens the subscription invoice', () => {
    const { history, path } = firstLoad('/', 'subscription_42');
    expect(path).toBe('/invoice/subscription/42');
    expect(history.urls).toEqual(['/invoice/subscription/42']);
    expect(historyIndex(history.state)).toBe(0);
  });

  it('opens the donation invoice, keeping the launch data', () => {
    const { history } = firstLoad('/#tgWebAppStartParam=donation_7', 'donation_7');
    expect(history.urls).toEqual(['/invoice/donation/7#tgWebAppStartParam=donation_7']);
  });

  it('applies when the app is opened at /dashboard too', () => {
    expect(firstLoad('/dashboard', 'donation_3').path).toBe('/invoice/donation/3');
  });

  it.each([undefined, '', 'hello', 'subscription_', 'subscription_0', 'payout_5', 'donation_-1'])(
    'ignores %p',
    (param) => {
      const { history } = firstLoad('/', param);
      expect(history.urls).toEqual(['/']);
    },
  );

  it('is not applied again when reloading a deep page (the start parameter stays in the launch data)', () => {
    const { history } = firstLoad('/payout', 'subscription_42');
    expect(history.urls).toEqual(['/dashboard', '/payout']);
  });

  it('is not applied on a reload of the entry', () => {
    const { history } = firstLoad('/', 'subscription_42', { usr: null, key: 'default', idx: 0 });
    expect(history.urls).toEqual(['/']);
  });
});
