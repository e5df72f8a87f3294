/**
 * GET /invoice/donation/{id} and GET /invoice/subscription/{id} (spec section 7): what the payer sees before
 * paying, or not_found / payments_disabled / already_subscribed (section 8). Creating and checking payments is the
 * money engine's (invoices.ts, payments.ts).
 */
import type {
  DonationInvoiceResponse,
  PromoQuoteRequest,
  PromoQuoteResponse,
  SubscriptionInvoiceResponse,
} from '../../../src/contract/api';
import { toMajor } from '../../../src/domain/money';
import { cardDto, channelViewDto, donationDto, subscriptionViewDto } from '../../platform/dto';
import type { FastifyPluginAsync } from 'fastify';
import type { RouteOptions } from '../../context';
import { currentUser } from '../users/auth';
import { errorResponses, idParam } from '../../platform/http/schemas';
import {
  DonationInvoiceResponseSchema,
  PromoQuoteRequestSchema,
  PromoQuoteResponseSchema,
  SubscriptionInvoiceResponseSchema,
} from '../../../src/contract/schemas';

const tags = ['invoice'];

export const invoiceLoadRoutes: FastifyPluginAsync<RouteOptions> = async (app, { deps }) => {
  const { invoices } = deps.services;

  app.get<{ Params: { id: number } }>(
    '/invoice/donation/:id',
    {
      schema: {
        tags,
        summary: "Load a donation invoice: channel, donation request, suggested amount, the payer's saved cards",
        params: idParam,
        response: {
          200: DonationInvoiceResponseSchema,
          ...errorResponses(404),
        },
      },
    },
    async (request): Promise<DonationInvoiceResponse> => {
      const invoice = await invoices.donation(currentUser(request), request.params.id);
      return {
        channel: channelViewDto(invoice.channel),
        donation: donationDto(invoice.donation, { totals: invoice.totals, nowMs: invoice.nowMs }),
        data: { amount: toMajor(invoice.amount.minor, invoice.amount.currency), currency: invoice.amount.currency },
        cards: invoice.cards.map(cardDto),
        stars: invoice.stars,
      };
    },
  );

  app.get<{ Params: { id: number }; Querystring: { gift?: boolean } }>(
    '/invoice/subscription/:id',
    {
      schema: {
        tags,
        summary: "Load a subscription invoice: subscription, channel, the payer's saved cards (409 already_subscribed)",
        description: "gift=true: the invoice of a gift for someone else, whatever the payer's own membership.",
        params: idParam,
        querystring: { type: 'object', properties: { gift: { type: 'boolean' } } },
        response: { 200: SubscriptionInvoiceResponseSchema, ...errorResponses(404, 409) },
      },
    },
    async (request): Promise<SubscriptionInvoiceResponse> => {
      const invoice = await invoices.subscription(currentUser(request), request.params.id, request.query.gift === true);
      return {
        subscription: subscriptionViewDto(invoice.subscription),
        channel: channelViewDto(invoice.channel),
        cards: invoice.cards.map(cardDto),
        stars: invoice.stars,
        ...(invoice.trial !== null
          ? {
              trial: {
                days: invoice.trial.days,
                endsAt: Math.floor(invoice.trial.endsAtMs / 1000),
                amount: toMajor(invoice.trial.priceMinor, invoice.trial.currency),
                currency: invoice.trial.currency,
              },
            }
          : {}),
      };
    },
  );

  app.post<{ Params: { id: number }; Body: PromoQuoteRequest }>(
    '/invoice/subscription/:id/promo',
    {
      schema: {
        tags,
        summary: 'What a promo code makes the subscription cost: price, discount, charged now and at the renewals',
        description:
          '422 promo_code_invalid with reason unknown, expired, used_up, paused, not_applicable or new_members_only. Card payments only.',
        params: idParam,
        body: PromoQuoteRequestSchema,
        response: { 200: PromoQuoteResponseSchema, ...errorResponses(404, 409, 422) },
      },
    },
    async (request): Promise<PromoQuoteResponse> => {
      const quote = await invoices.promoQuote(currentUser(request), request.params.id, request.body.code);
      const major = (minor: number) => toMajor(minor, quote.price.currency);
      return {
        quote: {
          code: quote.code,
          currency: quote.price.currency,
          price: major(quote.price.minor),
          discount: major(quote.discount.minor),
          charged: major(quote.charged.minor),
          discountedRenewals: quote.discountedRenewals,
          capped: quote.capped,
        },
      };
    },
  );
};

export default invoiceLoadRoutes;
