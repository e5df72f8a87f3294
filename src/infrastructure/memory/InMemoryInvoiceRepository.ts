import type { CardTokenization } from '../../application/ports/ProviderGateway';
import { IN_MEMORY_TOKENIZE_URL } from './InMemoryProviderGateway';
import { invoiceDefaultAmount } from '../../domain/amounts';
import { isMemberExpired } from '../../domain/members';
import type { Money } from '../../domain/money';
import type {
  CreatedPayment,
  CreatedStarsPayment,
  DonationInvoice,
  InvoiceRepository,
  InvoiceTarget,
  PaymentCheck,
  PaymentInstrument,
  StarsInvoiceTarget,
  StartedTrial,
  SubscriptionInvoice,
  TrialOffer,
} from '../../application/ports/InvoiceRepository';
import { type TrialDays, type TrialRefusal, trialEndMs, trialRefusal } from '../../domain/trial';
import { starsAmountProblem } from '../../domain/stars';
import { isGiftablePeriod } from '../../domain/gift';
import { RepositoryError } from '../../application/ports/RepositoryError';
import { type InMemoryBackend, type InMemorySession, fail } from './InMemoryBackend';
import { advancePayment } from './payments';
import type {
  ChannelRecord,
  DonationRecord,
  PaymentRecord,
  PaymentTarget,
  SubscriptionRecord,
  UserRecord,
} from './records';
import { requireAmount } from './validation';
import { applyPromo, quotePromo } from './InMemoryPromoRepository';
import type { PromoQuote } from '../../domain/promo';
import { cardView, channelView, donationView, subscriptionView } from './views';

/** 1 to 255 visible ASCII characters, as the server accepts. */
const VALID_KEY = /^[\x21-\x7e]{1,255}$/;

export class InMemoryInvoiceRepository implements InvoiceRepository {
  private readonly starsPayments = new Map<string, CreatedStarsPayment>();
  private readonly trialStarts = new Map<string, StartedTrial>();

  constructor(
    private readonly backend: InMemoryBackend,
    private readonly session: InMemorySession = backend.session,
  ) {}

  async donationInvoice(donationId: number): Promise<DonationInvoice> {
    const actor = this.backend.actor(this.session);
    const { donation, channel } = this.payableDonation(donationId);
    return {
      channel: channelView(this.backend, channel),
      donation: donationView(this.backend, donation),
      amount: donation.amount.minor > 0 ? donation.amount : invoiceDefaultAmount(donation.amount.currency),
      cards: this.cardsOf(actor),
      stars: donation.starsPrice == null ? null : { amount: donation.starsPrice },
    };
  }

  /** `gift`: the invoice of a gift, which the payer's own membership does not stop. */
  async subscriptionInvoice(
    subscriptionId: number,
    options?: { readonly gift?: boolean },
  ): Promise<SubscriptionInvoice> {
    const actor = this.backend.actor(this.session);
    const { subscription, channel } = this.payableSubscription(actor, subscriptionId, {
      member: options?.gift === true ? 'allowed' : 'refused',
    });
    return {
      subscription: subscriptionView(this.backend, subscription),
      channel: channelView(this.backend, channel),
      cards: this.cardsOf(actor),
      stars:
        subscription.starsPrice == null
          ? null
          : { amount: subscription.starsPrice, renews: subscription.period === 'monthly' },
      trial: this.trialRefusalFor(actor, subscription) === null ? this.trialOffer(subscription) : null,
    };
  }

  /** As the server starts one: once per follower per channel, access at once, nothing charged; replayed per key. */
  async startTrial(subscriptionId: number, idempotencyKey: string): Promise<StartedTrial> {
    const actor = this.backend.actor(this.session);
    if (!VALID_KEY.test(idempotencyKey))
      fail('validation_error', 'Idempotency-Key required', { field: 'Idempotency-Key' });
    const slot = `${actor.user.id}:trial:${idempotencyKey}`;
    const first = this.trialStarts.get(slot);
    if (first !== undefined) return first;
    // As the server: a payment's refusals, then the trial's own (a current member is refused `member`).
    const { subscription } = this.payableSubscription(actor, subscriptionId, { member: 'allowed' });
    const refusal = this.trialRefusalFor(actor, subscription);
    if (refusal !== null) fail('trial_unavailable', 'No free trial here', { reason: refusal });
    const offer = this.trialOffer(subscription)!;
    const member = {
      id: this.backend.nextId(),
      subscriptionId,
      userId: actor.user.id,
      status: 'active' as const,
      period: subscription.period,
      activatedAt: this.backend.nowSeconds(),
      expiresAt: offer.endsAt,
      trialEndsAt: offer.endsAt,
      price: subscription.price,
    };
    this.backend.members.set(member.id, member);
    this.backend.trials.set(member.id, {
      id: member.id,
      channelId: subscription.channelId,
      subscriptionId,
      userId: actor.user.id,
      memberId: member.id,
      endsAt: offer.endsAt,
      paidAtMs: null,
    });
    const started: StartedTrial = { memberId: member.id, endsAt: offer.endsAt, inviteLink: subscription.inviteLink };
    this.trialStarts.set(slot, started);
    return started;
  }

  private trialOffer(subscription: SubscriptionRecord): TrialOffer | null {
    if (subscription.trialDays === undefined) return null;
    const endsAtMs = trialEndMs(this.backend.nowMs(), subscription.trialDays as TrialDays);
    return { days: subscription.trialDays, endsAt: Math.floor(endsAtMs / 1000), price: subscription.price };
  }

  private trialRefusalFor(actor: UserRecord, subscription: SubscriptionRecord): TrialRefusal | null {
    const now = this.backend.nowMs();
    const channelMembers = [...this.backend.members.values()].filter(
      (member) =>
        member.userId === actor.user.id &&
        this.backend.subscriptions.get(member.subscriptionId)?.channelId === subscription.channelId,
    );
    const hadTrial = [...this.backend.trials.values()].some(
      (trial) => trial.userId === actor.user.id && trial.channelId === subscription.channelId,
    );
    return trialRefusal({
      trialDays: subscription.trialDays ?? null,
      period: subscription.period,
      cardPayable: true,
      currentMember: channelMembers.some((member) => !isMemberExpired(member, now)),
      everMember: channelMembers.length > 0 || hadTrial,
    });
  }

  /**
   * As the server answers: a Stars payment and its invoice link, the same for a repeated key. Nothing here pays it:
   * the in-memory backend has no Telegram (tests drive the host's answer through their platform fake).
   */
  async createStarsPayment(target: StarsInvoiceTarget, idempotencyKey: string): Promise<CreatedStarsPayment> {
    const actor = this.backend.actor(this.session);
    if (!VALID_KEY.test(idempotencyKey))
      fail('validation_error', 'Idempotency-Key required', { field: 'Idempotency-Key' });
    const slot = `${actor.user.id}:stars:${idempotencyKey}`;
    const first = this.starsPayments.get(slot);
    if (first !== undefined) return first;
    let offered: number | null | undefined;
    if (target.kind === 'subscription') {
      offered = this.payableSubscription(actor, target.subscriptionId).subscription.starsPrice;
    } else {
      offered = this.payableDonation(target.donationId).donation.starsPrice;
      if (offered != null && starsAmountProblem(target.stars) !== null)
        fail('validation_error', 'Whole Stars from 1 to 10000', { field: 'amount' });
    }
    if (offered == null) fail('stars_unavailable', 'Not sold in Telegram Stars');
    const paymentId = this.backend.nextToken('pay');
    const created = { paymentId, invoiceLink: `https://t.me/$${paymentId.replace(/[^A-Za-z0-9_-]/g, '')}` };
    this.starsPayments.set(slot, created);
    return created;
  }

  /**
   * A key already used by this user replays the first answer (its payment, or its refusal); the same key with another
   * request is idempotency_key_reused. Keys are 1 to 255 visible ASCII characters.
   */
  async createPayment(
    target: InvoiceTarget,
    instrument: PaymentInstrument,
    idempotencyKey: string,
  ): Promise<CreatedPayment> {
    const actor = this.backend.actor(this.session);
    if (!VALID_KEY.test(idempotencyKey))
      fail('validation_error', 'Idempotency-Key required', { field: 'Idempotency-Key' });
    const fingerprint = JSON.stringify({ target, instrument });
    const slot = `${actor.user.id}:${idempotencyKey}`;
    const first = this.backend.paymentKeys.get(slot);
    if (first !== undefined) {
      if (first.fingerprint !== fingerprint) fail('idempotency_key_reused', 'Idempotency-Key used for another request');
      if (first.refusal) throw first.refusal;
      const payment = first.paymentId === undefined ? undefined : this.backend.payments.get(first.paymentId);
      if (payment === undefined) throw new Error(`idempotency slot ${slot} lost its payment`);
      return createdView(payment);
    }
    try {
      const payment = this.startPayment(actor, target, instrument, idempotencyKey, fingerprint);
      this.backend.paymentKeys.set(slot, { fingerprint, paymentId: payment.id });
      return createdView(payment);
    } catch (error) {
      if (error instanceof RepositoryError) this.backend.paymentKeys.set(slot, { fingerprint, refusal: error });
      throw error;
    }
  }

  private startPayment(
    actor: UserRecord,
    target: InvoiceTarget,
    instrument: PaymentInstrument,
    idempotencyKey: string,
    fingerprint: string,
  ): PaymentRecord {
    const { paymentTarget, amount, promoCode, promoTerms } = this.resolveTarget(actor, target);
    const gift = target.kind === 'subscription' && target.gift === true;
    // As the server's gift route: a card payment only (a new card or a saved one).
    if (gift && instrument.method === 'smart_glocal')
      fail('validation_error', 'A gift is paid by card', { field: 'paymentMethod' });
    const payment: PaymentRecord = {
      id: this.backend.nextToken('pay'),
      userId: actor.user.id,
      idempotencyKey,
      fingerprint,
      method: instrument.method,
      target: paymentTarget,
      amount,
      status: 'pending',
      scenario: 'approve',
      card: null,
      saveCard: false,
      ...(promoCode === undefined ? {} : { promoCode, promoTerms }),
      ...(gift ? { gift: true } : {}),
    };
    this.attachInstrument(actor, payment, instrument);
    this.backend.payments.set(payment.id, payment);
    return payment;
  }

  async promoQuote(subscriptionId: number, code: string): Promise<PromoQuote> {
    const actor = this.backend.actor(this.session);
    const { subscription } = this.payableSubscription(actor, subscriptionId);
    return quotePromo(this.backend, actor, subscription, code);
  }

  async checkPayment(paymentId: string): Promise<PaymentCheck> {
    const actor = this.backend.actor(this.session);
    const payment = this.backend.payments.get(paymentId);
    if (payment === undefined || payment.userId !== actor.user.id) fail('not_found', 'Payment not found');
    advancePayment(this.backend, payment);
    const subscription =
      payment.target.kind === 'subscription'
        ? this.backend.subscriptions.get(payment.target.subscriptionId)
        : undefined;
    return {
      paymentId: payment.id,
      status: payment.status,
      redirectUrl: payment.redirectUrl,
      error: payment.error ? { ...payment.error } : undefined,
      amount: payment.amount,
      card: payment.card ? { brand: payment.card.brand, last4: payment.card.last4 } : undefined,
      transactionId: payment.transactionId,
      kind: payment.target.kind,
      inviteLink: payment.status === 'paid' ? subscription?.inviteLink : undefined,
      subscriptionMemberId: payment.memberId,
    };
  }

  private payableDonation(donationId: number): { donation: DonationRecord; channel: ChannelRecord } {
    const donation = this.backend.donations.get(donationId);
    const channel = donation && this.backend.channels.get(donation.channelId);
    if (donation === undefined || channel === undefined || channel.isDeleted)
      fail('not_found', 'Donation request not found');
    this.requirePaymentsEnabled(channel);
    return { donation, channel };
  }

  /** `member: 'allowed'`: a current member passes (a gift's invoice, a trial's own refusal). */
  private payableSubscription(
    actor: UserRecord,
    subscriptionId: number,
    options: { readonly member?: 'refused' | 'allowed' } = {},
  ): { subscription: SubscriptionRecord; channel: ChannelRecord } {
    const subscription = this.backend.subscriptions.get(subscriptionId);
    const channel = subscription && this.backend.channels.get(subscription.channelId);
    if (subscription === undefined || subscription.isDeleted || channel === undefined || channel.isDeleted)
      fail('not_found', 'Subscription not found');
    this.requirePaymentsEnabled(channel);
    if (options.member === 'allowed') return { subscription, channel };
    const now = this.backend.nowMs();
    const current = this.backend
      .membersOf(subscriptionId)
      .some((m) => m.userId === actor.user.id && !isMemberExpired(m, now));
    if (current) fail('already_subscribed', 'Already subscribed');
    return { subscription, channel };
  }

  /** As the server (assertPayableTarget): a banned creator, a channel not approved or without the bot. */
  private requirePaymentsEnabled(channel: ChannelRecord): void {
    const owner = this.backend.userRecord(channel.ownerId);
    if (owner.paymentsDisabled || owner.banned || channel.moderation !== 'approved' || !channel.connected)
      fail('payments_disabled', 'Payments unavailable');
  }

  private resolveTarget(
    actor: UserRecord,
    target: InvoiceTarget,
  ): {
    paymentTarget: PaymentTarget;
    amount: Money;
    promoCode?: string;
    promoTerms?: PaymentRecord['promoTerms'];
  } {
    if (target.kind === 'subscription' && target.gift === true) {
      // A gift (server/modules/payments/gifts.ts): one period at the full price, no code, the payer may be a member.
      const { subscription, channel } = this.payableSubscription(actor, target.subscriptionId, { member: 'allowed' });
      if (!isGiftablePeriod(subscription.period))
        fail('gift_invalid', 'A one-time subscription cannot be given', { reason: 'not_giftable' });
      return {
        paymentTarget: { kind: 'subscription', subscriptionId: subscription.id, channelId: channel.id },
        amount: subscription.price,
      };
    }
    if (target.kind === 'subscription') {
      const { subscription, channel } = this.payableSubscription(actor, target.subscriptionId);
      const applied =
        target.promoCode === undefined ? null : applyPromo(this.backend, actor, subscription, target.promoCode);
      const quote = applied?.quote ?? null;
      return {
        paymentTarget: { kind: 'subscription', subscriptionId: subscription.id, channelId: channel.id },
        amount: quote?.charged ?? subscription.price,
        ...(applied === null
          ? {}
          : {
              promoCode: applied.quote.code,
              promoTerms: {
                promoCodeId: applied.promoCodeId,
                fullPrice: applied.quote.price,
                renewals: applied.quote.discountedRenewals,
              },
            }),
      };
    }
    const { donation, channel } = this.payableDonation(target.donationId);
    if (target.amount.currency !== donation.amount.currency)
      fail('validation_error', 'Currency differs from the request', { field: 'currency' });
    if (donation.amount.minor > 0 && target.amount.minor !== donation.amount.minor) {
      // As on the server: a fixed amount is charged exactly.
      fail('validation_error', 'This donation has a fixed amount', { field: 'amount', reason: 'amount_fixed' });
    }
    const amount = donation.amount.minor > 0 ? donation.amount : requireAmount('donation', 'amount', target.amount);
    return { paymentTarget: { kind: 'donation', donationId: donation.id, channelId: channel.id }, amount };
  }

  private attachInstrument(actor: UserRecord, payment: PaymentRecord, instrument: PaymentInstrument): void {
    switch (instrument.method) {
      case 'smart_glocal':
        payment.url = `https://pay.sandbox.local/checkout/${payment.id}`;
        return;
      case 'smart_glocal_saved_card': {
        const card = this.backend.cards.get(instrument.cardId);
        if (card === undefined || card.userId !== actor.user.id) fail('not_found', 'Card not found');
        if (!card.active) fail('validation_error', 'Card inactive', { field: 'cardId' });
        payment.card = { brand: card.cardBrand, last4: card.cardLast, country: card.country };
        payment.scenario = card.scenario;
        payment.decline = card.decline;
        return;
      }
      case 'smart_glocal_form': {
        const token = this.backend.providerTokens.get(instrument.cardToken);
        if (token === undefined) fail('validation_error', 'Unknown card token', { field: 'cardToken' });
        // The card token names the card (it may pay again); the tokenisation pays once, for whoever asked for it.
        const tokenization = this.backend.tokenizations.get(instrument.publicToken);
        if (tokenization === undefined || tokenization.userId !== actor.user.id)
          fail('validation_error', 'Unknown card tokenisation', {
            field: 'publicToken',
            reason: 'tokenization_unknown',
          });
        if (tokenization.used)
          fail('validation_error', 'Card tokenisation used', { field: 'publicToken', reason: 'tokenization_used' });
        tokenization.used = true;
        payment.card = { brand: token.brand, last4: token.last4, country: token.country };
        payment.scenario = token.scenario;
        payment.decline = token.decline;
        payment.challengeFails = token.challengeFails;
        payment.recurringFails = token.recurringFails;
        payment.saveCard = instrument.saveCard;
        payment.sessionToken = this.backend.nextToken('sess');
        this.backend.providerSessions.set(payment.sessionToken, {
          token: payment.sessionToken,
          paymentId: payment.id,
          pendingReads: this.backend.providerPendingReads,
        });
        return;
      }
    }
  }

  /** The in-memory provider needs no public token; the answer has the shape the server's has. */
  async cardTokenization(): Promise<CardTokenization> {
    const actor = this.backend.actor(this.session);
    const publicToken = this.backend.nextToken('pub');
    this.backend.tokenizations.set(publicToken, { userId: actor.user.id, used: false });
    return { publicToken, tokenizeUrl: IN_MEMORY_TOKENIZE_URL };
  }

  private cardsOf(actor: UserRecord) {
    return [...this.backend.cards.values()].filter((c) => c.userId === actor.user.id).map(cardView);
  }
}

function createdView(payment: PaymentRecord): CreatedPayment {
  return {
    paymentId: payment.id,
    status: payment.status,
    url: payment.url,
    redirectUrl: payment.redirectUrl,
    error: payment.error ? { ...payment.error } : undefined,
  };
}
