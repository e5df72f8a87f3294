import {
  type CardTokenizationResponse,
  type CreateDonationPaymentRequest,
  type CreatePaymentResponse,
  type CreateSubscriptionPaymentRequest,
  type DonationInvoiceResponse,
  type GiftPurchaseRequest,
  IDEMPOTENCY_KEY_HEADER,
  type PaymentCheckRequest,
  type PaymentCheckResponse,
  type PromoQuoteRequest,
  type PromoQuoteResponse,
  type SubscriptionInvoiceResponse,
  type TrialStartResponse,
} from '../../../contract/api';
import type { PromoQuote } from '../../../domain/promo';
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
} from '../../../application/ports/InvoiceRepository';
import type { CardTokenization } from '../../../application/ports/ProviderGateway';
import type { HttpClient } from '../HttpClient';
import { savedCardFromDto } from '../mappers/card';
import { channelFromDto } from '../mappers/channel';
import { moneyFromWire, moneyToWire } from '../mappers/money';
import { createdPaymentFromDto, paymentCheckFromDto } from '../mappers/payment';
import { donationFromDto, subscriptionFromDto } from '../mappers/subscription';

function instrumentToDto(instrument: PaymentInstrument): CreateSubscriptionPaymentRequest {
  switch (instrument.method) {
    case 'smart_glocal':
      return { paymentMethod: 'smart_glocal' };
    case 'smart_glocal_saved_card':
      return { paymentMethod: 'smart_glocal_saved_card', cardId: instrument.cardId };
    case 'smart_glocal_form':
      return {
        paymentMethod: 'smart_glocal_form',
        cardToken: instrument.cardToken,
        publicToken: instrument.publicToken,
        saveCard: instrument.saveCard,
      };
  }
}

export class HttpInvoiceRepository implements InvoiceRepository {
  constructor(private readonly http: HttpClient) {}

  async donationInvoice(donationId: number): Promise<DonationInvoice> {
    const dto = await this.http.get<DonationInvoiceResponse>(`/invoice/donation/${donationId}`);
    return {
      channel: channelFromDto(dto.channel),
      donation: donationFromDto(dto.donation),
      amount: moneyFromWire(dto.data.amount, dto.data.currency),
      cards: (dto.cards ?? []).map(savedCardFromDto),
      stars: dto.stars ? { amount: dto.stars.amount } : null,
    };
  }

  async subscriptionInvoice(subscriptionId: number, options?: { gift?: boolean }): Promise<SubscriptionInvoice> {
    const dto = await this.http.get<SubscriptionInvoiceResponse>(
      `/invoice/subscription/${subscriptionId}${options?.gift === true ? '?gift=true' : ''}`,
    );
    return {
      subscription: subscriptionFromDto(dto.subscription),
      channel: channelFromDto(dto.channel),
      cards: (dto.cards ?? []).map(savedCardFromDto),
      stars: dto.stars ? { amount: dto.stars.amount, renews: dto.stars.renews } : null,
      trial: dto.trial
        ? { days: dto.trial.days, endsAt: dto.trial.endsAt, price: moneyFromWire(dto.trial.amount, dto.trial.currency) }
        : null,
    };
  }

  /** Like createPayment: the key in a header set per call; POST never retried. */
  async startTrial(subscriptionId: number, idempotencyKey: string): Promise<StartedTrial> {
    const dto = await this.http.post<TrialStartResponse>(`/invoice/subscription/${subscriptionId}/trial`, undefined, {
      headers: { [IDEMPOTENCY_KEY_HEADER]: idempotencyKey },
    });
    return {
      memberId: dto.subscriptionMember.id,
      endsAt: dto.subscriptionMember.trialEndsAt ?? dto.subscriptionMember.expiresAt ?? 0,
      ...(dto.subscription.inviteLink !== undefined ? { inviteLink: dto.subscription.inviteLink } : {}),
    };
  }

  /** Like createPayment: the key in a header set per call; POST never retried. */
  async createStarsPayment(target: StarsInvoiceTarget, idempotencyKey: string): Promise<CreatedStarsPayment> {
    const options = { headers: { [IDEMPOTENCY_KEY_HEADER]: idempotencyKey } };
    const answer =
      target.kind === 'donation'
        ? await this.http.post<CreatePaymentResponse>(
            `/invoice/donation/${target.donationId}/create`,
            { paymentMethod: 'telegram_stars', amount: target.stars } satisfies CreateDonationPaymentRequest,
            options,
          )
        : await this.http.post<CreatePaymentResponse>(
            `/invoice/subscription/${target.subscriptionId}/create`,
            { paymentMethod: 'telegram_stars' } satisfies CreateSubscriptionPaymentRequest,
            options,
          );
    if (!answer.invoiceLink) throw new Error(`Stars payment ${answer.paymentId} answered without an invoice link`);
    return { paymentId: answer.paymentId, invoiceLink: answer.invoiceLink };
  }

  /** The key goes in a header set here, per call, never by an interceptor (which would run again on a retry). */
  async createPayment(
    target: InvoiceTarget,
    instrument: PaymentInstrument,
    idempotencyKey: string,
  ): Promise<CreatedPayment> {
    const options = { headers: { [IDEMPOTENCY_KEY_HEADER]: idempotencyKey } };
    const method = instrumentToDto(instrument);
    if (target.kind === 'donation') {
      const body: CreateDonationPaymentRequest = { ...method, amount: moneyToWire(target.amount), period: 'onetime' };
      return createdPaymentFromDto(
        await this.http.post<CreatePaymentResponse>(`/invoice/donation/${target.donationId}/create`, body, options),
      );
    }
    if (target.gift === true) {
      // A gift is paid by card only (smart_glocal_form or a saved card), without a promo code.
      return createdPaymentFromDto(
        await this.http.post<CreatePaymentResponse>(
          `/invoice/subscription/${target.subscriptionId}/gift`,
          method as GiftPurchaseRequest,
          options,
        ),
      );
    }
    const body: CreateSubscriptionPaymentRequest =
      target.promoCode === undefined ? method : { ...method, promoCode: target.promoCode };
    return createdPaymentFromDto(
      await this.http.post<CreatePaymentResponse>(
        `/invoice/subscription/${target.subscriptionId}/create`,
        body,
        options,
      ),
    );
  }

  async promoQuote(subscriptionId: number, code: string): Promise<PromoQuote> {
    const body: PromoQuoteRequest = { code };
    const { quote } = await this.http.post<PromoQuoteResponse>(`/invoice/subscription/${subscriptionId}/promo`, body);
    const wire = (amount: number) => moneyFromWire(amount, quote.currency);
    return {
      code: quote.code,
      price: wire(quote.price),
      discount: wire(quote.discount),
      charged: wire(quote.charged),
      capped: quote.capped,
      discountedRenewals: quote.discountedRenewals,
    };
  }

  async checkPayment(paymentId: string): Promise<PaymentCheck> {
    const body: PaymentCheckRequest = { paymentId };
    return paymentCheckFromDto(await this.http.post<PaymentCheckResponse>('/pay/smart_glocal/check', body));
  }

  async cardTokenization(): Promise<CardTokenization> {
    return this.http.post<CardTokenizationResponse>('/pay/smart_glocal/token');
  }
}
