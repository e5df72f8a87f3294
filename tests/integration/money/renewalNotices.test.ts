/**
 * Fewer lost renewals, driven by the sandbox clock (POST /sandbox/clock runs the jobs) and checked in the Bot API
 * double's recorded calls: a reminder 3 days before a renewal, once (also across a restart), and right after a failed
 * renewal a one-tap button to the subscription's invoice; the creator's member list says the renewal failed.
 */
import { eq } from 'drizzle-orm';
import { RENEWAL_REMINDER_LEAD_MS } from '../../../server/modules/payments/renewalNotices';
import { RENEWAL_LEAD_MS } from '../../../server/modules/payments/renewals';
import { subscriptionMembers } from '../../../server/platform/db/schema';
import { type TestServer, type TestUser, botApiCalls, newUser, startTestServer } from '../support/testServer';
import { type Shop, advanceTo, openShop, payWithNewCard } from './support/money';

interface Sent {
  chat_id: number;
  text: string;
  reply_markup?: { inline_keyboard: { text: string; url: string }[][] };
}

let server: TestServer;
let shop: Shop;
const good: TestUser = newUser('Renewing');
const broke: TestUser = { ...newUser('Declined'), languageCode: 'ru' };
let brokeMemberId: number;
let expiry: number;

const sentTo = async (user: TestUser) =>
  (await botApiCalls<Sent>(server, 'sendMessage'))
    .map((call) => call.params)
    .filter((params) => params.chat_id === user.telegramId);

beforeAll(async () => {
  server = await startTestServer();
  shop = await openShop(server);
  await payWithNewCard(server, good, 'subscription', shop.subscriptions.monthly, '4242424242424242', {
    saveCard: true,
  });
  const paid = await payWithNewCard(server, broke, 'subscription', shop.subscriptions.monthly, '4000000000000341', {
    saveCard: true,
  });
  brokeMemberId = paid.subscriptionMemberId!;
  const [row] = await server.database.db
    .select()
    .from(subscriptionMembers)
    .where(eq(subscriptionMembers.id, brokeMemberId));
  expiry = row!.expiresAt!.getTime();
}, 180_000);
afterAll(() => server.close());

describe('renewal notices', () => {
  it('reminds each follower 3 days before the renewal, once, with an Open button, also after a restart', async () => {
    await advanceTo(server, expiry - RENEWAL_REMINDER_LEAD_MS - 60_000);
    expect(await sentTo(good)).toEqual([]);

    await advanceTo(server, expiry - RENEWAL_REMINDER_LEAD_MS + 60_000);
    const [reminder, ...more] = await sentTo(good);
    expect(more).toEqual([]);
    expect(reminder!.text).toContain('monthly plan');
    expect(reminder!.text).toContain('€10 will be charged');
    expect(reminder!.reply_markup).toEqual({
      inline_keyboard: [[{ text: 'Open', url: 'https://t.me/BackersSandboxBot/app' }]],
    });
    // In the follower's language.
    expect((await sentTo(broke))[0]!.reply_markup!.inline_keyboard[0]![0]!.text).toBe('Открыть');

    // A new process (its Bot API double starts with no calls) sends none of them again.
    await server.restart();
    await advanceTo(server, server.clock.now() + 60_000);
    expect(await sentTo(good)).toEqual([]);
    expect(await sentTo(broke)).toEqual([]);
  });

  it('right after a failed renewal: a one-tap button to pay with another card; the creator sees the renewal failed', async () => {
    await advanceTo(server, expiry - RENEWAL_LEAD_MS + 60_000);
    const messages = await sentTo(broke);
    expect(messages).toHaveLength(1);
    expect(messages[0]!.text).toContain('20 февраля 2026. Оплатите');
    expect(messages[0]!.reply_markup).toEqual({
      inline_keyboard: [
        [
          {
            text: 'Оплатить другой картой',
            url: `https://t.me/BackersSandboxBot/app?startapp=subscription_${shop.subscriptions.monthly}`,
          },
        ],
      ],
    });
    // The renewed follower gets nothing more: the next reminder comes 3 days before the next renewal.
    expect(await sentTo(good)).toEqual([]);

    const members = await server.api<{ members: { id: number; renewalFailed?: boolean }[] }>(
      shop.creator,
      'POST',
      `/subscription/${shop.subscriptions.monthly}/members`,
      { filter: 'all', startFrom: null },
    );
    expect(members.body.members.find((member) => member.id === brokeMemberId)).toMatchObject({ renewalFailed: true });

    // The next runs send it again to nobody.
    await advanceTo(server, server.clock.now() + 3600_000);
    expect(await sentTo(broke)).toHaveLength(1);
  });
});
