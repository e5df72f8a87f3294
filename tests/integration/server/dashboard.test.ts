/** GET /dashboard and POST /dashboard/transactions on the demo seed (spec sections 2, 4, 7). */
import type { DashboardResponse, TransactionsPage } from '../../../src/contract/api';
import { ALICE, BOB, CAROL, type TestServer, newUser, startTestServer } from '../support/testServer';

let server: TestServer;
beforeAll(async () => {
  server = await startTestServer({ seed: true });
});
afterAll(() => server.close());

const dashboard = (user: typeof ALICE, mode?: string) =>
  server.api<DashboardResponse>(user, 'GET', `/dashboard${mode ? `?mode=${mode}` : ''}`);

describe('GET /dashboard', () => {
  test("a new user's follower dashboard answers 200 with empty lists", async () => {
    const answer = await dashboard(newUser(), 'follower');
    expect(answer.status).toBe(200);
    expect(answer.body).toMatchObject({
      mode: 'follower',
      isCreator: false,
      migrationAvailable: false,
      subscriptionMembers: [],
      subscriptions: [],
      cards: [],
      transactions: [],
      transactionsNextFrom: null,
      balances: { active: [], payout: [] },
      withdrawalAccount: null,
    });
  });

  test('without mode a new user gets the follower view and a creator the creator view', async () => {
    expect((await dashboard(newUser())).body.mode).toBe('follower');
    expect((await dashboard(ALICE)).body.mode).toBe('creator');
  });

  test("a new user's creator dashboard answers 403 verification_required", async () => {
    const answer = await dashboard(newUser(), 'creator');
    expect(answer.status).toBe(403);
    expect(answer.body).toMatchObject({ code: 'verification_required' });
  });

  test('a creator due for migration answers 403 migration_required, the follower view still answers', async () => {
    const creator = await dashboard(CAROL, 'creator');
    expect(creator.status).toBe(403);
    expect(creator.body).toMatchObject({ code: 'migration_required' });
    expect((await dashboard(CAROL, 'follower')).status).toBe(200);
  });

  test("the seeded creator's dashboard: balances per currency and kind, channels, transactions, payout account", async () => {
    const answer = await dashboard(ALICE, 'creator');
    expect(answer.status).toBe(200);
    const body = answer.body;
    expect(body.isCreator).toBe(true);
    expect(body.channels.map((channel) => channel.name)).toEqual(["Alice's Journal", 'Alice Travels']);
    const [journal, travels] = body.channels;
    expect(journal).toMatchObject({
      type: 'private',
      connected: true,
      moderation: 'approved',
      isOnboarding: false,
      isDeleted: false,
    });
    expect(journal).not.toHaveProperty('userName');
    expect(travels).toMatchObject({ type: 'public', userName: 'alice_travels' });
    // Journal: Bob, Dana, Eve (monthly, unexpired) and Grace (yearly); Frank expired. Travels: Dana, Bob, Eve, Grace.
    // Bob, Eve (monthly) and Grace (yearly); Dana cancelled and Frank expired do not count.
    expect(journal!.activeSubscribers).toBe(3);
    expect(travels!.activeSubscribers).toBe(4);
    // Both currencies have money in the open window (active) and in closed windows (payout).
    const currencies = (list: { currency: string }[]) => list.map((balance) => balance.currency);
    expect(currencies(body.balances.active)).toEqual(['eur', 'rub']);
    expect(currencies(body.balances.payout)).toEqual(['eur', 'rub']);
    for (const balance of [...body.balances.active, ...body.balances.payout]) expect(balance.amount).toBeGreaterThan(0);
    expect(body.withdrawalAccount).toEqual({ country: 'DE', methodType: 'bank_card', currency: 'eur', params: {} });
    // The dashboard opens with half a page of each of its lists (PAIRED_PAGE_SIZE).
    expect(body.transactions).toHaveLength(10);
    expect(typeof body.transactionsNextFrom).toBe('string');
    for (const t of body.transactions) expect(['sell_subscription', 'get_donation', 'withdrawal']).toContain(t.type);
    expect(body.subscriptionMembers).toEqual([]);
  });

  test('creator balances add up to the ledger: earnings minus withdrawals per currency', async () => {
    const body = (await dashboard(ALICE, 'creator')).body;
    const all: TransactionsPage['transactions'] = [];
    let cursor: string | null = null;
    do {
      const page: { body: TransactionsPage } = await server.api<TransactionsPage>(
        ALICE,
        'POST',
        '/dashboard/transactions',
        { mode: 'creator', startFrom: cursor },
      );
      all.push(...page.body.transactions);
      cursor = page.body.nextFrom;
    } while (cursor !== null);
    for (const currency of ['eur', 'rub']) {
      const ledger = all
        .filter((t) => t.currency === currency)
        .reduce((sum, t) => sum + (t.type === 'withdrawal' ? -1 : 1) * Math.round(t.amount * 100), 0);
      const balances = [...body.balances.active, ...body.balances.payout]
        .filter((b) => b.currency === currency)
        .reduce((sum, b) => sum + Math.round(b.amount * 100), 0);
      expect(balances).toBe(ledger);
    }
  });

  test("the seeded follower's dashboard: active and inactive memberships, their subscriptions and channels, two cards", async () => {
    const answer = await dashboard(BOB, 'follower');
    expect(answer.status).toBe(200);
    const body = answer.body;
    expect(body.subscriptionMembers).toHaveLength(3);
    const byPeriod = Object.fromEntries(body.subscriptionMembers.map((member) => [member.period, member]));
    expect(byPeriod.monthly).toMatchObject({ status: 'active', price: 5, currency: 'eur' });
    expect(byPeriod.weekly).toMatchObject({ status: 'cancelled', currency: 'rub' });
    expect(byPeriod.weekly!.expiresAt).toBeLessThan(server.clock.now() / 1000);
    expect(byPeriod.onetime).not.toHaveProperty('expiresAt');
    expect(body.subscriptions).toHaveLength(3);
    // Channel links only while the membership gives access (the weekly one expired); in the private channel only the
    // member's own link, never the channel's, which lets anyone in (Bob's monthly has none yet).
    const weekly = body.subscriptions.find((s) => s.period === 'weekly')!;
    expect(weekly).not.toHaveProperty('inviteLink');
    const onetime = body.subscriptions.find((s) => s.period === 'onetime')!;
    expect(onetime.inviteLink).toMatch(/^https:\/\/t\.me\/[a-z]/i);
    const monthly = body.subscriptions.find((s) => s.period === 'monthly')!;
    expect(monthly).not.toHaveProperty('inviteLink');
    expect(JSON.stringify(body)).not.toContain('AliceJournalDemo');
    expect(body.channelsOfSubscriptions.map((c) => c.name).sort()).toEqual(["Alice's Journal", 'Alice Travels'].sort());
    expect(body.cards).toEqual([
      expect.objectContaining({ cardBrand: 'visa', cardLast: '4242', primary: true, active: true }),
      expect.objectContaining({ cardBrand: 'mastercard', cardLast: '4444', primary: false }),
    ]);
    expect(new Set(body.transactions.map((t) => t.type))).toEqual(new Set(['buy_subscription', 'send_donation']));
    for (const transaction of body.transactions) expect(transaction.user?.telegramId).toBe(1001);
  });

  test('mode must be creator or follower', async () => {
    const answer = await dashboard(ALICE, 'admin');
    expect(answer.status).toBe(400);
    expect(answer.body).toMatchObject({ code: 'validation_error', field: 'mode' });
  });
});

describe('POST /dashboard/transactions', () => {
  test('pages through every creator transaction exactly once, newest first', async () => {
    const seen: number[] = [];
    const times: number[] = [];
    let cursor: string | null = null;
    let pages = 0;
    do {
      const answer: { status: number; body: TransactionsPage } = await server.api<TransactionsPage>(
        ALICE,
        'POST',
        '/dashboard/transactions',
        { list: 'all', mode: 'creator', startFrom: cursor },
      );
      expect(answer.status).toBe(200);
      expect(answer.body.transactions.length).toBeLessThanOrEqual(20);
      seen.push(...answer.body.transactions.map((t) => t.id));
      times.push(...answer.body.transactions.map((t) => t.createdAt));
      cursor = answer.body.nextFrom;
      pages += 1;
    } while (cursor !== null);
    expect(pages).toBeGreaterThan(1);
    expect(new Set(seen).size).toBe(seen.length);
    expect(times).toEqual([...times].sort((a, b) => b - a));
  });

  test("'withdrawals' lists only payouts with their account and card", async () => {
    const answer = await server.api<TransactionsPage>(ALICE, 'POST', '/dashboard/transactions', {
      list: 'withdrawals',
      mode: 'creator',
      startFrom: null,
    });
    expect(answer.status).toBe(200);
    expect(answer.body.transactions.map((t) => [t.type, t.currency, t.amount])).toEqual([
      // The last payout day before the test clock (Jan 10) paid the euro earnings due then (seed.ts payPastPayouts).
      ['withdrawal', 'eur', 161.05],
      ['withdrawal', 'rub', 3000],
      ['withdrawal', 'eur', 200],
    ]);
    expect(answer.body.transactions[2]).toMatchObject({
      card: { brand: 'visa', last4: '4242' },
      withdrawalAccount: { country: 'DE', methodType: 'bank_card' },
    });
    expect(answer.body.transactions[0]).toMatchObject({
      card: { brand: 'visa', last4: '4242' },
      withdrawalAccount: { country: 'DE', methodType: 'bank_card' },
    });
    expect(answer.body.nextFrom).toBeNull();
  });

  test("a follower's transactions carry fees, card and the paymentExtra text", async () => {
    const answer = await server.api<TransactionsPage>(BOB, 'POST', '/dashboard/transactions', { mode: 'follower' });
    const payment = answer.body.transactions.find((t) => t.type === 'buy_subscription')!;
    expect(payment.total).toBe(payment.price);
    expect(payment.serviceFee! + payment.providerFee! + payment.payoutAmount!).toBeCloseTo(payment.price!, 2);
    expect(JSON.parse(payment.paymentExtra!)).toEqual({ cardBrand: 'visa', cardLast: '4242' });
    expect(payment.subscription).toMatchObject({ period: expect.any(String) });
  });

  test('a malformed cursor answers 400 validation_error on startFrom', async () => {
    const answer = await server.api(ALICE, 'POST', '/dashboard/transactions', {
      mode: 'creator',
      startFrom: 'not-a-cursor',
    });
    expect(answer.status).toBe(400);
    expect(answer.body).toMatchObject({ code: 'validation_error', field: 'startFrom' });
  });

  test('mode is required; creator lists need verification', async () => {
    expect((await server.api(ALICE, 'POST', '/dashboard/transactions', {})).body).toMatchObject({
      code: 'validation_error',
      field: 'mode',
    });
    const unverified = await server.api(newUser(), 'POST', '/dashboard/transactions', { mode: 'creator' });
    expect(unverified.status).toBe(403);
    expect(unverified.body.code).toBe('verification_required');
  });
});
