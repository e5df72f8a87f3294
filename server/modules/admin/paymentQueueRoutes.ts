/**
 * Payments: GET /admin/api/payments?q=<payment id, payer's Telegram id or username>&channel=<id or title>&status=,
 * POST /admin/api/payments/{id}/check (asks the provider and applies its answer), POST /admin/api/payments/{id}/refund
 * {reason} (a full refund through the provider).
 */
import type { FastifyPluginAsync } from 'fastify';
import type { AdminPage, AdminPaymentItem } from '../../../src/contract/admin';
import type { RouteOptions } from '../../context';
import {
  type PageParams,
  currentOperator,
  listQuery,
  majorText,
  pageQuery,
  personName,
  reasonBody,
  seconds,
} from './http';

const paymentIdParam = {
  type: 'object',
  required: ['id'],
  properties: { id: { type: 'string', minLength: 1, maxLength: 64 } },
};

export const paymentQueueRoutes: FastifyPluginAsync<RouteOptions> = async (app, { deps }) => {
  const { admin } = deps;

  app.get<{ Querystring: PageParams & { q?: string; channel?: string; status?: string } }>(
    '/payments',
    {
      schema: {
        hide: true,
        querystring: listQuery(['createdAt', 'amount', 'status'], {
          q: { type: 'string', minLength: 1, maxLength: 64 },
          channel: { type: 'string', minLength: 1, maxLength: 255 },
          status: { type: 'string', enum: ['pending', 'action_required', 'paid', 'error'] },
        }),
      },
    },
    async (request): Promise<AdminPage<AdminPaymentItem>> => {
      const query = pageQuery(request.query);
      const { q, channel, status } = request.query;
      const page = await admin.read.paymentPage(
        {
          ...(q ? { q: q.trim() } : {}),
          ...(channel ? { channel: channel.trim() } : {}),
          ...(status ? { status } : {}),
        },
        query,
      );
      return {
        items: page.items.map(({ payment, payer, channel: paid }) => ({
          id: payment.id,
          createdAt: seconds(payment.createdAt),
          kind: payment.kind,
          purpose: payment.purpose,
          payer: { telegramId: payer.telegramId, name: personName(payer), username: payer.username },
          channel: { id: paid.id, title: paid.title },
          amount: majorText(Number(payment.amount), payment.currency),
          currency: payment.currency,
          status: payment.status,
          errorCode: payment.errorCode,
          refundStatus: payment.refundStatus,
          refundReason: payment.refundReason,
          providerSessionId: payment.providerSessionId,
        })),
        total: page.total,
        page: query.page,
        pageSize: query.pageSize,
      };
    },
  );

  app.post<{ Params: { id: string } }>(
    '/payments/:id/check',
    { config: { role: 'support' }, schema: { hide: true, params: paymentIdParam } },
    async (request) => {
      await admin.checkPayment(currentOperator(request), request.params.id);
      return { ok: true };
    },
  );

  app.post<{ Params: { id: string }; Body: { reason: string } }>(
    '/payments/:id/refund',
    { config: { role: 'support' }, schema: { hide: true, params: paymentIdParam, body: reasonBody } },
    async (request) => {
      await admin.refundPayment(currentOperator(request), request.params.id, request.body.reason.trim());
      return { ok: true };
    },
  );
};
