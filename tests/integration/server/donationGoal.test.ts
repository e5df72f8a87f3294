/**
 * Donation goals over HTTP: a request with a goal and an end date, its progress from the ledger (donations and a
 * refund) on the invoice and the owner's view, the channel post's progress line edited through the Bot API double
 * (coalesced to one edit per post per interval, a 429's retry_after respected) and the announcements made once, with
 * two server instances on one database and across a restart.
 *
 * Telegram's flood limits: Bots FAQ "My bot is hitting limits, how do I avoid this?"
 * (https://core.telegram.org/bots/faq#my-bot-is-hitting-limits-how-do-i-avoid-this: about 20 messages a minute in a
 * group, then 429 with parameters.retry_after); the interval chosen is server/modules/donations/goalPosts.ts's.
 */
import { sql } from 'drizzle-orm';
import type { FastifyInstance } from 'fastify';
import type { DonationDto, DonationRequestResponse } from '../../../src/contract/api';
import { buildApp } from '../../../server/app';
import { rowsOf } from '../../../server/platform/db/db';
import { GOAL_POST_EDIT_INTERVAL_MS } from '../../../server/modules/donations/goalPosts';
import { payWithNewCard } from '../money/support/money';
import {
  type TestServer,
  type TestUser,
  TEST_NOW,
  botApiCalls,
  creatorWithChannel,
  newUser,
  startTestServer,
} from '../support/testServer';

let server: TestServer;
beforeAll(async () => {
  server = await startTestServer();
});
afterAll(() => server.close());

const DAY_S = 86_400;
const INTERVAL_S = GOAL_POST_EDIT_INTERVAL_MS / 1000;

const body = (extra: Record<string, unknown> = {}) => ({
  title: 'New microphone',
  description: 'Help us sound better',
  currency: 'eur',
  amount: 0,
  buttonText: 'Donate',
  pin: false,
  disableNotification: true,
  ...extra,
});

async function goalRequest(
  extra: Record<string, unknown> = {},
  creator?: Awaited<ReturnType<typeof creatorWithChannel>>,
) {
  const shop = creator ?? (await creatorWithChannel(server));
  const answer = await server.api<DonationRequestResponse>(
    shop.user,
    'POST',
    `/donation/request/channel/${shop.channelId}`,
    body({ goal: 1000, endsAt: Math.floor(server.clock.now() / 1000) + 10 * DAY_S, ...extra }),
  );
  expect(answer.status).toBe(200);
  return { ...shop, donation: answer.body.donation };
}

async function donate(donationId: number, amount: number, donor: TestUser = newUser('Donor')) {
  const paid = await payWithNewCard(server, donor, 'donation', donationId, '4242424242424242', { amount });
  expect(paid.status).toBe('paid');
  return paid.paymentId;
}

/** Runs the jobs as the server's timer would (POST /sandbox/clock), after moving the clock by `seconds`. */
async function runJobs(seconds = 0, on: string = server.baseUrl) {
  const answer = await fetch(`${on}/sandbox/clock`, {
    method: 'POST',
    headers: { 'content-type': 'application/json' },
    body: JSON.stringify({ advanceSeconds: seconds }),
  });
  const result = (await answer.json()) as { jobs: { name: string; ok: boolean; error?: string }[] };
  expect(result.jobs.filter((job) => !job.ok)).toEqual([]);
  return result.jobs.find((job) => job.name === 'donation-posts');
}

async function edits(chatId: number, method = 'editMessageText') {
  return (await botApiCalls<{ chat_id: number; text?: string; caption?: string }>(server, method)).filter(
    (call) => String(call.params.chat_id) === String(chatId),
  );
}

async function postText(chatId: number, donationId: number): Promise<string> {
  const posts = (
    await server.request<{ posts: { kind: string; refId: number; text: string }[] }>(
      'GET',
      `/sandbox/bot/posts?chatId=${chatId}`,
    )
  ).body.posts;
  return posts.find((post) => post.kind === 'donation' && post.refId === donationId)!.text;
}

async function progressOf(user: TestUser, donationId: number): Promise<DonationDto['progress']> {
  const invoice = await server.api<{ donation: DonationDto }>(
    newUser('Reader'),
    'GET',
    `/invoice/donation/${donationId}`,
  );
  expect(invoice.status).toBe(200);
  const own = await server.api<DonationRequestResponse>(user, 'GET', `/donation/request/${donationId}`);
  expect(own.status).toBe(200);
  // The follower's invoice and the creator's screen show the same numbers.
  expect(own.body.donation.progress).toEqual(invoice.body.donation.progress);
  return invoice.body.donation.progress;
}

/**
 * The counter equals the ledger: what donors paid less refunds, and the count, per request. A card donation counts
 * its payer's line; a Stars donation (the payer's line in xtr) its creator's line before the fee, in the request's
 * currency (migration 0051).
 */
async function expectCounterMatchesLedger(donationId: number, on: TestServer = server) {
  const [row] = rowsOf<{ raised: string; donations: string; ledger_raised: string; ledger_count: string }>(
    await on.database.db.execute(sql`
      with counted as (
        select case when t.type in ('send_donation', 'get_donation') then 1 else -1 end as sign,
          case when t.payment_method = 'telegram_stars' then t.price else t.amount end as amount
        from transactions t join donations d on d.id = t.donation_id and d.currency = t.currency
        where t.donation_id = ${donationId} and (
          (t.payment_method = 'telegram_stars' and t.type in ('get_donation', 'refund_issued'))
          or (t.payment_method is distinct from 'telegram_stars' and t.type in ('send_donation', 'refund_received'))))
      select p.raised, p.donations,
        coalesce((select sum(sign * amount) from counted), 0) as ledger_raised,
        coalesce((select sum(sign) from counted), 0) as ledger_count
      from donation_progress p where p.donation_id = ${donationId}`),
  );
  expect(Number(row!.raised)).toBe(Number(row!.ledger_raised));
  expect(Number(row!.donations)).toBe(Number(row!.ledger_count));
}

describe('a donation request with a goal', () => {
  test('is created with its goal and end date, and its post shows the progress line', async () => {
    const endsAt = Math.floor(TEST_NOW / 1000) + 10 * DAY_S;
    const { chatId, donation } = await goalRequest({ goal: '1000.00', endsAt });
    expect(donation).toMatchObject({
      goal: 1000,
      endsAt,
      progress: { raised: 0, donations: 0, percent: 0, reached: false, ended: false },
    });
    expect(await postText(chatId, donation.id)).toBe(
      'New microphone\n\nHelp us sound better\n\n€0 of €1,000 · donations: 0 · ends Jan 30',
    );
  });

  test('without a goal or end date it carries no progress, as before', async () => {
    const { user, channelId, chatId } = await creatorWithChannel(server);
    const answer = await server.api<DonationRequestResponse>(
      user,
      'POST',
      `/donation/request/channel/${channelId}`,
      body(),
    );
    expect(answer.status).toBe(200);
    expect(answer.body.donation.progress).toBeUndefined();
    expect(answer.body.donation.goal).toBeUndefined();
    expect(await postText(chatId, answer.body.donation.id)).toBe('New microphone\n\nHelp us sound better');
    // Its donations are counted, but its post has no line to edit.
    await donate(answer.body.donation.id, 20);
    await runJobs(INTERVAL_S);
    expect(await edits(chatId)).toEqual([]);
  });

  const now = () => Math.floor(server.clock.now() / 1000);
  test.each([
    ['a goal that is not an amount', () => ({ goal: 'ten' }), 'goal', 'goal_invalid'],
    ['a zero goal', () => ({ goal: 0 }), 'goal', 'goal_invalid'],
    ['a goal below the smallest donation', () => ({ goal: 0.5 }), 'goal', 'goal_below'],
    ['a goal above 1000 of the largest donations', () => ({ goal: 2_000_000.01 }), 'goal', 'goal_above'],
    ['an end date in the past', () => ({ endsAt: now() - 60 }), 'endsAt', 'end_date_past'],
    ['an end date over 366 days ahead', () => ({ endsAt: now() + 367 * DAY_S }), 'endsAt', 'end_date_too_far'],
  ])('%s answers 400 naming the field, and nothing is posted', async (_name, extra, field, reason) => {
    const { user, channelId, chatId } = await creatorWithChannel(server);
    const answer = await server.api(user, 'POST', `/donation/request/channel/${channelId}`, body(extra()));
    expect(answer.status).toBe(400);
    expect(answer.body).toMatchObject({ code: 'validation_error', field, reason });
    expect(typeof answer.body.message).toBe('string');
    expect(
      (await server.request<{ posts: unknown[] }>('GET', `/sandbox/bot/posts?chatId=${chatId}`)).body.posts,
    ).toEqual([]);
  });

  test('an end date that is not a whole number of seconds is refused by the schema', async () => {
    const { user, channelId } = await creatorWithChannel(server);
    const answer = await server.api(user, 'POST', `/donation/request/channel/${channelId}`, body({ endsAt: 'soon' }));
    expect(answer.status).toBe(400);
    expect(answer.body).toMatchObject({ code: 'validation_error', field: 'endsAt' });
  });

  test("somebody else's request is not found on the owner's view", async () => {
    const { donation } = await goalRequest();
    const stranger = await creatorWithChannel(server);
    const answer = await server.api(stranger.user, 'GET', `/donation/request/${donation.id}`);
    expect(answer.status).toBe(404);
    expect(answer.body.code).toBe('not_found');
  });
});

describe('editing the goal', () => {
  test('changes the goal and end date, and the post follows on the next run', async () => {
    const { user, chatId, donation } = await goalRequest();
    const edit = (body: Record<string, unknown>) =>
      server.api<DonationRequestResponse>(user, 'POST', `/donation/request/${donation.id}/edit`, body);
    const endsAt = Math.floor(server.clock.now() / 1000) + 20 * DAY_S;
    const changed = await edit({ goal: '500', endsAt });
    expect(changed.status).toBe(200);
    expect(changed.body.donation).toMatchObject({ goal: 500, endsAt, progress: { raised: 0, percent: 0 } });
    await runJobs(INTERVAL_S);
    expect(await postText(chatId, donation.id)).toBe(
      'New microphone\n\nHelp us sound better\n\n€0 of €500 · donations: 0 · ends Feb 9',
    );
    // The end date alone, without a goal amount.
    expect((await edit({ goal: null, endsAt })).status).toBe(200);
    await runJobs(INTERVAL_S);
    expect(await postText(chatId, donation.id)).toBe(
      'New microphone\n\nHelp us sound better\n\n€0 raised · donations: 0 · ends Feb 9',
    );
  });

  test.each([
    ['neither a goal nor an end date', { goal: null, endsAt: null }, 'goal', 'goal_invalid'],
    ['a goal below the smallest donation', { goal: 0.5, endsAt: null }, 'goal', 'goal_below'],
    ['a past end date', { goal: 100, endsAt: Math.floor(TEST_NOW / 1000) - 60 }, 'endsAt', 'end_date_past'],
  ])('refuses %s with 400', async (_name, body, field, reason) => {
    const { user, donation } = await goalRequest();
    const answer = await server.api(user, 'POST', `/donation/request/${donation.id}/edit`, body);
    expect(answer.status).toBe(400);
    expect(answer.body).toMatchObject({ code: 'validation_error', field, reason });
  });

  test("somebody else's request is not found", async () => {
    const { donation } = await goalRequest();
    const stranger = await creatorWithChannel(server);
    const answer = await server.api(stranger.user, 'POST', `/donation/request/${donation.id}/edit`, {
      goal: 100,
      endsAt: null,
    });
    expect(answer.status).toBe(404);
  });
});

describe('progress', () => {
  test('counts donations and takes a refund back, equal to the ledger', async () => {
    const { user, donation } = await goalRequest();
    await donate(donation.id, 150);
    const refunded = await donate(donation.id, 200);
    await donate(donation.id, 50);
    expect(await progressOf(user, donation.id)).toEqual({
      raised: 400,
      donations: 3,
      percent: 40,
      reached: false,
      ended: false,
    });
    await expectCounterMatchesLedger(donation.id);
    expect(
      (await server.request('POST', `/sandbox/payments/${refunded}/refund`, { reason: 'Asked back' })).status,
    ).toBe(200);
    expect(await progressOf(user, donation.id)).toEqual({
      raised: 200,
      donations: 2,
      percent: 20,
      reached: false,
      ended: false,
    });
    await expectCounterMatchesLedger(donation.id);
  });
});

describe('Stars donations', () => {
  test('count at what they credit in the request currency, and their refund takes it back', async () => {
    const stars = await startTestServer({ config: { starsRates: new Map([['eur', '0.012']]) } });
    try {
      const { user, channelId } = await creatorWithChannel(stars);
      const created = await stars.api<DonationRequestResponse>(
        user,
        'POST',
        `/donation/request/channel/${channelId}`,
        body({ goal: 10 }),
      );
      const donationId = created.body.donation.id;
      expect((await stars.api(user, 'POST', `/donation/${donationId}/stars`, { stars: 50 })).status).toBe(200);
      const donor = newUser('Stella');
      const invoice = await stars.api<{ paymentId: string; invoiceLink: string }>(
        donor,
        'POST',
        `/invoice/donation/${donationId}/create`,
        { paymentMethod: 'telegram_stars', amount: 75 },
        { 'Idempotency-Key': `stars-${donor.telegramId}` },
      );
      expect(invoice.status).toBe(200);
      const paid = await stars.request<{ status: string }>('POST', '/sandbox/bot-api/stars/pay', {
        telegramId: donor.telegramId,
        firstName: donor.firstName,
        languageCode: 'en',
        link: invoice.body.invoiceLink,
      });
      expect(paid.body.status).toBe('paid');
      const progress = async () =>
        (await stars.api<{ donation: DonationDto }>(newUser('Reader'), 'GET', `/invoice/donation/${donationId}`)).body
          .donation.progress;
      // 75 Stars at 0.012 € credit 0.90 € before the service fee.
      expect(await progress()).toEqual({ raised: 0.9, donations: 1, percent: 9, reached: false, ended: false });
      await expectCounterMatchesLedger(donationId, stars);
      const refunded = await stars.request('POST', `/sandbox/payments/${invoice.body.paymentId}/refund`, {
        reason: 'Asked back',
      });
      expect(refunded.body).toMatchObject({ refundStatus: 'done' });
      expect(await progress()).toEqual({ raised: 0, donations: 0, percent: 0, reached: false, ended: false });
      await expectCounterMatchesLedger(donationId, stars);
    } finally {
      await stars.close();
    }
  });
});

describe('the channel post', () => {
  test('N donations in one interval give one edit; the next ones wait for the interval', async () => {
    const { chatId, donation } = await goalRequest();
    await runJobs();
    expect(await edits(chatId)).toEqual([]); // nothing changed since the post
    for (const amount of [100, 20, 5]) await donate(donation.id, amount);
    await runJobs();
    const first = await edits(chatId);
    expect(first).toHaveLength(1);
    expect(first[0]!.params).toMatchObject({
      text: 'New microphone\n\nHelp us sound better\n\n€125 of €1,000 · donations: 3 · ends Jan 30',
      reply_markup: {
        inline_keyboard: [
          [{ text: 'Donate', url: `https://t.me/BackersSandboxBot/app?startapp=donation_${donation.id}` }],
        ],
      },
    });
    for (const amount of [10, 40]) await donate(donation.id, amount);
    await runJobs(INTERVAL_S - 1);
    expect(await edits(chatId)).toHaveLength(1);
    await runJobs(1);
    const second = await edits(chatId);
    expect(second).toHaveLength(2);
    expect(second[1]!.params.text).toContain('€175 of €1,000 · donations: 5');
    expect(await postText(chatId, donation.id)).toContain('€175 of €1,000 · donations: 5');
    await runJobs(INTERVAL_S);
    expect(await edits(chatId)).toHaveLength(2);
  });

  test('a photo post gets its caption edited (editMessageCaption)', async () => {
    const { chatId, donation } = await goalRequest({ imageId: 'https://images.example/mic.jpg' });
    await donate(donation.id, 30);
    await runJobs(INTERVAL_S);
    expect(await edits(chatId)).toEqual([]);
    const captions = await edits(chatId, 'editMessageCaption');
    expect(captions).toHaveLength(1);
    expect(captions[0]!.params.caption).toContain('€30 of €1,000 · donations: 1');
  });

  test("a 429's retry_after is waited out: short ones by the gateway, long ones by the next attempt's time", async () => {
    const { chatId, donation } = await goalRequest();
    await donate(donation.id, 10);
    // A short retry_after: the gateway waits it out and tries again in the same run.
    await server.request('POST', '/sandbox/bot-api/failures', {
      method: 'editMessageText',
      errorCode: 429,
      retryAfter: 1,
      chatId,
    });
    await runJobs(INTERVAL_S);
    expect(await edits(chatId)).toHaveLength(2);
    expect(await postText(chatId, donation.id)).toContain('€10 of €1,000 · donations: 1');
    // A long one (over the gateway's 30 s): no edit until it passed, then one.
    await donate(donation.id, 15);
    await server.request('POST', '/sandbox/bot-api/failures', {
      method: 'editMessageText',
      errorCode: 429,
      retryAfter: 120,
      chatId,
    });
    await runJobs(INTERVAL_S);
    expect(await edits(chatId)).toHaveLength(3);
    expect(await postText(chatId, donation.id)).toContain('€10 of €1,000');
    await runJobs(INTERVAL_S);
    await runJobs(INTERVAL_S);
    expect(await edits(chatId)).toHaveLength(3);
    await runJobs(120 - 2 * INTERVAL_S);
    expect(await edits(chatId)).toHaveLength(4);
    expect(await postText(chatId, donation.id)).toContain('€25 of €1,000 · donations: 2');
  });
});

describe('announcements', () => {
  test('the goal and the end are each announced once: two instances, replays and a restart', async () => {
    const shop = await creatorWithChannel(server);
    const { chatId, donation } = await goalRequest({ goal: 50 }, shop);
    const creatorChat = shop.user.telegramId;
    const notices = async (on: TestServer | { baseUrl: string }) =>
      (
        (await (await fetch(`${on.baseUrl}/sandbox/bot-api/calls?method=sendMessage`)).json()) as {
          calls: { params: { chat_id: number; text: string } }[];
        }
      ).calls.filter((call) => String(call.params.chat_id) === String(creatorChat));
    await donate(donation.id, 30);
    await donate(donation.id, 25);
    // A second instance on the same database and clock, running the jobs at the same time as the first.
    const other: FastifyInstance = await buildApp({
      database: server.database,
      config: server.config,
      clock: server.clock,
      logger: false,
    });
    try {
      const otherUrl = await other.listen({ port: 0, host: '127.0.0.1' });
      await Promise.all([runJobs(0), runJobs(0, otherUrl), runJobs(0), runJobs(0, otherUrl)]);
      const reached = [...(await notices(server)), ...(await notices({ baseUrl: otherUrl }))];
      expect(reached.map((call) => call.params.text)).toEqual([
        `Your donation request New microphone in Channel of ${shop.user.firstName} has reached its goal: €55 of €50.`,
      ]);
      const edited = [...(await edits(chatId)), ...(await otherEdits(otherUrl, chatId))];
      expect(edited).toHaveLength(1);
      expect(edited[0]!.params.text).toContain('€55 of €50 · donations: 2 · ends Jan 30 · goal reached');
      // Replays on either instance announce nothing again.
      await runJobs(INTERVAL_S, otherUrl);
      await Promise.all([runJobs(0), runJobs(0, otherUrl)]);
      expect([...(await notices(server)), ...(await notices({ baseUrl: otherUrl }))]).toHaveLength(1);
    } finally {
      await other.close();
    }
    // A restart replays nothing.
    await server.restart();
    await runJobs(INTERVAL_S);
    expect(await notices(server)).toEqual([]);
    // The end date passes: announced once, the post says ended, and the request still takes donations.
    await runJobs(10 * DAY_S);
    await runJobs(INTERVAL_S);
    const ended = await notices(server);
    expect(ended.map((call) => call.params.text)).toEqual([
      `Your donation request New microphone in Channel of ${shop.user.firstName} has ended with €55 raised. It still takes donations, and its post now says it has ended.`,
    ]);
    expect(await postText(chatId, donation.id)).toContain('€55 of €50 · donations: 2 · ended · goal reached');
    await donate(donation.id, 5);
    expect(await progressOf(shop.user, donation.id)).toEqual({
      raised: 60,
      donations: 3,
      percent: 120,
      reached: true,
      ended: true,
    });
    await runJobs(INTERVAL_S);
    expect(await notices(server)).toHaveLength(1);
    expect(await postText(chatId, donation.id)).toContain('€60 of €50 · donations: 3 · ended');
    await expectCounterMatchesLedger(donation.id);
  });
});

async function otherEdits(baseUrl: string, chatId: number) {
  const calls = (
    (await (await fetch(`${baseUrl}/sandbox/bot-api/calls?method=editMessageText`)).json()) as {
      calls: { params: { chat_id: number; text: string } }[];
    }
  ).calls;
  return calls.filter((call) => String(call.params.chat_id) === String(chatId));
}
