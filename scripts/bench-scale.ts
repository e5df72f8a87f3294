/**
 * `npm run bench:scale`: does the cost of the dashboards, pages and lists stay flat when the data grows 100×?
 *
 * On PostgreSQL only (run it as `bash scripts/with-postgres.sh npm run bench:scale`): a fresh database with the demo
 * seed, the server in-process, every call below measured at BENCH_CONCURRENCY (20) keep-alive clients over real HTTP;
 * then the data set grows 100× in a few set-based SQL statements (BIG below: 100,000 followers with one membership
 * each in the seeded creator's subscriptions, ~1M ledger lines, 150 more creators with two subscriptions each, and
 * the seeded follower in all 300 of them) and the same calls are measured again against the same server.
 * A control subscription (addControl) has a full first page of members on seed as at 100×: its members pages show
 * what the data's growth alone costs a page, apart from the rows a page shows.
 * The creator dashboard is measured twice: with their cache as it works ("hit": one user asking again and again) and with the
 * cache's lookups turned off in this process ("missed": every request reads the database).
 * Printed per call: req/s and p99 on seed and at 100×, their ratio (raw, and normalised by the reference call measured
 * in each phase, which takes out the machine's load drifting between phases), then one jobs round on seed and at
 * 100× and the server process's RSS (the load generator runs in a child process), with the budget verdicts:
 * ratio ≥ 0.5× with the cache missed, p99 ≤ 100 ms at 100×, RSS ≤ 400 MB, jobs round at 100× ≤ 2× the seed's.
 *
 * The ledger lines are written with the ledger's row triggers off (session_replication_role = replica: a million
 * trigger calls take minutes) and their effect applied after in bulk, the same arithmetic as the triggers
 * (migrations 0003, 0009, 0022: balance totals per earnings window; 0004, 0014: dashboard versions; 0041, 0056, 0060, 0061,
 * 0067: member counts, insights, revenue slots, days and months). The run then
 * checks that every balance total equals its ledger.
 * Then jobs at size (jobsAtSize below): 100k renewals due at once, their expiry at once, a payout run over 10k
 * creators, each while requests run.
 * Options (environment): BENCH_CONCURRENCY (20), BENCH_SECONDS (5), BENCH_MAX_REQUESTS (20000), BENCH_WARMUP (100),
 * BENCH_ONLY (only the calls whose name contains it; the reference always runs), BENCH_POOL, BENCH_JOBS_AT_SIZE (`0`
 * skips the jobs at size), BENCH_JOBS_DUE (memberships due at once, 100000), BENCH_RENEWAL_CHARGES (of them charged at
 * the double, 2000), BENCH_PROVIDER_DELAY_MS (the double's latency per charge, 150), BENCH_PAYOUT_CREATORS (10000),
 * BENCH_KEEP_DATABASE (`1` keeps the grown database on the server and prints its URL: explain a statement against it).
 */
import { performance } from 'node:perf_hooks';
import pg from 'pg';
import { sql } from 'drizzle-orm';
import { buildApp } from '../server/app';
import { AdjustableClock } from '../server/platform/clock';
import { testConfig } from '../server/platform/config';
import type { ResolvedConfig } from '../server/context';
import { signInitData } from '../server/modules/sandbox/initData';
import { SEED, seedIfEmpty } from '../server/modules/sandbox/seed';
import { migrate } from '../server/platform/db/migrate';
import { DEFAULT_POOL_SIZE, type Database, rowsOf } from '../server/platform/db/db';
import { DashboardCache } from '../server/modules/dashboard/cache';
import { MembersRepository } from '../server/modules/subscriptions/membersRepository';
import { benchDatabase, inChildProcess, percentile } from './bench-support';

const CONCURRENCY = Number(process.env.BENCH_CONCURRENCY ?? 20);
const SECONDS = Number(process.env.BENCH_SECONDS ?? 5);
const MAX_REQUESTS = Number(process.env.BENCH_MAX_REQUESTS ?? 20_000);
const WARMUP = Number(process.env.BENCH_WARMUP ?? 100);
const POOL = Number(process.env.BENCH_POOL ?? DEFAULT_POOL_SIZE);
const BUDGET_RATIO = 0.5;
const BUDGET_P99_MS = 100;
const BUDGET_RSS_MB = 400;
const BUDGET_JOBS_RATIO = 2;
const REFERENCE = 'reference: GET /channel/languages';

/** The grown data set. */
const BIG = { followers: 100_000, creators: 150, subscriptionsPerCreator: 2, maxPaymentsPerMember: 9 } as const;
const FOLLOWER_TELEGRAM_BASE = 10_000_000;
const CREATOR_TELEGRAM_BASE = 20_000_000;
/** The control creator's Telegram id, its members' the next ones: below FOLLOWER_TELEGRAM_BASE, so growth skips them. */
const CONTROL_TELEGRAM_BASE = 9_000_000;
const CONTROL_MEMBERS = 300;

interface Scenario {
  readonly name: string;
  readonly method: 'GET' | 'POST';
  readonly path: string;
  readonly body?: unknown;
  readonly as: number;
  /** Measured with the cache hit and with it missed. */
  readonly cached?: boolean;
}

interface Ids {
  readonly channelId: number;
  readonly subscriptionId: number;
  /** The seeded creator's one-time subscription: at 100× a quarter of the members, none of them inactive. */
  readonly oneTimeId: number;
  /** The control (addControl): a subscription with a full first page of each filter, the same on seed and at 100×. */
  readonly controlId: number;
}

const scenarios = ({ channelId, subscriptionId, oneTimeId, controlId }: Ids): Scenario[] => [
  { name: REFERENCE, method: 'GET', path: '/api/v2/channel/languages', as: SEED.alice },
  { name: 'creator dashboard', method: 'GET', path: '/api/v2/dashboard?mode=creator', as: SEED.alice, cached: true },
  { name: 'follower dashboard', method: 'GET', path: '/api/v2/dashboard?mode=follower', as: SEED.bob, cached: true },
  { name: 'channel page', method: 'GET', path: `/api/v2/channel/${channelId}`, as: SEED.alice },
  { name: 'subscription page', method: 'GET', path: `/api/v2/subscription/${subscriptionId}`, as: SEED.alice },
  ...(['all', 'active', 'expiring', 'expired'] as const).map((filter): Scenario => ({
    name: `members first page (${filter})`,
    method: 'POST',
    path: `/api/v2/subscription/${subscriptionId}/members`,
    body: { filter, startFrom: null },
    as: SEED.alice,
  })),
  {
    name: 'members first page (live group)',
    method: 'POST',
    path: `/api/v2/subscription/${subscriptionId}/members`,
    body: { filter: 'all', group: 'live', startFrom: null },
    as: SEED.alice,
  },
  ...([['all'], ['active'], ['expiring'], ['expired'], ['all', 'live']] as const).map(([filter, group]): Scenario => ({
    name: `control members first page (${group === undefined ? filter : `${group} group`})`,
    method: 'POST',
    path: `/api/v2/subscription/${controlId}/members`,
    body: { filter, ...(group === undefined ? {} : { group }), startFrom: null },
    as: CONTROL_TELEGRAM_BASE,
  })),
  { name: 'one-time subscription page', method: 'GET', path: `/api/v2/subscription/${oneTimeId}`, as: SEED.alice },
  {
    name: 'one-time members first page (inactive group)',
    method: 'POST',
    path: `/api/v2/subscription/${oneTimeId}/members`,
    body: { filter: 'all', group: 'inactive', startFrom: null },
    as: SEED.alice,
  },
  { name: 'revenue series month (all channels)', method: 'GET', path: '/api/v2/revenue?period=month', as: SEED.alice },
  {
    name: 'revenue series month (channel)',
    method: 'GET',
    path: `/api/v2/revenue?period=month&channelId=${channelId}`,
    as: SEED.alice,
  },
  { name: 'revenue series day (all channels)', method: 'GET', path: '/api/v2/revenue?period=day', as: SEED.alice },
  {
    name: 'revenue series day (channel)',
    method: 'GET',
    path: `/api/v2/revenue?period=day&channelId=${channelId}`,
    as: SEED.alice,
  },
  { name: 'revenue insights (all channels)', method: 'GET', path: '/api/v2/revenue/insights', as: SEED.alice },
  {
    name: 'revenue insights (channel)',
    method: 'GET',
    path: `/api/v2/revenue/insights?channelId=${channelId}`,
    as: SEED.alice,
  },
  {
    name: 'creator ledger first page',
    method: 'POST',
    path: '/api/v2/dashboard/transactions',
    body: { mode: 'creator', list: 'all' },
    as: SEED.alice,
  },
  {
    name: 'channel ledger first page',
    method: 'POST',
    path: `/api/v2/channel/${channelId}/transactions`,
    body: {},
    as: SEED.alice,
  },
  {
    name: 'follower ledger first page',
    method: 'POST',
    path: '/api/v2/dashboard/transactions',
    body: { mode: 'follower', list: 'all' },
    as: SEED.bob,
  },
];

interface Figures {
  readonly count: number;
  readonly errors: number;
  readonly rps: number;
  readonly p50: number;
  readonly p99: number;
  readonly bytes: number;
}

let cacheOff = false;
// "Cache missed": every dashboard lookup answers nothing while the flag is set (this process only; the bench's own
// switch, the server has none).
const cachedGet = DashboardCache.prototype.get;
DashboardCache.prototype.get = function get(this: DashboardCache<unknown>, ...args) {
  return cacheOff ? undefined : cachedGet.apply(this, args);
} as typeof cachedGet;

async function load(origin: string, scenario: Scenario, authorization: string, requests: number, ms: number) {
  const outcome = await inChildProcess<{ latencies: number[]; errors: number; bytes: number; elapsed: number }>(
    'bench-load-worker.mjs',
    {
      origin,
      path: scenario.path,
      init: {
        method: scenario.method,
        headers: {
          ...(scenario.body !== undefined ? { 'content-type': 'application/json' } : {}),
          'accept-encoding': 'gzip, deflate, br',
        },
        ...(scenario.body !== undefined ? { body: JSON.stringify(scenario.body) } : {}),
      },
      authorizations: [authorization],
      concurrency: CONCURRENCY,
      requests,
      ms,
    },
  );
  const latencies = outcome.latencies.sort((a, b) => a - b);
  return {
    latencies,
    count: latencies.length,
    errors: outcome.errors,
    rps: latencies.length / (outcome.elapsed / 1000),
    p50: percentile(latencies, 50),
    p99: percentile(latencies, 99),
    bytes: outcome.bytes / Math.max(1, latencies.length),
  };
}

/**
 * Every call of the list measured in turn; the reference first and again last, its figures the mean of both: measured
 * only first, it ran on a process just started (the seed phase's first call, before any other warmed the code the
 * calls share) and its lower rate lowered every normalised ratio by 7 to 14 per cent.
 */
async function measureAll(
  origin: string,
  list: readonly Scenario[],
  auth: (telegramId: number) => string,
): Promise<Map<string, Figures>> {
  const results = new Map<string, Figures>();
  const reference = list.find((scenario) => scenario.name === REFERENCE);
  for (const scenario of reference ? [...list, reference] : list) {
    for (const missed of scenario.cached ? [false, true] : [false]) {
      cacheOff = missed;
      const authorization = auth(scenario.as);
      await load(origin, scenario, authorization, WARMUP, 10_000);
      const figures = await load(origin, scenario, authorization, MAX_REQUESTS, SECONDS * 1000);
      cacheOff = false;
      const name = scenario.cached ? `${scenario.name}, cache ${missed ? 'missed' : 'hit'}` : scenario.name;
      const first = results.get(name);
      results.set(name, first === undefined ? figures : meanOf(first, figures));
      console.info(
        `  ${name.padEnd(44)}${figures.rps.toFixed(0).padStart(7)} req/s  p50 ${figures.p50.toFixed(1).padStart(7)} ms  p99 ${figures.p99.toFixed(1).padStart(7)} ms  ${figures.bytes.toFixed(0).padStart(7)} B${figures.errors > 0 ? `  ${figures.errors} ERRORS` : ''}`,
      );
    }
  }
  return results;
}

/** Two measurements of one call as one: mean rates and sizes, the worse p99. */
function meanOf(a: Figures, b: Figures): Figures {
  return {
    count: a.count + b.count,
    errors: a.errors + b.errors,
    rps: (a.rps + b.rps) / 2,
    p50: (a.p50 + b.p50) / 2,
    p99: Math.max(a.p99, b.p99),
    bytes: (a.bytes + b.bytes) / 2,
  };
}

async function one<T>(database: Database, statement: string): Promise<T> {
  return rowsOf<T>(await database.db.execute(sql.raw(statement)))[0]!;
}

const KEPT_COUNTS = [
  `delete from subscription_live_counts`,
  `delete from channel_live_counts`,
  `delete from channel_member_ends`,
  `insert into subscription_live_counts (subscription_id, live, counted_at)
   select s.id, count(m.id) filter (where (m.period = 'onetime' or m.status = 'active')
     and (m.expires_at is null or m.expires_at > now())), now()
   from subscriptions s left join subscription_members m on m.subscription_id = s.id group by s.id`,
  `insert into channel_member_ends (channel_id, user_id, ends_at)
   select s.channel_id, m.user_id, max(coalesce(m.expires_at, 'infinity'))
   from subscription_members m join subscriptions s on s.id = m.subscription_id
   where m.period = 'onetime' or m.status = 'active' group by s.channel_id, m.user_id`,
  `insert into channel_live_counts (channel_id, live, counted_at)
   select c.id, count(e.user_id) filter (where e.ends_at > now()), now()
   from channels c left join channel_member_ends e on e.channel_id = c.id group by c.id`,
];

/** What the revenue series' triggers keep (migration 0060): the slots again from the ledger and the memberships. */
const KEPT_REVENUE_SLOTS = [
  `delete from revenue_slots`,
  `insert into revenue_slots (user_id, slot, channel_id, currency, type, source, amount, stars_minor, stars, lines)
   select user_id, revenue_slot(coalesce(window_at, created_at)), coalesce(channel_id, 0), currency, type,
     case when subscription_id is null then 'donation' else 'subscription' end, sum(amount),
     coalesce(sum(amount) filter (where stars_amount is not null), 0), coalesce(sum(stars_amount), 0), count(*)
   from transactions where type in ('sell_subscription', 'get_donation', 'refund_issued')
   group by 1, 2, 3, 4, 5, 6`,
  `delete from channel_member_slots`,
  `insert into channel_member_slots (channel_id, slot, joined, expiring)
   select channel_id, slot, sum(joined), sum(expiring) from (
     select s.channel_id, revenue_slot(m.activated_at) as slot, 1 as joined, 0 as expiring
       from subscription_members m join subscriptions s on s.id = m.subscription_id
     union all
     select s.channel_id, revenue_slot(m.expires_at), 0, 1
       from subscription_members m join subscriptions s on s.id = m.subscription_id where m.expires_at is not null
   ) e group by 1, 2`,
];

/** The kept sums per `unit` summed again from the finer ones just filled (`from`), as the triggers keep them. */
const keptRollup = (unit: 'day' | 'month', from: 'slot' | 'day') => [
  `delete from revenue_${unit}s`,
  `insert into revenue_${unit}s (user_id, ${unit}, channel_id, currency, type, source, amount, stars_minor, stars, lines)
   select user_id, revenue_${unit}(${from}), channel_id, currency, type, source, sum(amount), sum(stars_minor), sum(stars),
     sum(lines)
   from revenue_${from}s group by 1, 2, 3, 4, 5, 6`,
  `delete from channel_member_${unit}s`,
  `insert into channel_member_${unit}s (channel_id, ${unit}, joined, expiring)
   select channel_id, revenue_${unit}(${from}), sum(joined), sum(expiring) from channel_member_${from}s group by 1, 2`,
];
/** Per UTC day (migration 0061) and per UTC month (0067). */
const KEPT_REVENUE_DAYS = keptRollup('day', 'slot');
const KEPT_REVENUE_MONTHS = keptRollup('month', 'day');

/** What the revenue insights trigger keeps (migration 0056), again from the rows, at the database's now. */
const KEPT_INSIGHTS = [
  `delete from channel_insights`,
  `delete from subscription_mrr`,
  `delete from channel_month_members`,
  `insert into channel_insights (channel_id, counted_at) select c.id, now() from channels c`,
  `insert into subscription_mrr (subscription_id, currency, yearly_minor, members)
   select m.subscription_id,
     case when m.payment_method = 'telegram_stars' and m.stars_price is not null then 'xtr' else m.currency end,
     sum((case when m.payment_method = 'telegram_stars' and m.stars_price is not null then m.stars_price
       else m.price_minor end) * insights_periods_a_year(m.period)), count(*)
   from subscription_members m
   where m.status = 'active' and insights_periods_a_year(m.period) > 0 and (m.expires_at is null or m.expires_at > now())
     and m.trial_ends_at is null
   group by 1, 2`,
  `insert into channel_month_members (channel_id, month, joined, lost)
   select channel_id, month, sum(joined), sum(lost) from (
     select s.channel_id, insights_month(m.activated_at) as month, 1 as joined, 0 as lost
       from subscription_members m join subscriptions s on s.id = m.subscription_id where m.trial_ends_at is null
     union all
     select s.channel_id, insights_month(m.expires_at), 0, 1
       from subscription_members m join subscriptions s on s.id = m.subscription_id
       where m.expires_at is not null and m.expires_at <= now() and m.trial_ends_at is null
   ) e group by 1, 2`,
];

/**
 * The control: a creator of its own with one monthly subscription of CONTROL_MEMBERS members, written before the seed
 * is measured through the app's triggers (its counts kept as the app keeps them), each filter's first page full on
 * seed already (a third expired over a week ago, access removed; a quarter of the rest cancelled; none due for a
 * renewal, a reminder or a removal within the jobs at size's hour). The seeded creator's pages hold a few rows on seed
 * and a full page at 100×; the control's hold a full page on both, so its ratio is the data's growth alone.
 */
async function addControl(database: Database, nowMs: number): Promise<number> {
  const now = `'${new Date(nowMs).toISOString()}'::timestamptz`;
  const statements = [
    `insert into users (telegram_id, first_name, username, language_code, verification_status, country, created_at, updated_at)
     select ${CONTROL_TELEGRAM_BASE} + i, case when i = 0 then 'Control creator' else 'Control member' end,
       'control_' || i, 'en', case when i = 0 then 'approved' else 'none' end, 'DE', ${now} - interval '400 days',
       ${now} - interval '400 days'
     from generate_series(0, ${CONTROL_MEMBERS}) i`,
    `insert into channels (owner_id, chat_id, title, username, type, language, language_selected, connected, moderation,
       onboarding_step, onboarding_passed, created_at, updated_at)
     select id, -1009000000000, 'Control channel', 'scale_control', 'public', 'en', true, true, 'approved', 'completed',
       true, created_at, created_at from users where telegram_id = ${CONTROL_TELEGRAM_BASE}`,
    `insert into subscriptions (channel_id, name, description, period, price_minor, currency, button_text, created_at, updated_at)
     select c.id, 'Control tier', 'The control', 'monthly', 500, 'eur', 'Subscribe', c.created_at, c.created_at
     from channels c where c.chat_id = -1009000000000`,
    `insert into subscription_members (subscription_id, user_id, status, period, activated_at, expires_at, renewal_failed,
       payment_method, price_minor, currency, created_at, updated_at, access_removed_at)
     select s.id, u.id, case when i % 3 <> 0 and i % 4 = 1 then 'cancelled' else 'active' end, 'monthly',
       ${now} - make_interval(days => 40, mins => i), e.expires, false, 'card', 500, 'eur',
       ${now} - make_interval(days => 40, mins => i), ${now} - make_interval(days => 40, mins => i),
       case when i % 3 = 0 then e.expires end
     from subscriptions s join channels c on c.id = s.channel_id
     cross join lateral (select id, (telegram_id - ${CONTROL_TELEGRAM_BASE})::int as i from users
       where telegram_id between ${CONTROL_TELEGRAM_BASE + 1} and ${CONTROL_TELEGRAM_BASE + CONTROL_MEMBERS}) u
     cross join lateral (select case when i % 3 = 0 then ${now} - make_interval(days => 8, mins => i)
       else ${now} + make_interval(days => 5, mins => i) end as expires) e
     where c.chat_id = -1009000000000`,
  ];
  for (const statement of statements) await database.db.execute(sql.raw(statement));
  const row = await one<{ id: number }>(
    database,
    `select s.id from subscriptions s join channels c on c.id = s.channel_id where c.chat_id = -1009000000000`,
  );
  return Number(row.id);
}

/**
 * Grows the seed 100× with set-based SQL (see the file's comment): answers what it wrote. `now` is the server
 * clock's: future expiries start a day and an hour ahead (outside the renewal lead), past ones over a week back
 * (outside the renewal catch-up, access already removed), so a jobs round finds the same due work as on the seed.
 */
async function grow(
  database: Database,
  url: string,
  nowMs: number,
  ids: Ids,
  timings: string[],
): Promise<Record<string, number>> {
  const now = `'${new Date(nowMs).toISOString()}'::timestamptz`;
  const written: Record<string, number> = {};
  const statements: [string, string][] = [
    ['set', `set local session_replication_role = replica`],
    [
      'followers',
      `insert into users (telegram_id, first_name, last_name, username, language_code, created_at, updated_at)
       select ${FOLLOWER_TELEGRAM_BASE} + i, 'Follower', i::text, 'follower_' || i, (array['en', 'ru', 'id'])[1 + i % 3],
         ${now} - make_interval(days => 1 + i % 400), ${now} - make_interval(days => 1 + i % 400)
       from generate_series(1, ${BIG.followers}) i`,
    ],
    [
      'creators',
      `insert into users (telegram_id, first_name, username, language_code, verification_status, country, created_at, updated_at)
       select ${CREATOR_TELEGRAM_BASE} + j, 'Creator ' || j, 'creator_' || j, 'en', 'approved', 'DE',
         ${now} - interval '400 days', ${now} - interval '400 days'
       from generate_series(1, ${BIG.creators}) j`,
    ],
    [
      'channels',
      `insert into channels (owner_id, chat_id, title, username, type, language, language_selected, connected, moderation,
         onboarding_step, onboarding_passed, created_at, updated_at)
       select u.id, -1002000000000 - u.telegram_id, 'Channel of ' || u.first_name, 'scale_' || u.telegram_id, 'public', 'en',
         true, true, 'approved', 'completed', true, u.created_at, u.created_at
       from users u where u.telegram_id between ${CREATOR_TELEGRAM_BASE + 1} and ${CREATOR_TELEGRAM_BASE + BIG.creators}`,
    ],
    [
      'subscriptions',
      `insert into subscriptions (channel_id, name, description, period, price_minor, currency, button_text, created_at, updated_at)
       select c.id, 'Tier ' || k, 'A tier of a bigger creator', case k when 1 then 'monthly' else 'yearly' end,
         500 * k, 'eur', 'Subscribe', c.created_at + make_interval(mins => k), c.created_at + make_interval(mins => k)
       from channels c join users u on u.id = c.owner_id
       cross join generate_series(1, ${BIG.subscriptionsPerCreator}) k
       where u.telegram_id between ${CREATOR_TELEGRAM_BASE + 1} and ${CREATOR_TELEGRAM_BASE + BIG.creators}`,
    ],
    [
      // Round robin over the seeded creator's subscriptions (the measured one gets a larger share): a tenth
      // cancelled, a seventeenth with a failed renewal, a third expired over a week ago, the rest expiring over the
      // next 30 days one a minute.
      'memberships',
      `with subs as (
         select s.id, s.period, s.price_minor, s.currency, row_number() over (order by s.id) - 1 as k, count(*) over () as n
         from subscriptions s join channels c on c.id = s.channel_id join users u on u.id = c.owner_id
         where u.telegram_id = ${SEED.alice} and not s.deleted and not c.deleted
       ), f as (
         select id as user_id, (telegram_id - ${FOLLOWER_TELEGRAM_BASE})::int as i from users
         where telegram_id between ${FOLLOWER_TELEGRAM_BASE + 1} and ${FOLLOWER_TELEGRAM_BASE + BIG.followers}
       ), pick as (
         select f.*, case when f.i % 2 = 0 then ${ids.subscriptionId}
           else (select s.id from subs s where s.k = f.i % s.n) end as subscription_id from f
       )
       insert into subscription_members (subscription_id, user_id, status, period, activated_at, expires_at, renewal_failed,
         payment_method, price_minor, currency, created_at, updated_at, access_removed_at)
       select s.id, p.user_id, case when p.i % 10 = 0 then 'cancelled' else 'active' end, s.period, c.created, e.expires,
         s.period <> 'onetime' and p.i % 17 = 0, 'card', s.price_minor, s.currency, c.created, c.created,
         case when e.expires <= ${now} then e.expires end
       from pick p join subscriptions s on s.id = p.subscription_id
       cross join lateral (select ${now} - make_interval(days => 1 + p.i % 360, mins => p.i % 1440) as created) c
       cross join lateral (select case when s.period = 'onetime' then null
         when p.i % 3 = 0 then ${now} - make_interval(days => 8 + p.i % 300)
         else ${now} + interval '25 hours' + make_interval(mins => p.i % 43200) end as expires) e`,
    ],
    [
      'bob memberships',
      `insert into subscription_members (subscription_id, user_id, status, period, activated_at, expires_at, renewal_failed,
         payment_method, price_minor, currency, created_at, updated_at)
       select s.id, bob.id, 'active', s.period, ${now} - make_interval(days => 10, mins => s.id::int),
         ${now} + interval '25 hours' + make_interval(mins => s.id::int), false, 'card', s.price_minor, s.currency,
         ${now} - make_interval(days => 10, mins => s.id::int), ${now} - make_interval(days => 10, mins => s.id::int)
       from subscriptions s join channels c on c.id = s.channel_id join users u on u.id = c.owner_id
       cross join (select id from users where telegram_id = ${SEED.bob}) bob
       where u.telegram_id between ${CREATOR_TELEGRAM_BASE + 1} and ${CREATOR_TELEGRAM_BASE + BIG.creators}`,
    ],
    [
      // The bot's renewal messages already sent for every renewal they are due for (a reminder three days ahead, a
      // failed renewal's message): the seed has none due, so a jobs round compares the same work.
      'renewal notices',
      `insert into renewal_notices (member_id, expires_at, kind, sent_at)
       select m.id, m.expires_at, case when m.renewal_failed then 'failed' else 'reminder' end, ${now}
       from subscription_members m join users f on f.id = m.user_id join subscriptions s on s.id = m.subscription_id
       join channels c on c.id = s.channel_id join users o on o.id = c.owner_id
       where (f.telegram_id > ${FOLLOWER_TELEGRAM_BASE} or o.telegram_id > ${CREATOR_TELEGRAM_BASE}) and m.status = 'active' and m.period <> 'onetime'
         and m.expires_at > ${now} and (m.renewal_failed or m.expires_at <= ${now} + interval '4 days')`,
    ],
    [
      // ...and marked on their memberships, as the claim that sends them does (migration 0066).
      'renewal notice marks',
      `update subscription_members m
       set reminder_sent_for = case when n.kind = 'reminder' then n.expires_at else m.reminder_sent_for end,
         failed_notice_sent_for = case when n.kind = 'failed' then n.expires_at else m.failed_notice_sent_for end
       from renewal_notices n where n.member_id = m.id and n.expires_at = m.expires_at`,
    ],
    [
      // Each membership paid 1 to BIG.maxPaymentsPerMember times (5 on average): the payer's and the creator's line.
      'ledger lines',
      `insert into transactions (type, user_id, counterparty_id, channel_id, subscription_id, member_id, currency, price,
         amount, provider_fee, service_fee, payout_amount, payment_method, card_brand, card_last4, payment_id, created_at)
       select t.type, case when t.type = 'buy_subscription' then m.user_id else c.owner_id end,
         case when t.type = 'buy_subscription' then c.owner_id else m.user_id end,
         c.id, s.id, m.id, m.currency, m.price_minor,
         case when t.type = 'buy_subscription' then m.price_minor else m.price_minor - m.price_minor * 3 / 100 - m.price_minor / 10 end,
         m.price_minor * 3 / 100, m.price_minor / 10, m.price_minor - m.price_minor * 3 / 100 - m.price_minor / 10,
         'card', 'visa', '4242', 'scale-' || m.id || '-' || j,
         least(m.created_at + make_interval(days => 30 * j), ${now} - interval '1 hour')
       from subscription_members m join subscriptions s on s.id = m.subscription_id join channels c on c.id = s.channel_id
       join users f on f.id = m.user_id
       cross join generate_series(0, m.id::int % ${BIG.maxPaymentsPerMember}) j
       cross join (values ('buy_subscription'), ('sell_subscription')) t(type)
       where f.telegram_id > ${FOLLOWER_TELEGRAM_BASE} or (f.telegram_id = ${SEED.bob} and m.created_at >= ${now} - interval '11 days' and j = 0)`,
    ],
    [
      // What transactions_balance_totals does per row (ledger_balance_totals_add), for the rows just written.
      'balance totals',
      `insert into ledger_balance_totals as totals (user_id, currency, window_start, earned, withdrawn)
       select user_id, currency, ledger_window_start(coalesce(window_at, created_at)),
         coalesce(sum(amount) filter (where type in ('sell_subscription', 'get_donation')), 0)
           - coalesce(sum(amount) filter (where type = 'refund_issued'), 0),
         coalesce(sum(amount) filter (where type = 'withdrawal'), 0)
       from transactions where payment_id like 'scale-%' and type in ('sell_subscription', 'get_donation', 'refund_issued', 'withdrawal')
       group by 1, 2, 3
       on conflict (user_id, currency, window_start)
       do update set earned = totals.earned + excluded.earned, withdrawn = totals.withdrawn + excluded.withdrawn`,
    ],
    [
      // What the dashboard version triggers do: every user whose rows changed sees a new version.
      'dashboard versions',
      `insert into dashboard_versions as v (user_id, version)
       select id, 1 from users where telegram_id > ${FOLLOWER_TELEGRAM_BASE} or telegram_id in (${SEED.alice}, ${SEED.bob})
       on conflict (user_id) do update set version = v.version + 1`,
    ],
    // What the member counts trigger does (migration 0041): the kept counts again from the rows, at the database's now.
    ...KEPT_COUNTS.map((statement, index): [string, string] => [`kept counts ${index}`, statement]),
    ...KEPT_INSIGHTS.map((statement, index): [string, string] => [`kept insights ${index}`, statement]),
    ...KEPT_REVENUE_SLOTS.map((statement, index): [string, string] => [`kept revenue slots ${index}`, statement]),
    ...KEPT_REVENUE_DAYS.map((statement, index): [string, string] => [`kept revenue days ${index}`, statement]),
    ...KEPT_REVENUE_MONTHS.map((statement, index): [string, string] => [`kept revenue months ${index}`, statement]),
  ];
  const keptCounts = await one<{ kept: boolean }>(
    database,
    `select to_regclass('subscription_live_counts') is not null as kept`,
  );
  const keptInsights = await one<{ kept: boolean }>(
    database,
    `select to_regclass('channel_month_members') is not null as kept`,
  );
  const keptSlots = await one<{ kept: boolean }>(database, `select to_regclass('revenue_slots') is not null as kept`);
  const keptDays = await one<{ kept: boolean }>(database, `select to_regclass('revenue_days') is not null as kept`);
  const keptMonths = await one<{ kept: boolean }>(database, `select to_regclass('revenue_months') is not null as kept`);
  // One transaction on a connection of its own (the server's pool times statements out): the session settings hold
  // for every statement, and all of it or nothing.
  const client = new pg.Client({ connectionString: url });
  await client.connect();
  try {
    await client.query('begin');
    // Indexes built once after the rows are in rather than grown row by row: a million ledger lines in seconds.
    const indexes = (
      await client.query<{ indexname: string; indexdef: string }>(
        `select indexname, indexdef from pg_indexes where tablename in ('transactions', 'subscription_members')
         and indexname not in (select conname from pg_constraint)`,
      )
    ).rows;
    for (const index of indexes) await client.query(`drop index ${index.indexname}`);
    for (const [name, statement] of statements) {
      if (name === 'balance totals') {
        const started = performance.now();
        for (const index of indexes) await client.query(index.indexdef);
        timings.push(`indexes ${((performance.now() - started) / 1000).toFixed(1)} s`);
      }
      if (name.startsWith('kept counts') && !keptCounts.kept) continue;
      if (name.startsWith('kept insights') && !keptInsights.kept) continue;
      if (name.startsWith('kept revenue slots') && !keptSlots.kept) continue;
      if (name.startsWith('kept revenue days') && !keptDays.kept) continue;
      if (name.startsWith('kept revenue months') && !keptMonths.kept) continue;
      const started = performance.now();
      written[name] = (await client.query(statement)).rowCount ?? 0;
      timings.push(`${name} ${((performance.now() - started) / 1000).toFixed(1)} s`);
    }
    await client.query('commit');
    // Vacuumed as well as analysed: the grown tables as an established database keeps them (hint bits and visibility
    // map set), instead of autovacuum doing that while the 100× calls and jobs round are measured.
    await client.query('vacuum (analyze)');
  } finally {
    await client.end();
  }
  return written;
}

/**
 * How each member filter's and group's first page is read at 100×: EXPLAIN ANALYZE of the server's own statement,
 * summed to the index it scans, the rows it read and those it read only to drop (a filter that fits its index drops
 * none); the one-time subscription's inactive group too (none of its members is inactive).
 */
async function explainMemberFilters(url: string, database: Database, ids: Ids, nowMs: number) {
  const client = new pg.Client({ connectionString: url });
  await client.connect();
  const cases = [
    ...(['all', 'active', 'expiring', 'expired'] as const).map((filter) => ({
      label: `members (${filter})`,
      id: ids.subscriptionId,
      filter,
    })),
    ...(['live', 'inactive'] as const).map((group) => ({
      label: `members (${group} group)`,
      id: ids.subscriptionId,
      filter: 'all' as const,
      group,
    })),
    {
      label: 'one-time members (inactive group)',
      id: ids.oneTimeId,
      filter: 'all' as const,
      group: 'inactive' as const,
    },
    ...(['all', 'active', 'expiring', 'expired'] as const).map((filter) => ({
      label: `control members (${filter})`,
      id: ids.controlId,
      filter,
    })),
    { label: 'control members (live group)', id: ids.controlId, filter: 'all' as const, group: 'live' as const },
  ];
  try {
    for (const { label, id, filter, ...group } of cases) {
      const query = new MembersRepository(database.db)
        .pageQuery(id, { filter, ...group, cursor: null, now: new Date(nowMs) })
        .toSQL();
      const [
        {
          'QUERY PLAN': [plan],
        },
      ] = (
        await client.query<{ 'QUERY PLAN': [{ Plan: PlanNode; 'Execution Time': number }] }>(
          `explain (analyze, format json) ${query.sql}`,
          query.params,
        )
      ).rows as [{ 'QUERY PLAN': [{ Plan: PlanNode; 'Execution Time': number }] }];
      const scans: string[] = [];
      let removed = 0;
      const walk = (node: PlanNode) => {
        if (node['Relation Name'] === 'subscription_members') {
          scans.push(`${node['Node Type']}${node['Index Name'] ? ` on ${node['Index Name']}` : ''}`);
          removed += (node['Rows Removed by Filter'] ?? 0) + (node['Rows Removed by Index Recheck'] ?? 0);
        }
        for (const child of node.Plans ?? []) walk(child);
      };
      walk(plan.Plan);
      console.info(
        `  ${label} first page: ${scans.join(', ')}; ${removed} rows read and dropped; ${plan['Execution Time'].toFixed(1)} ms`,
      );
    }
  } finally {
    await client.end();
  }
}

interface PlanNode {
  readonly 'Node Type': string;
  readonly 'Relation Name'?: string;
  readonly 'Index Name'?: string;
  readonly 'Actual Rows': number;
  readonly 'Rows Removed by Filter'?: number;
  readonly 'Rows Removed by Index Recheck'?: number;
  readonly Plans?: readonly PlanNode[];
}

/** The counts printed beside a job's time in a jobs round. */
const JOB_COUNTS: Record<string, (result: unknown) => string> = {
  renewals: (result) => {
    const { attempted, renewed, failed, unanswered } = (result ?? {}) as Record<string, number | undefined>;
    return `${attempted} attempted, ${renewed} renewed, ${failed} failed, ${unanswered} unanswered`;
  },
  'renewal-notices': (result) => {
    const { reminder, failed } = (result ?? {}) as { reminder?: number; failed?: number };
    return `${reminder ?? 0} reminders, ${failed ?? 0} failed-renewal messages`;
  },
  'channel-access': (result) => `${(result as { removed?: number } | undefined)?.removed ?? 0} removed`,
  payouts: (result) => `${(result as { paid?: unknown[] } | undefined)?.paid?.length ?? 0} paid`,
};

const JOBS_DUE = Number(process.env.BENCH_JOBS_DUE ?? BIG.followers);
const PAYOUT_CREATORS = Number(process.env.BENCH_PAYOUT_CREATORS ?? 10_000);
/** Of the memberships due at once, how many have a saved card the double charges (the rest fail without a card). */
const RENEWAL_CHARGES = Number(process.env.BENCH_RENEWAL_CHARGES ?? 2_000);
/** The double's latency on each charge while renewals run: Smart Glocal is a remote API, not this process. */
const PROVIDER_DELAY_MS = Number(process.env.BENCH_PROVIDER_DELAY_MS ?? 150);
const PAYOUT_TELEGRAM_BASE = 30_000_000;
const HOUR_MS = 3_600_000;

/**
 * Jobs at size, after the 100× measurements: (1) the memberships of the first JOBS_DUE grown followers (all 100k)
 * made due for renewal at once (active, renewing, expiring in an hour; the first RENEWAL_CHARGES with a saved card the
 * double charges after PROVIDER_DELAY_MS, the rest without one: those attempts fail without the provider) and a jobs
 * round run; (2) the clock an hour and a minute on, so all of them expire at once (final attempts, counts, access
 * removals: each has a personal link to the private channel), and a round; (3) PAYOUT_CREATORS creators with a payout account and a payable balance, and a round. Each
 * round runs while 20 clients load `probe`; printed: the round's time and its slowest jobs, the highest RSS sampled,
 * and the probe's p99 during the round against the same call measured quietly at 100×.
 */
async function jobsAtSize(
  url: string,
  clock: AdjustableClock,
  origin: string,
  probe: Scenario,
  authorization: () => string,
  quietP99: number,
  jobsRound: (settleFirst: boolean) => Promise<number>,
  double: { faults: { set(settings: { delayMs?: number; methods?: readonly string[] }): unknown } } | null,
): Promise<string[]> {
  const figures: string[] = [];
  const nowMs = clock.now();
  const now = (ms: number) => `'${new Date(ms).toISOString()}'::timestamptz`;
  const client = new pg.Client({ connectionString: url });
  await client.connect();
  const prepare = async (statements: string[]) => {
    const started = performance.now();
    await client.query('begin');
    await client.query('set local session_replication_role = replica');
    let rows = 0;
    for (const statement of statements) rows = (await client.query(statement)).rowCount ?? rows;
    for (const statement of KEPT_COUNTS) await client.query(statement);
    await client.query('commit');
    await client.query('analyze');
    return { rows, seconds: (performance.now() - started) / 1000 };
  };
  const round = async (name: string) => {
    let maxRss = process.memoryUsage().rss;
    const sampler = setInterval(() => (maxRss = Math.max(maxRss, process.memoryUsage().rss)), 100);
    let running = true;
    const latencies: number[] = [];
    const loading = (async () => {
      while (running) {
        const outcome = await load(origin, probe, authorization(), MAX_REQUESTS, 2_000);
        latencies.push(...outcome.latencies);
      }
    })();
    const ms = await jobsRound(false);
    running = false;
    await loading;
    clearInterval(sampler);
    latencies.sort((a, b) => a - b);
    const line = `${name}: ${(ms / 1000).toFixed(1)} s, RSS up to ${(maxRss / 1024 / 1024).toFixed(0)} MB, ${probe.name} p99 ${percentile(latencies, 99).toFixed(0)} ms during (${quietP99.toFixed(0)} ms quiet, ${latencies.length} requests)`;
    console.info(`  ${line}`);
    figures.push(line);
  };
  try {
    const due = await prepare([
      `update subscription_members m set status = 'active', renewal_failed = false,
         expires_at = ${now(nowMs + HOUR_MS)}, access_removed_at = null, updated_at = ${now(nowMs)},
         invite_link = 'https://t.me/+bench' || m.id
       from users f where f.id = m.user_id and f.telegram_id between ${FOLLOWER_TELEGRAM_BASE + 1}
         and ${FOLLOWER_TELEGRAM_BASE + JOBS_DUE} and m.period <> 'onetime'`,
    ]);
    const charged = Math.min(RENEWAL_CHARGES, JOBS_DUE);
    // The first followers with a membership that renews (a one-time one is never due).
    const followers = `id in (select u.id from users u where u.telegram_id between ${FOLLOWER_TELEGRAM_BASE + 1}
      and ${FOLLOWER_TELEGRAM_BASE + JOBS_DUE} and exists (select 1 from subscription_members m
        where m.user_id = u.id and m.period <> 'onetime') order by u.telegram_id limit ${charged})`;
    // A recurrent token at the double (a card that pays: 4242…) and its primary saved card, per charged follower.
    const cards = await prepare([
      `insert into provider_tokens (token, kind, card_brand, card_type, card_bin, card_last4, card_country, card_behaviour,
         card_length, customer_reference, created_at)
       select 'bench-recurrent-' || id, 'recurrent', 'visa', 'debit', '424242', '4242', 'DE', 'success', 16, id::text,
         ${now(nowMs)} from users where ${followers}`,
      `insert into saved_cards (user_id, brand, last4, is_primary, provider_token, country, created_at)
       select id, 'visa', '4242', true, 'bench-recurrent-' || id, 'DE', ${now(nowMs)} from users where ${followers}
         and not exists (select 1 from saved_cards c where c.user_id = users.id and c.is_primary and not c.deleted)`,
    ]);
    console.info(
      `  ${due.rows} memberships due for renewal at once, ${cards.rows} of them with a saved card the double charges ` +
        `after ${PROVIDER_DELAY_MS} ms (${(due.seconds + cards.seconds).toFixed(1)} s to write)`,
    );
    double?.faults.set({ delayMs: PROVIDER_DELAY_MS, methods: ['session/init/payment'] });
    await round(`${due.rows} renewals due at once (${cards.rows} charged)`);
    double?.faults.set({});
    clock.advance((HOUR_MS + 60_000) / 1000);
    await round(`the ${due.rows - cards.rows} not renewed expiring at once`);
    const made = await prepare([
      `insert into users (telegram_id, first_name, username, language_code, verification_status, country, created_at, updated_at)
       select ${PAYOUT_TELEGRAM_BASE} + j, 'Payee ' || j, 'payee_' || j, 'en', 'approved', 'DE',
         ${now(nowMs - 400 * 24 * HOUR_MS)}, ${now(nowMs - 400 * 24 * HOUR_MS)}
       from generate_series(1, ${PAYOUT_CREATORS}) j`,
      `insert into payout_accounts (user_id, country_iso2, country_iso3, method_type, currency, params, created_at, updated_at)
       select id, 'DE', 'DEU', 'swift', 'eur', jsonb_build_object('iban', 'DE89370400440532013000'), created_at, created_at
       from users where telegram_id > ${PAYOUT_TELEGRAM_BASE}`,
      `insert into transactions (type, user_id, currency, price, amount, provider_fee, service_fee, payout_amount,
         payment_method, payment_id, created_at)
       select 'sell_subscription', id, 'eur', 25000, 21750, 750, 2500, 21750, 'card', 'payee-' || id,
         ${now(nowMs - 60 * 24 * HOUR_MS)}
       from users where telegram_id > ${PAYOUT_TELEGRAM_BASE}`,
      `insert into ledger_balance_totals as totals (user_id, currency, window_start, earned, withdrawn)
       select user_id, currency, ledger_window_start(created_at), sum(amount), 0
       from transactions where payment_id like 'payee-%' group by 1, 2, 3
       on conflict (user_id, currency, window_start) do update set earned = totals.earned + excluded.earned`,
    ]);
    console.info(`  ${PAYOUT_CREATORS} creators with a payable balance (${made.seconds.toFixed(1)} s to write)`);
    await round(`a payout run over ${PAYOUT_CREATORS} creators`);
  } finally {
    await client.end();
  }
  return figures;
}

/** Every balance total equals its ledger (the triggers' invariant), in one statement: answers the mismatches. */
async function totalsMismatches(database: Database): Promise<number> {
  const row = await one<{ mismatches: string }>(
    database,
    `with ledger as (
       select user_id, currency, ledger_window_start(coalesce(window_at, created_at)) as window_start,
         coalesce(sum(amount) filter (where type in ('sell_subscription', 'get_donation')), 0)
           - coalesce(sum(amount) filter (where type = 'refund_issued'), 0) as earned,
         coalesce(sum(amount) filter (where type = 'withdrawal'), 0) as withdrawn
       from transactions where type in ('sell_subscription', 'get_donation', 'refund_issued', 'withdrawal')
       group by 1, 2, 3
     )
     select count(*) as mismatches from ledger l full join ledger_balance_totals t using (user_id, currency, window_start)
     where coalesce(l.earned, 0) <> coalesce(t.earned, 0) or coalesce(l.withdrawn, 0) <> coalesce(t.withdrawn, 0)`,
  );
  return Number(row.mismatches);
}

async function main(): Promise<void> {
  const { database, label, cleanup, url } = await benchDatabase(POOL);
  if (database.kind !== 'postgres' || url === undefined) {
    await cleanup();
    throw new Error('bench:scale measures PostgreSQL: run it as `bash scripts/with-postgres.sh npm run bench:scale`');
  }
  const clock = new AdjustableClock();
  const config = testConfig() as ResolvedConfig;
  try {
    await migrate(database);
    await seedIfEmpty(database.db, clock, config);
    const app = await buildApp({ database, config, clock, logger: false });
    const origin = await app.listen({ port: 0, host: '127.0.0.1' });
    const auth = (telegramId: number) =>
      `TgAuth ${signInitData({ telegramId, firstName: `Bench ${telegramId}` }, config.botToken, clock.now())}`;
    // The seeded creator's private channel and its monthly subscription: the ones that grow.
    const ids = await one<{ channelId: number; subscriptionId: number }>(
      database,
      `select c.id as "channelId", s.id as "subscriptionId" from channels c join subscriptions s on s.channel_id = c.id
       where c.chat_id = ${SEED.journalChatId} and s.period = 'monthly' and not s.deleted order by s.id limit 1`,
    );
    const oneTime = await one<{ id: number }>(
      database,
      `select s.id from subscriptions s join channels c on c.id = s.channel_id join users u on u.id = c.owner_id
       where u.telegram_id = ${SEED.alice} and s.period = 'onetime' and not s.deleted order by s.id limit 1`,
    );
    const grown: Ids = {
      channelId: Number(ids.channelId),
      subscriptionId: Number(ids.subscriptionId),
      oneTimeId: Number(oneTime.id),
      controlId: await addControl(database, clock.now()),
    };
    const list = scenarios(grown).filter(
      (scenario) =>
        scenario.name === REFERENCE || !process.env.BENCH_ONLY || scenario.name.includes(process.env.BENCH_ONLY),
    );
    let jobTimer: ((name: string, result: unknown) => void) | undefined;
    app.deps.jobs.observe((result) => jobTimer?.(result.name, result.result));
    const jobsRound = async (settleFirst = true) => {
      const context = { db: app.deps.db, clock, config: app.deps.config, log: { info() {}, error() {} } };
      if (settleFirst) await app.deps.jobs.run(context); // whatever was due since the last round
      const started = performance.now();
      // Each job's time: the registry reports every job as it ends.
      let last = started;
      const each: string[] = [];
      jobTimer = (name, result) => {
        const at = performance.now();
        // What the jobs at size did, beside their time: attempts, notices sent, removals, payouts.
        const done = JOB_COUNTS[name]?.(result);
        each.push(`${name} ${(at - last).toFixed(0)}${done ? ` (${done})` : ''}`);
        last = at;
      };
      const results = await app.deps.jobs.run(context);
      jobTimer = undefined;
      const failed = results.filter((result) => !result.ok).map((result) => `${result.name}: ${result.error}`);
      if (failed.length > 0) console.info(`  jobs failed: ${failed.join('; ')}`);
      console.info(`  jobs (ms): ${each.join(', ')}`);
      return performance.now() - started;
    };

    console.info(`bench:scale on ${label}; ${CONCURRENCY} keep-alive clients, up to ${SECONDS} s per call`);
    console.info('seed:');
    const seed = await measureAll(origin, list, auth);
    const seedJobsMs = await jobsRound();
    console.info(`  one jobs round: ${seedJobsMs.toFixed(0)} ms`);

    const growStarted = performance.now();
    const timings: string[] = [];
    const written = await grow(database, url, clock.now(), grown, timings);
    const growMs = performance.now() - growStarted;
    const sizes = await one<{ members: string; lines: string; bobs: string }>(
      database,
      `select (select count(*) from subscription_members m join subscriptions s on s.id = m.subscription_id
                join channels c on c.id = s.channel_id join users u on u.id = c.owner_id where u.telegram_id = ${SEED.alice}) as members,
              (select count(*) from transactions t join channels c on c.id = t.channel_id join users u on u.id = c.owner_id
                where u.telegram_id = ${SEED.alice}) as lines,
              (select count(*) from subscription_members m join users u on u.id = m.user_id where u.telegram_id = ${SEED.bob}) as bobs`,
    );
    const mismatches = await totalsMismatches(database);
    console.info(
      `100× data in ${(growMs / 1000).toFixed(1)} s: ${written.followers} followers, ${written.creators} creators, ` +
        `${written.memberships} + ${written['bob memberships']} memberships, ${written['ledger lines']} ledger lines; ` +
        `the seeded creator's channels: ${sizes.members} memberships, ${sizes.lines} ledger lines; the seeded follower ` +
        `in ${sizes.bobs} subscriptions; balance totals ${mismatches === 0 ? 'equal the ledger' : `DIFFER FROM THE LEDGER in ${mismatches} rows`}`,
    );
    console.info(`  (${timings.join(', ')})`);
    await explainMemberFilters(url, database, grown, clock.now());
    console.info('100×:');
    const big = await measureAll(origin, list, auth);
    const bigJobsMs = await jobsRound();
    console.info(`  one jobs round: ${bigJobsMs.toFixed(0)} ms`);
    const rssMb = process.memoryUsage().rss / 1024 / 1024;

    const seedRef = seed.get(REFERENCE)!.rps;
    const bigRef = big.get(REFERENCE)!.rps;
    console.info('');
    console.info(
      'call'.padEnd(46) +
        'seed req/s'.padStart(11) +
        'p99'.padStart(8) +
        '100× req/s'.padStart(11) +
        'p99'.padStart(8) +
        'ratio'.padStart(8) +
        'norm.'.padStart(8) +
        '  verdict',
    );
    const verdicts: string[] = [];
    for (const [name, before] of seed) {
      const after = big.get(name)!;
      const ratio = after.rps / before.rps;
      const normalised = after.rps / bigRef / (before.rps / seedRef);
      const budgeted = name !== REFERENCE && !name.endsWith('cache hit');
      const ok = !budgeted || (normalised >= BUDGET_RATIO && after.p99 <= BUDGET_P99_MS && after.errors === 0);
      if (budgeted && !ok) verdicts.push(name);
      console.info(
        name.padEnd(46) +
          before.rps.toFixed(0).padStart(11) +
          before.p99.toFixed(0).padStart(8) +
          after.rps.toFixed(0).padStart(11) +
          after.p99.toFixed(0).padStart(8) +
          `${ratio.toFixed(2)}×`.padStart(8) +
          `${normalised.toFixed(2)}×`.padStart(8) +
          (budgeted ? (ok ? '  within' : '  OVER') : ''),
      );
    }
    const jobsRatio = bigJobsMs / Math.max(1, seedJobsMs);
    console.info(
      `one jobs round: seed ${seedJobsMs.toFixed(0)} ms, 100× ${bigJobsMs.toFixed(0)} ms (${jobsRatio.toFixed(2)}×; budget ≤ ${BUDGET_JOBS_RATIO}×: ${jobsRatio <= BUDGET_JOBS_RATIO ? 'within' : 'OVER'})`,
    );
    console.info(
      `RSS of the server process: ${rssMb.toFixed(0)} MB (budget ≤ ${BUDGET_RSS_MB} MB: ${rssMb <= BUDGET_RSS_MB ? 'within' : 'OVER'})`,
    );
    console.info(
      `budget (cache missed, ratio normalised by the reference ≥ ${BUDGET_RATIO}×, p99 ≤ ${BUDGET_P99_MS} ms at 100×): ` +
        (verdicts.length === 0 ? 'every call within' : `OVER for ${verdicts.join(', ')}`),
    );
    const probe = list.find((scenario) => scenario.name === 'channel page');
    if (process.env.BENCH_JOBS_AT_SIZE !== '0' && probe !== undefined) {
      console.info('jobs at size:');
      const quietP99 = big.get(probe.name)!.p99;
      await jobsAtSize(url, clock, origin, probe, () => auth(probe.as), quietP99, jobsRound, app.deps.money.double);
    }
    await app.close();
  } finally {
    await database.close();
    if (process.env.BENCH_KEEP_DATABASE === '1') console.info(`database kept: ${url}`);
    else await cleanup();
  }
}

main().catch((error: unknown) => {
  console.error(error);
  process.exit(1);
});
