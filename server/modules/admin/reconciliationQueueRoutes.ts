/**
 * Reconciliation with the card provider (server/modules/payments/reconciliation.ts):
 * GET /admin/api/reconciliation?status=open|applied|ignored (the differences found), POST /admin/api/reconciliation/run
 * (Run now: support, as checking payments is), POST /admin/api/reconciliation/{id}/apply (our records follow the
 * provider's: admins, as it moves money), POST /admin/api/reconciliation/{id}/ignore {reason} (support).
 */
import type { FastifyPluginAsync } from 'fastify';
import type { AdminPage, AdminReconciliationItem } from '../../../src/contract/admin';
import type { RouteOptions } from '../../context';
import { AppError } from '../../platform/errors';
import { APPLICABLE_KINDS } from '../payments/reconciliation';
import { type PageParams, currentOperator, listQuery, pageQuery, reasonBody, seconds } from './http';

const differenceIdParam = {
  type: 'object',
  required: ['id'],
  properties: { id: { type: 'integer', minimum: 1, maximum: Number.MAX_SAFE_INTEGER } },
};

export const reconciliationQueueRoutes: FastifyPluginAsync<RouteOptions> = async (app, { deps }) => {
  const { admin } = deps;
  const reconciliation = deps.money.reconciliation;

  app.get<{ Querystring: PageParams & { status?: 'open' | 'applied' | 'ignored' } }>(
    '/reconciliation',
    {
      schema: {
        hide: true,
        querystring: listQuery(['foundAt'], { status: { type: 'string', enum: ['open', 'applied', 'ignored'] } }),
      },
    },
    async (request): Promise<AdminPage<AdminReconciliationItem>> => {
      const query = pageQuery(request.query);
      const page = await reconciliation.page(request.query.status, query);
      return {
        items: page.items.map((row) => ({
          id: row.id,
          kind: row.kind,
          objectType: row.objectType,
          objectId: row.objectId,
          providerSessionId: row.providerSessionId,
          ourStatus: row.ourStatus,
          providerStatus: row.providerStatus,
          ourAmount: row.ourAmount === null ? null : Number(row.ourAmount),
          providerAmount: row.providerAmount === null ? null : Number(row.providerAmount),
          currency: row.currency,
          status: row.status,
          reason: row.reason,
          resolvedBy: row.resolvedBy,
          resolvedAt: row.resolvedAt === null ? null : seconds(row.resolvedAt),
          foundAt: seconds(row.foundAt),
          applicable: APPLICABLE_KINDS.includes(row.kind),
        })),
        total: page.total,
        page: query.page,
        pageSize: query.pageSize,
      };
    },
  );

  app.post('/reconciliation/run', { config: { role: 'support' }, schema: { hide: true } }, async (request) => ({
    ok: true,
    ...(await admin.runReconciliation(currentOperator(request))),
  }));

  app.post<{ Params: { id: number } }>(
    '/reconciliation/:id/apply',
    { config: { role: 'admin' }, schema: { hide: true, params: differenceIdParam } },
    async (request) => {
      await admin.applyDifference(currentOperator(request), request.params.id);
      return { ok: true };
    },
  );

  app.post<{ Params: { id: number }; Body: { reason: string } }>(
    '/reconciliation/:id/ignore',
    { config: { role: 'support' }, schema: { hide: true, params: differenceIdParam, body: reasonBody } },
    async (request) => {
      const reason = request.body.reason.trim();
      if (reason === '') throw new AppError('validation_error', 'A reason is required', { field: 'reason' });
      await admin.ignoreDifference(currentOperator(request), request.params.id, reason);
      return { ok: true };
    },
  );
};
