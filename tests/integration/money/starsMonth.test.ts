/**
 * The money invariant over a scripted month that mixes card and Telegram Stars payments on two creators (one paid out
 * in euros, one credited in roubles): card subscriptions and their renewals, Stars subscriptions renewed by Telegram
 * on the sandbox clock (the Bot API double, as https://core.telegram.org/bots/api#payments and
 * https://core.telegram.org/bots/payments-stars describe it), a Stars renewal the payer cannot afford, a cancel, an
 * operator's refund and one made outside the app, Stars and card donations, payout days. After every day:
 * - every balance equals its ledger, and the Stars lines hold together (expectStarsLinesConsistent);
 * - each payer's Stars in our ledger equal Telegram's own record of the bot's Stars transactions (getStarTransactions).
 */
import { randomUUID } from 'node:crypto';
import { and, eq } from 'drizzle-orm';
import { subscriptionMembers } from '../../../server/platform/db/schema';
import { payments } from '../../../server/platform/db/schema-money';
import { type TestServer, type TestUser, newUser, startTestServer } from '../support/testServer';
import {
  type Shop,
  advanceTo,
  expectBalancesMatchLedger,
  expectStarsMatchTelegram,
  openShop,
  payWithNewCard,
  userId,
  swiftAccount,
} from './support/money';

jest.setTimeout(600_000);

const DAY = 86_400_000;
const START = Date.UTC(2026, 0, 20, 9, 0, 0);
const MONTH_DAYS = 33;

describe('the money invariant over a month of card and Stars payments', () => {
  let server: TestServer;

  beforeAll(async () => {
    server = await startTestServer({
      now: START,
      config: {
        starsRates: new Map([
          ['eur', '0.013'],
          ['rub', '1.17'],
        ]),
      },
    });
  }, 180_000);
  afterAll(() => server.close());

  it('holds after every day', async () => {
    const euro = await openShop(server);
    const rouble = await openShop(server, { currency: 'rub', price: 700 });
    expect((await server.api(euro.creator, 'POST', '/payout/account', swiftAccount)).status).toBe(200);
    for (const shop of [euro, rouble]) {
      for (const [period, stars] of [
        ['monthly', 777],
        ['weekly', 199],
      ] as const)
        expect(
          (await server.api(shop.creator, 'POST', `/subscription/${shop.subscriptions[period]}/stars`, { stars }))
            .status,
        ).toBe(200);
      expect((await server.api(shop.creator, 'POST', `/donation/${shop.donationId}/stars`, { stars: 33 })).status).toBe(
        200,
      );
    }

    const starsPay = async (user: TestUser, kind: 'subscription' | 'donation', id: number, amount?: number) => {
      const created = await server.api<{ paymentId: string; invoiceLink: string }>(
        user,
        'POST',
        `/invoice/${kind}/${id}/create`,
        { paymentMethod: 'telegram_stars', ...(amount !== undefined ? { amount } : {}) },
        { 'Idempotency-Key': randomUUID() },
      );
      expect(created.status).toBe(200);
      const paid = await server.request<{ status: string; chargeId?: string }>('POST', '/sandbox/bot-api/stars/pay', {
        telegramId: user.telegramId,
        firstName: user.firstName,
        link: created.body.invoiceLink,
      });
      expect(paid.body.status).toBe('paid');
      return { paymentId: created.body.paymentId, chargeId: paid.body.chargeId! };
    };
    const memberId = async (user: TestUser, subscriptionId: number) => {
      const [member] = await server.database.db
        .select({ id: subscriptionMembers.id })
        .from(subscriptionMembers)
        .where(
          and(
            eq(subscriptionMembers.subscriptionId, subscriptionId),
            eq(subscriptionMembers.userId, await userId(server, user)),
          ),
        );
      return member!.id;
    };

    const cardFans = [newUser('CardFanA'), newUser('CardFanB')];
    const starFans = [newUser('StarFanA'), newUser('StarFanB'), newUser('StarFanC')];
    const shorty = newUser('Shorty');
    const canceller = newUser('Canceller');
    const refundee = newUser('Refundee');
    const outsider = newUser('Outsider');
    const donors = [newUser('DonorA'), newUser('DonorB')];
    const shops: Shop[] = [euro, rouble];
    const refundLater: { paymentId: string }[] = [];
    const outsideLater: { user: TestUser; chargeId: string }[] = [];

    for (let day = 0; day < MONTH_DAYS; day += 1) {
      const shop = shops[day % 2]!;
      switch (day) {
        case 0:
          for (const fan of cardFans)
            await payWithNewCard(server, fan, 'subscription', shop.subscriptions.monthly, '4242424242424242', {
              saveCard: true,
            });
          for (const fan of starFans) await starsPay(fan, 'subscription', euro.subscriptions.monthly);
          await starsPay(shorty, 'subscription', rouble.subscriptions.monthly);
          await server.request('POST', '/sandbox/bot-api/stars/balance', { telegramId: shorty.telegramId, stars: 0 });
          await starsPay(canceller, 'subscription', rouble.subscriptions.monthly);
          break;
        case 2:
          refundLater.push(await starsPay(refundee, 'subscription', euro.subscriptions.weekly));
          outsideLater.push({
            user: outsider,
            ...(await starsPay(outsider, 'subscription', rouble.subscriptions.weekly)),
          });
          break;
        case 4: {
          const answer = await server.api(
            canceller,
            'GET',
            `/follower/subscription_member/${await memberId(canceller, rouble.subscriptions.monthly)}/cancel`,
          );
          expect(answer.status).toBe(200);
          break;
        }
        case 5:
          for (const { paymentId } of refundLater)
            expect(
              (await server.request('POST', `/sandbox/payments/${paymentId}/refund`, { reason: 'Asked for' })).body,
            ).toMatchObject({
              refundStatus: 'done',
            });
          for (const { user, chargeId } of outsideLater)
            await server.app.deps.bot.refundStarPayment(user.telegramId, chargeId);
          break;
        case 9:
          // The refundee buys again, by card this time: the same membership, paid by card now.
          await payWithNewCard(server, refundee, 'subscription', euro.subscriptions.weekly, '5555555555554444');
          break;
        default:
          break;
      }
      if (day % 3 === 1) {
        await starsPay(donors[0]!, 'donation', shop.donationId, 33 + day);
        await payWithNewCard(server, donors[1]!, 'donation', shop.donationId, '4242424242424242', {
          amount: shop === euro ? 5 : 300,
        });
      }

      await advanceTo(server, START + (day + 1) * DAY);
      for (const creator of shops) await expectBalancesMatchLedger(server, creator.creatorId);
      await expectStarsMatchTelegram(server);
    }

    // The month's story, as it must have gone.
    const rows = await server.database.db
      .select({ userId: payments.userId, purpose: payments.purpose, method: payments.method, status: payments.status })
      .from(payments);
    const of = async (user: TestUser) => {
      const id = await userId(server, user);
      return rows.filter((row) => row.userId === id).map((row) => [row.purpose, row.method, row.status]);
    };
    for (const fan of starFans)
      expect((await of(fan)).sort()).toEqual([
        ['invoice', 'telegram_stars', 'paid'],
        ['renewal', 'telegram_stars', 'paid'],
      ]);
    for (const user of [shorty, canceller]) expect(await of(user)).toEqual([['invoice', 'telegram_stars', 'paid']]);
    for (const fan of cardFans)
      expect((await of(fan)).filter(([purpose]) => purpose === 'renewal')).toEqual([['renewal', 'renewal', 'paid']]);
  });
});
