/**
 * GET /invoice/donation/{id} and GET /invoice/subscription/{id} (spec section 7): what the payer sees before
 * paying, or not_found / payments_disabled / already_subscribed (section 8). Creating and checking payments is the
 * money engine's (invoices.ts, payments.ts).
 */
import type { DonationInvoiceResponse, SubscriptionInvoiceResponse } from '../../../src/contract/api';
import { toMajor } from '../../../src/domain/money';
import { cardDto, channelViewDto, donationDto, subscriptionViewDto } from '../../platform/dto';
import type { FastifyPluginAsync } from 'fastify';
import type { RouteOptions } from '../../context';
import { currentUser } from '../users/auth';
import { errorResponses, idParam } from '../../platform/http/schemas';
import { DonationInvoiceResponseSchema, SubscriptionInvoiceResponseSchema } from '../../../src/contract/schemas';

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

  app.get<{ Params: { id: number } }>(
    '/invoice/subscription/:id',
    {
      schema: {
        tags,
        summary: "Load a subscription invoice: subscription, channel, the payer's saved cards (409 already_subscribed)",
        params: idParam,
        response: { 200: SubscriptionInvoiceResponseSchema, ...errorResponses(404, 409) },
      },
    },
    async (request): Promise<SubscriptionInvoiceResponse> => {
      const invoice = await invoices.subscription(currentUser(request), request.params.id);
      return {
        subscription: subscriptionViewDto(invoice.subscription),
        channel: channelViewDto(invoice.channel),
        cards: invoice.cards.map(cardDto),
        stars: invoice.stars,
      };
    },
  );
};

export default invoiceLoadRoutes;
