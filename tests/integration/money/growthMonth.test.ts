/**
 * The money invariant over a scripted month of the growth tools on one creator, on the sandbox clock: a promo code
 * for three payments (the first and two renewals) on a weekly plan, two free trials (one paid at its end, one left to
 * lapse), two gifts (one accepted, one left to expire and be refunded after 30 days), and a retention offer that one
 * follower accepts and another declines. After every day every balance (the creator's and every payer's) equals its
 * ledger; at the end each payer was charged exactly what their screen said, once per period.
 */
import { randomUUID } from 'node:crypto';
import { asc, eq } from 'drizzle-orm';
import type { CreatePaymentResponse, GiftSentResponse, RetentionQuoteResponse } from '../../../src/contract/api';
import { subscriptionTrials } from '../../../server/platform/db/schema';
import { gifts, payments } from '../../../server/platform/db/schema-money';
import { type TestServer, type TestUser, newUser, startTestServer } from '../support/testServer';
import {
  advanceTo,
  expectBalancesMatchLedger,
  memberRow,
  newCard,
  openShop,
  payWithNewCard,
  swiftAccount,
  userId,
} from './support/money';

jest.setTimeout(600_000);

const DAY = 86_400_000;
const START = Date.UTC(2026, 0, 20, 9, 0, 0);
const MONTH_DAYS = 33;
const CARD = '4242424242424242';

describe('the money invariant over a month of promos, trials, gifts and retention offers', () => {
  let server: TestServer;

  beforeAll(async () => {
    server = await startTestServer({ now: START });
  }, 180_000);
  afterAll(() => server.close());

  it('holds after every day, and each payer paid what the screen said', async () => {
    const shop = await openShop(server, { price: 10 });
    const { weekly, monthly } = shop.subscriptions;
    expect((await server.api(shop.creator, 'POST', '/payout/account', swiftAccount)).status).toBe(200);
    // The creator's tools: a code for three payments at 30 % off, a 7-day trial, a retention offer of 40 % off two
    // renewals.
    const code = await server.api(shop.creator, 'POST', `/subscription/${weekly}/promos/new`, {
      code: 'GROW30',
      scope: 'subscription',
      discountType: 'percent',
      percent: 30,
      duration: 'periods',
      periods: 3,
    });
    expect(code.status).toBe(200);
    const trial = await server.api(shop.creator, 'POST', `/subscription/${weekly}/edit`, {
      name: 'weekly plan',
      description: 'Support the channel',
      amount: 10,
      buttonText: 'Subscribe',
      trialDays: 7,
    });
    expect(trial.status).toBe(200);
    const offer = await server.api(shop.creator, 'POST', `/subscription/${monthly}/retention_offer`, {
      percent: 40,
      renewals: 2,
    });
    expect(offer.status).toBe(200);

    const coded = newUser('Coded');
    const [converts, lapses] = [newUser('Converts'), newUser('Lapses')];
    const [giver, recipient, forgetfulGiver] = [newUser('Giver'), newUser('Recipient'), newUser('Forgetful')];
    const [stays, leaves] = [newUser('Stays'), newUser('Leaves')];
    const everyone = [coded, converts, lapses, giver, recipient, forgetfulGiver, stays, leaves];

    const startTrial = async (user: TestUser) => {
      const answer = await server.api(user, 'POST', `/invoice/subscription/${weekly}/trial`, undefined, {
        'Idempotency-Key': randomUUID(),
      });
      expect(answer.status).toBe(200);
    };
    const buyGift = async (user: TestUser, subscriptionId: number) => {
      const bought = await server.api<CreatePaymentResponse>(
        user,
        'POST',
        `/invoice/subscription/${subscriptionId}/gift`,
        { paymentMethod: 'smart_glocal_form', ...(await newCard(server, user, CARD)) },
        { 'Idempotency-Key': randomUUID() },
      );
      expect(bought.body.status).toBe('paid');
      const sent = await server.api<GiftSentResponse>(user, 'GET', `/gift/sent/${bought.body.paymentId}`);
      return sent.body.gift!.code;
    };
    const memberOf = async (user: TestUser, subscriptionId: number) => (await memberRow(server, user, subscriptionId))!;
    /** The retention step before a cancel: the offer shown, then accepted as shown or declined. */
    const cancelWithOffer = async (user: TestUser, answer: 'accept' | 'decline') => {
      const memberId = (await memberOf(user, monthly)).id;
      const shown = await server.api<RetentionQuoteResponse>(
        user,
        'POST',
        `/follower/subscription_member/${memberId}/retention_offer`,
      );
      expect(shown.body.offer).toMatchObject({ percent: 40, renewals: 2 });
      const answered = await server.api(
        user,
        'POST',
        `/follower/subscription_member/${memberId}/retention_offer/${answer}`,
        answer === 'accept' ? { percent: 40, renewals: 2 } : undefined,
        answer === 'accept' ? { 'Idempotency-Key': randomUUID() } : {},
      );
      expect(answered.status).toBe(200);
    };

    let forgottenGift = '';
    for (let day = 0; day < MONTH_DAYS; day += 1) {
      switch (day) {
        case 0:
          expect(
            (await payWithNewCard(server, coded, 'subscription', weekly, CARD, { saveCard: true, promoCode: 'grow30' }))
              .status,
          ).toBe('paid');
          await startTrial(converts);
          await startTrial(lapses);
          for (const user of [stays, leaves])
            expect((await payWithNewCard(server, user, 'subscription', monthly, CARD, { saveCard: true })).status).toBe(
              'paid',
            );
          break;
        case 1: {
          const gift = await buyGift(giver, monthly);
          forgottenGift = await buyGift(forgetfulGiver, weekly);
          expect((await server.api(recipient, 'POST', `/gift/${gift}/accept`)).status).toBe(200);
          break;
        }
        case 3:
          await cancelWithOffer(stays, 'accept');
          await cancelWithOffer(leaves, 'decline');
          break;
        case 8:
          // The trial ended yesterday: its follower pays the invoice to stay, by their own tap.
          expect(
            (await payWithNewCard(server, converts, 'subscription', weekly, CARD, { saveCard: true })).status,
          ).toBe('paid');
          break;
        default:
          break;
      }
      await advanceTo(server, START + (day + 1) * DAY);
      await expectBalancesMatchLedger(server, shop.creatorId);
      for (const user of everyone) await expectBalancesMatchLedger(server, await userId(server, user));
    }

    // What each payer was charged, in order: the screens' promises.
    const charged = async (user: TestUser) =>
      (
        await server.database.db
          .select({ purpose: payments.purpose, amount: payments.amount, status: payments.status })
          .from(payments)
          .where(eq(payments.userId, await userId(server, user)))
          .orderBy(asc(payments.createdAt))
      )
        .filter((row) => row.status === 'paid')
        .map((row) => [row.purpose, row.amount]);
    // 30 % off the first payment and two renewals, then the full price (weekly renewals on days 7, 14, 21 and 28).
    expect(await charged(coded)).toEqual([
      ['invoice', 700],
      ['renewal', 700],
      ['renewal', 700],
      ['renewal', 1000],
      ['renewal', 1000],
    ]);
    // Nothing during the trial; the paid invoice after it, then weekly renewals of a card saved on that payment.
    expect((await charged(converts))[0]).toEqual(['invoice', 1000]);
    expect(
      (await charged(converts)).slice(1).every(([purpose, amount]) => purpose === 'renewal' && amount === 1000),
    ).toBe(true);
    expect(await charged(lapses)).toEqual([]);
    expect(await charged(recipient)).toEqual([]);
    expect(await charged(giver)).toEqual([['gift', 1000]]);
    // The offer: 40 % off the next renewal (the month's only one); the follower who declined was never charged again.
    expect(await charged(stays)).toEqual([
      ['invoice', 1000],
      ['renewal', 600],
    ]);
    expect(await charged(leaves)).toEqual([['invoice', 1000]]);

    const outcomes = await server.database.db
      .select({ userId: subscriptionTrials.userId, outcome: subscriptionTrials.outcome })
      .from(subscriptionTrials);
    expect(Object.fromEntries(outcomes.map((row) => [row.userId, row.outcome]))).toEqual({
      [await userId(server, converts)]: 'converted',
      [await userId(server, lapses)]: 'lapsed',
    });
    const [forgotten] = await server.database.db.select().from(gifts).where(eq(gifts.code, forgottenGift));
    expect(forgotten!.status).toBe('refunded');
    expect((await memberOf(recipient, monthly)).expiresAt!.getTime()).toBeLessThan(START + MONTH_DAYS * DAY);
    expect((await memberOf(leaves, monthly)).status).not.toBe('active');
  });
});
