/**
 * The ownership matrix (issue: every path id is checked against its owner; someone else's id answers 404 exactly
 * like a missing one, and changes nothing). Mallory is a verified creator with a channel of her own.
 */
import type { MembersPage, TransactionsPage } from '../../../src/contract/api';
import { ALICE, type TestServer, type TestUser, creatorWithChannel, startTestServer } from '../support/testServer';

let server: TestServer;
let mallory: TestUser;
let memberId: number;
let transactionId: number;

beforeAll(async () => {
  server = await startTestServer({ seed: true });
  mallory = (await creatorWithChannel(server, { user: { telegramId: 666, firstName: 'Mallory' } })).user;
  memberId = (await server.api<MembersPage>(ALICE, 'POST', '/subscription/1/members', { filter: 'all' })).body
    .members[0]!.id;
  transactionId = (await server.api<TransactionsPage>(ALICE, 'POST', '/dashboard/transactions', { mode: 'creator' }))
    .body.transactions[0]!.id;
});
afterAll(() => server.close());

const MISSING = 987_654;
const subscriptionForm = (channelId: number) => ({
  channelId,
  name: 'Stolen',
  description: 'x',
  period: 'monthly',
  currency: 'eur',
  amount: 5,
  buttonText: 'Go',
});
const donationForm = {
  title: 'Stolen',
  description: 'x',
  currency: 'eur',
  amount: 5,
  buttonText: 'Go',
  pin: true,
  disableNotification: false,
};

/** [method, path with {id}, Alice's id, body] */
const matrix = (): [string, string, number, unknown][] => [
  ['GET', '/channel/{id}', 1, undefined],
  ['POST', '/channel/{id}/language', 1, { language: 'ru' }],
  ['POST', '/channel/{id}/onboarding/skip_step', 1, undefined],
  ['POST', '/channel/{id}/delete', 1, undefined],
  ['POST', '/channel/{id}/subscriptions', 1, {}],
  ['POST', '/channel/{id}/transactions', 1, {}],
  ['POST', '/subscription/new', 1, subscriptionForm(1)],
  ['POST', '/subscription/{id}/edit', 1, { name: 'Stolen', description: 'x', amount: 5, buttonText: 'Go' }],
  ['POST', '/subscription/{id}/publish', 3, { pin: true, disableNotification: false }],
  ['POST', '/subscription/{id}/delete', 1, undefined],
  ['POST', '/subscription/{id}/restore', 5, undefined],
  ['POST', '/subscription/{id}/command', 1, { command: '$stolen' }],
  ['POST', '/subscription/{id}/members', 1, { filter: 'all' }],
  ['GET', '/subscription/{id}', 1, undefined],
  ['GET', '/subscription_member/{id}', -1, undefined],
  ['POST', '/donation/request/channel/{id}', 2, donationForm],
  ['GET', '/transaction/{id}', -2, undefined],
];

const resolve = (id: number) => (id === -1 ? memberId : id === -2 ? transactionId : id);
const call = (method: string, template: string, id: number, body: unknown) => {
  const path = template.replace('{id}', String(id));
  const payload = template === '/subscription/new' ? subscriptionForm(id) : body;
  return server.api(mallory, method, path, payload);
};

async function aliceState() {
  const reads = await Promise.all([
    server.api(ALICE, 'GET', '/channel/1'),
    server.api(ALICE, 'GET', '/channel/2'),
    server.api(ALICE, 'GET', '/subscription/1'),
    server.api(ALICE, 'GET', '/subscription/3'),
    server.api(ALICE, 'GET', '/subscription/5'),
    server.request('GET', '/sandbox/bot/posts?chatId=-1001000000001'),
    server.request('GET', '/sandbox/bot/posts?chatId=-1001000000002'),
  ]);
  return reads.map((read) => read.body);
}

describe("another creator's ids", () => {
  test.each(matrix())('%s %s answers 404 not_found, like a missing id', async (method, template, id, body) => {
    const foreign = await call(method, template, resolve(id), body);
    const missing = await call(method, template, MISSING, body);
    expect(foreign.status).toBe(404);
    expect(foreign.body.code).toBe('not_found');
    expect(missing.status).toBe(404);
    expect(foreign.body).toEqual(missing.body);
  });

  test("nothing of Alice's changed, and her own calls still work", async () => {
    const before = await aliceState();
    for (const [method, template, id, body] of matrix()) await call(method, template, resolve(id), body);
    expect(await aliceState()).toEqual(before);
    expect((await server.api(ALICE, 'GET', '/subscription/1')).status).toBe(200);
  });
});
