/**
 * GET /invoice/donation/{id} and GET /invoice/subscription/{id} (spec section 7): what the payer sees before
 * paying, or not_found / payments_disabled / already_subscribed (section 8). Creating and checking payments is the
 * money engine's (invoices.ts, payments.ts).
 */
import type { FastifyPluginAsync } from 'fastify';
import type { RouteOptions } from '../../context';
import { currentUser } from '../users/auth';
import { errorResponses, idParam } from '../../platform/http/schemas';
import { DonationInvoiceResponseSchema, SubscriptionInvoiceResponseSchema } from '../../../src/contract/schemas';

const tags = ['invoice'];

export const invoiceLoadRoutes: FastifyPluginAsync<RouteOptions> = async (app, { deps }) => {
  const { invoices } = deps.services;

  app.get<{ Params: { id: number } }>('/invoice/donation/:id', {
    schema: {
      tags, summary: 'Load a donation invoice: channel, donation request, suggested amount, the payer\'s saved cards',
      params: idParam,
      response: {
        200: DonationInvoiceResponseSchema,
        ...errorResponses(404),
      },
    },
  }, (request) => invoices.donation(currentUser(request), request.params.id));

  app.get<{ Params: { id: number } }>('/invoice/subscription/:id', {
    schema: {
      tags, summary: "Load a subscription invoice: subscription, channel, the payer's saved cards (409 already_subscribed)",
      params: idParam,
      response: { 200: SubscriptionInvoiceResponseSchema, ...errorResponses(404, 409) },
    },
  }, (request) => invoices.subscription(currentUser(request), request.params.id));
};

export default invoiceLoadRoutes;
