/**
 * Telegram Stars in the Bot API double (https://core.telegram.org/bots/payments-stars and the Bot API's "Payments"
 * section, https://core.telegram.org/bots/api#payments): invoice links, the payment sheet a user sees for one, the
 * pre-checkout query and its answer, successful payments, 30-day subscriptions renewed on the sandbox clock,
 * subscription edits, refunds and the bot's Stars transactions. Each user has a demo Stars balance.
 *
 * As the reference describes it:
 * - createInvoiceLink: XTR with one price item and an empty provider_token; subscription_period only with XTR and only
 *   2592000; a subscription's price at most 10000 Stars (limits: src/domain/stars.ts). The link is t.me/$<slug>.
 * - Paying: Telegram sends the bot a pre_checkout_query and waits up to 10 s for answerPreCheckoutQuery; ok lets the
 *   payment go ahead (the Stars leave the payer, the bot gets a message with successful_payment), an error_message
 *   stops it and the payer sees that text; no answer in time fails it.
 * - successful_payment of a subscription carries subscription_expiration_date, is_recurring, and is_first_recurring on
 *   the first payment; each renewal is a new payment with its own telegram_payment_charge_id.
 * - A renewal falls due at the expiration date: with enough Stars it is paid (a new successful_payment), without
 *   them, or once cancelled (by the user, or by the bot with editUserStarSubscription), the subscription ends and the
 *   bot hears nothing.
 * - editUserStarSubscription names a subscription by its first payment's charge id; is_canceled false only undoes the
 *   bot's own cancellation.
 * - refundStarPayment gives the Stars back and the bot gets a message with refunded_payment; a charge refunds once.
 * - getStarTransactions: oldest first, offset and limit (1-100, default 100); a payment has the payer as its source,
 *   a refund the payer as its receiver and the payment's id.
 * Assumed (the reference is silent): the error texts below (CHARGE_ID_INVALID, CHARGE_ALREADY_REFUNDED,
 * QUERY_ID_INVALID, SUBSCRIPTION_PERIOD_INVALID, STARS_INVOICE_INVALID) follow Telegram's MTProto error names; a refund
 * of a subscription's payment leaves the subscription as it is; provider_payment_charge_id is empty for Stars.
 */
import { randomBytes } from 'node:crypto';
import {
  INVOICE_DESCRIPTION_MAX,
  INVOICE_PAYLOAD_MAX_BYTES,
  INVOICE_TITLE_MAX,
  PRE_CHECKOUT_ANSWER_MS,
  STARS_CURRENCY,
  STARS_MAX_AMOUNT,
  STARS_SUBSCRIPTION_PERIOD_SECONDS,
} from '../../../../src/domain/stars';

/** The Stars a sandbox user holds until told otherwise (the emulator's demo balance). */
export const DEMO_STARS_BALANCE = 2500;

export class StarsRefusal extends Error {
  constructor(
    readonly errorCode: number,
    readonly description: string,
  ) {
    super(description);
  }
}

export interface StarsUser {
  readonly id: number;
  readonly firstName: string;
  readonly languageCode?: string;
}

interface StarInvoice {
  readonly slug: string;
  readonly link: string;
  readonly title: string;
  readonly description: string;
  readonly payload: string;
  readonly amount: number;
  readonly subscriptionPeriod: number | null;
}

interface StarCharge {
  readonly id: string;
  readonly user: StarsUser;
  readonly amount: number;
  readonly payload: string;
  /** The subscription's first charge id (null: a one-time payment). */
  readonly subscriptionId: string | null;
  refunded: boolean;
}

interface StarSubscription {
  readonly id: string;
  readonly user: StarsUser;
  readonly invoice: StarInvoice;
  /** Unix seconds. */
  expiresAt: number;
  canceledByBot: boolean;
  canceledByUser: boolean;
  state: 'active' | 'ended' | 'missing_balance';
}

interface StarTransactionRecord {
  readonly id: string;
  readonly amount: number;
  readonly date: number;
  readonly direction: 'in' | 'out';
  readonly user: StarsUser;
  readonly payload: string;
  readonly subscriptionPeriod: number | null;
}

/** What the user's payment sheet shows for an invoice link. */
export interface PaymentSheet {
  readonly link: string;
  readonly title: string;
  readonly description: string;
  readonly currency: 'XTR';
  readonly stars: number;
  /** 2592000 for a subscription renewed every 30 days, null for a one-time payment. */
  readonly subscriptionPeriod: number | null;
  readonly balance: number;
}

/** How a payment attempt ended, as the payer's Telegram reports it to the mini-app (invoiceClosed's status). */
export type PaymentOutcome =
  | { readonly status: 'paid'; readonly chargeId: string }
  | {
      readonly status: 'failed';
      readonly reason: 'not_enough_stars' | 'refused' | 'no_answer';
      readonly errorMessage?: string;
    };

export interface StarsWorld {
  readonly now: () => number;
  /** Sends the bot an update (undefined when the bot did not ask for that update type). */
  deliver(update: Record<string, unknown>): Promise<unknown>;
  /** A new message id in the user's private chat with the bot. */
  nextMessageId(userId: number): number;
}

export class SandboxStars {
  private readonly invoices = new Map<string, StarInvoice>();
  private readonly charges = new Map<string, StarCharge>();
  private readonly subscriptions = new Map<string, StarSubscription>();
  private readonly transactions: StarTransactionRecord[] = [];
  private readonly balances = new Map<number, number>();
  private readonly queries = new Map<
    string,
    { readonly sentAt: number; answer?: { ok: true } | { ok: false; errorMessage: string } }
  >();

  constructor(private readonly world: StarsWorld) {}

  private nowSeconds(): number {
    return Math.floor(this.world.now() / 1000);
  }

  balance(userId: number): number {
    return this.balances.get(userId) ?? DEMO_STARS_BALANCE;
  }

  /** The sandbox's top-up: the user's balance becomes `stars`. */
  setBalance(userId: number, stars: number): void {
    this.balances.set(userId, stars);
  }

  createInvoiceLink(params: Record<string, unknown>): string {
    const title = text(params, 'title', INVOICE_TITLE_MAX, 'TITLE');
    const description = text(params, 'description', INVOICE_DESCRIPTION_MAX, 'DESCRIPTION');
    const payload = params.payload;
    if (typeof payload !== 'string' || payload.length === 0 || Buffer.byteLength(payload) > INVOICE_PAYLOAD_MAX_BYTES)
      throw new StarsRefusal(400, 'Bad Request: INVOICE_PAYLOAD_INVALID');
    if (params.currency !== STARS_CURRENCY) throw new StarsRefusal(400, 'Bad Request: CURRENCY_INVALID');
    if (params.provider_token !== undefined && params.provider_token !== '')
      throw new StarsRefusal(400, 'Bad Request: PROVIDER_TOKEN_INVALID');
    const prices = params.prices;
    if (!Array.isArray(prices) || prices.length !== 1)
      throw new StarsRefusal(400, 'Bad Request: STARS_INVOICE_INVALID');
    const amount = (prices[0] as { amount?: unknown }).amount;
    if (typeof amount !== 'number' || !Number.isSafeInteger(amount) || amount < 1)
      throw new StarsRefusal(400, 'Bad Request: STARS_INVOICE_INVALID');
    let subscriptionPeriod: number | null = null;
    if (params.subscription_period !== undefined) {
      if (Number(params.subscription_period) !== STARS_SUBSCRIPTION_PERIOD_SECONDS)
        throw new StarsRefusal(400, 'Bad Request: SUBSCRIPTION_PERIOD_INVALID');
      if (amount > STARS_MAX_AMOUNT) throw new StarsRefusal(400, 'Bad Request: STARS_INVOICE_INVALID');
      subscriptionPeriod = STARS_SUBSCRIPTION_PERIOD_SECONDS;
    }
    const slug = randomBytes(12).toString('base64url');
    const link = `https://t.me/$${slug}`;
    this.invoices.set(slug, { slug, link, title, description, payload, amount, subscriptionPeriod });
    return link;
  }

  private invoice(link: string): StarInvoice {
    const slug = /^https:\/\/t\.me\/\$([A-Za-z0-9_-]+)$/.exec(link)?.[1];
    const invoice = slug === undefined ? undefined : this.invoices.get(slug);
    if (!invoice) throw new StarsRefusal(400, 'Bad Request: INVOICE_INVALID');
    return invoice;
  }

  /** What the user's Telegram shows when it opens the link. */
  sheet(link: string, userId: number): PaymentSheet {
    const invoice = this.invoice(link);
    return {
      link: invoice.link,
      title: invoice.title,
      description: invoice.description,
      currency: STARS_CURRENCY,
      stars: invoice.amount,
      subscriptionPeriod: invoice.subscriptionPeriod,
      balance: this.balance(userId),
    };
  }

  /**
   * The user pays on the sheet: without enough Stars nothing is asked of the bot (Telegram offers a top-up instead);
   * otherwise the bot gets the pre-checkout query and has 10 s to answer it.
   */
  async pay(user: StarsUser, link: string): Promise<PaymentOutcome> {
    const invoice = this.invoice(link);
    if (this.balance(user.id) < invoice.amount) return { status: 'failed', reason: 'not_enough_stars' };
    const queryId = randomBytes(8).toString('hex');
    const sentAt = Date.now();
    this.queries.set(queryId, { sentAt });
    const delivered = await this.world.deliver({
      pre_checkout_query: {
        id: queryId,
        from: telegramUser(user),
        currency: STARS_CURRENCY,
        total_amount: invoice.amount,
        invoice_payload: invoice.payload,
      },
    });
    // A bot that long-polls answers later: wait for it, up to Telegram's limit. One that never gets the query (it
    // did not ask for pre_checkout_query) cannot answer; Telegram would wait out the limit, the double need not.
    while (
      delivered !== undefined &&
      !this.queries.get(queryId)?.answer &&
      Date.now() - sentAt < PRE_CHECKOUT_ANSWER_MS
    )
      await new Promise((resolve) => setTimeout(resolve, 25).unref());
    const answer = this.queries.get(queryId)?.answer;
    this.queries.delete(queryId);
    if (!answer) return { status: 'failed', reason: 'no_answer' };
    if (!answer.ok) return { status: 'failed', reason: 'refused', errorMessage: answer.errorMessage };
    // The sheet checked the balance before the query; the user may have spent meanwhile.
    if (this.balance(user.id) < invoice.amount) return { status: 'failed', reason: 'not_enough_stars' };
    let subscription: StarSubscription | null = null;
    const chargeId = newChargeId();
    if (invoice.subscriptionPeriod !== null) {
      subscription = {
        id: chargeId,
        user,
        invoice,
        expiresAt: this.nowSeconds() + invoice.subscriptionPeriod,
        canceledByBot: false,
        canceledByUser: false,
        state: 'active',
      };
      this.subscriptions.set(chargeId, subscription);
    }
    await this.charge(user, invoice, chargeId, subscription, true);
    return { status: 'paid', chargeId };
  }

  private async charge(
    user: StarsUser,
    invoice: StarInvoice,
    chargeId: string,
    subscription: StarSubscription | null,
    first: boolean,
  ): Promise<void> {
    this.balances.set(user.id, this.balance(user.id) - invoice.amount);
    this.charges.set(chargeId, {
      id: chargeId,
      user,
      amount: invoice.amount,
      payload: invoice.payload,
      subscriptionId: subscription?.id ?? null,
      refunded: false,
    });
    this.transactions.push({
      id: chargeId,
      amount: invoice.amount,
      date: this.nowSeconds(),
      direction: 'in',
      user,
      payload: invoice.payload,
      subscriptionPeriod: invoice.subscriptionPeriod,
    });
    await this.world.deliver(
      this.serviceMessage(user, {
        successful_payment: {
          currency: STARS_CURRENCY,
          total_amount: invoice.amount,
          invoice_payload: invoice.payload,
          telegram_payment_charge_id: chargeId,
          provider_payment_charge_id: '',
          ...(subscription
            ? {
                subscription_expiration_date: subscription.expiresAt,
                is_recurring: true,
                ...(first ? { is_first_recurring: true } : {}),
              }
            : {}),
        },
      }),
    );
  }

  private serviceMessage(user: StarsUser, content: Record<string, unknown>): Record<string, unknown> {
    return {
      message: {
        message_id: this.world.nextMessageId(user.id),
        from: telegramUser(user),
        chat: { id: user.id, type: 'private', first_name: user.firstName },
        date: this.nowSeconds(),
        ...content,
      },
    };
  }

  answerPreCheckoutQuery(params: Record<string, unknown>): true {
    const id = typeof params.pre_checkout_query_id === 'string' ? params.pre_checkout_query_id : '';
    const query = this.queries.get(id);
    if (!query || query.answer || Date.now() - query.sentAt > PRE_CHECKOUT_ANSWER_MS)
      throw new StarsRefusal(400, 'Bad Request: QUERY_ID_INVALID');
    const ok = params.ok === true || params.ok === 'true';
    if (!ok && (typeof params.error_message !== 'string' || params.error_message.length === 0))
      throw new StarsRefusal(400, 'Bad Request: ERROR_MESSAGE_EMPTY');
    query.answer = ok ? { ok: true } : { ok: false, errorMessage: String(params.error_message) };
    return true;
  }

  async refundStarPayment(params: Record<string, unknown>): Promise<true> {
    const charge = this.chargeOf(params);
    if (charge.refunded) throw new StarsRefusal(400, 'Bad Request: CHARGE_ALREADY_REFUNDED');
    charge.refunded = true;
    this.balances.set(charge.user.id, this.balance(charge.user.id) + charge.amount);
    this.transactions.push({
      id: charge.id,
      amount: charge.amount,
      date: this.nowSeconds(),
      direction: 'out',
      user: charge.user,
      payload: charge.payload,
      subscriptionPeriod: null,
    });
    await this.world.deliver(
      this.serviceMessage(charge.user, {
        refunded_payment: {
          currency: STARS_CURRENCY,
          total_amount: charge.amount,
          invoice_payload: charge.payload,
          telegram_payment_charge_id: charge.id,
        },
      }),
    );
    return true;
  }

  editUserStarSubscription(params: Record<string, unknown>): true {
    const charge = this.chargeOf(params);
    const subscription = this.subscriptions.get(charge.id);
    if (!subscription) throw new StarsRefusal(400, 'Bad Request: CHARGE_ID_INVALID');
    const canceled = params.is_canceled === true || params.is_canceled === 'true';
    if (params.is_canceled === undefined) throw new StarsRefusal(400, 'Bad Request: is_canceled is required');
    subscription.canceledByBot = canceled;
    return true;
  }

  private chargeOf(params: Record<string, unknown>): StarCharge {
    const userId = Number(params.user_id);
    const id = params.telegram_payment_charge_id;
    const charge = typeof id === 'string' ? this.charges.get(id) : undefined;
    if (!Number.isSafeInteger(userId)) throw new StarsRefusal(400, 'Bad Request: USER_ID_INVALID');
    if (!charge || charge.user.id !== userId) throw new StarsRefusal(400, 'Bad Request: CHARGE_ID_INVALID');
    return charge;
  }

  getStarTransactions(params: Record<string, unknown>): { transactions: unknown[] } {
    const offset = params.offset === undefined ? 0 : Number(params.offset);
    const limit = params.limit === undefined ? 100 : Number(params.limit);
    if (!Number.isSafeInteger(offset) || offset < 0) throw new StarsRefusal(400, 'Bad Request: offset is invalid');
    if (!Number.isSafeInteger(limit) || limit < 1 || limit > 100)
      throw new StarsRefusal(400, 'Bad Request: limit is invalid');
    return {
      transactions: this.transactions.slice(offset, offset + limit).map((transaction) => {
        const partner = {
          type: 'user',
          transaction_type: 'invoice_payment',
          user: telegramUser(transaction.user),
          invoice_payload: transaction.payload,
          ...(transaction.subscriptionPeriod !== null ? { subscription_period: transaction.subscriptionPeriod } : {}),
        };
        return {
          id: transaction.id,
          amount: transaction.amount,
          date: transaction.date,
          ...(transaction.direction === 'in' ? { source: partner } : { receiver: partner }),
        };
      }),
    };
  }

  /** The user cancels in their Telegram (Settings → Stars): the subscription runs to its end and is not renewed. */
  cancelByUser(userId: number, subscriptionId: string): void {
    const subscription = this.subscriptions.get(subscriptionId);
    if (!subscription || subscription.user.id !== userId) throw new StarsRefusal(400, 'Bad Request: CHARGE_ID_INVALID');
    subscription.canceledByUser = true;
  }

  /** A user's subscriptions as their Telegram lists them. */
  subscriptionsOf(userId: number): {
    id: string;
    payload: string;
    stars: number;
    expiresAt: number;
    state: StarSubscription['state'];
    canceledByBot: boolean;
    canceledByUser: boolean;
  }[] {
    return [...this.subscriptions.values()]
      .filter((subscription) => subscription.user.id === userId)
      .map((subscription) => ({
        id: subscription.id,
        payload: subscription.invoice.payload,
        stars: subscription.invoice.amount,
        expiresAt: subscription.expiresAt,
        state: subscription.state,
        canceledByBot: subscription.canceledByBot,
        canceledByUser: subscription.canceledByUser,
      }));
  }

  /**
   * Renewals due at the clock's now (the sandbox runs this when its clock moves): each active subscription whose
   * period ended is paid again from the user's Stars, or ends. Answers how many were renewed and ended.
   */
  async renewDue(): Promise<{ renewed: number; ended: number }> {
    let renewed = 0;
    let ended = 0;
    for (const subscription of this.subscriptions.values()) {
      // A period at a time, so a clock moved by months renews (or ends) once per missed period.
      while (subscription.state === 'active' && subscription.expiresAt <= this.nowSeconds()) {
        if (subscription.canceledByBot || subscription.canceledByUser) {
          subscription.state = 'ended';
          ended += 1;
        } else if (this.balance(subscription.user.id) < subscription.invoice.amount) {
          subscription.state = 'missing_balance';
          ended += 1;
        } else {
          subscription.expiresAt += STARS_SUBSCRIPTION_PERIOD_SECONDS;
          await this.charge(subscription.user, subscription.invoice, newChargeId(), subscription, false);
          renewed += 1;
        }
      }
    }
    return { renewed, ended };
  }
}

function text(params: Record<string, unknown>, name: string, max: number, code: string): string {
  const value = params[name];
  if (typeof value !== 'string' || value.length === 0 || [...value].length > max)
    throw new StarsRefusal(400, `Bad Request: ${code}_INVALID`);
  return value;
}

function telegramUser(user: StarsUser): Record<string, unknown> {
  return {
    id: user.id,
    is_bot: false,
    first_name: user.firstName,
    ...(user.languageCode ? { language_code: user.languageCode } : {}),
  };
}

/** Telegram's charge ids for Stars payments look like stxAbC...; any unique string serves. */
function newChargeId(): string {
  return `stx${randomBytes(24).toString('base64url')}`;
}
