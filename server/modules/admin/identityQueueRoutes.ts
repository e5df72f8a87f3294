/**
 * Identity reviews: GET /admin/api/identity?provider=&sort=since (creators whose check passed, kyc_approved, or who
 * wait for a manual review, with the provider's result), POST /admin/api/identity/{userId}/approve | reject {reason}.
 */
import type { FastifyPluginAsync } from 'fastify';
import type { AdminIdentityItem, AdminPage } from '../../../src/contract/admin';
import type { RouteOptions } from '../../context';
import { idParam } from '../../platform/http/schemas';
import { type PageParams, currentOperator, listQuery, pageQuery, reasonBody } from './http';

export const identityQueueRoutes: FastifyPluginAsync<RouteOptions> = async (app, { deps }) => {
  const { admin, services } = deps;

  app.get<{ Querystring: PageParams & { provider?: string } }>('/identity', {
    schema: { hide: true, querystring: listQuery(['since'], { provider: { type: 'string', enum: ['sumsub', 'manual'] } }) },
  }, async (request): Promise<AdminPage<AdminIdentityItem>> => {
    const query = pageQuery(request.query);
    // The queue is short (creators waiting for one decision each): paged here from the service's full list.
    const waiting = (await services.verification.awaitingDecision())
      .filter((item) => request.query.provider === undefined || item.provider === request.query.provider)
      .sort((a, b) => (query.order === 'asc' ? a.sinceMs - b.sinceMs : b.sinceMs - a.sinceMs) || a.userId - b.userId);
    const items = waiting.slice((query.page - 1) * query.pageSize, query.page * query.pageSize).map((item) => ({
      id: item.userId, person: { id: item.userId, telegramId: item.telegramId, name: item.name, username: item.username }, status: item.status,
      provider: item.provider, applicantId: item.applicantId, reviewAnswer: item.reviewAnswer, rejectLabels: item.rejectLabels, since: Math.floor(item.sinceMs / 1000),
    }));
    return { items, total: waiting.length, page: query.page, pageSize: query.pageSize };
  });

  app.post<{ Params: { id: number }; Body: { reason?: string } }>('/identity/:id/approve', { schema: { hide: true, params: idParam } }, async (request) => {
    await admin.decideIdentity(currentOperator(request), request.params.id, 'approve', request.body?.reason?.trim());
    return { ok: true };
  });

  app.post<{ Params: { id: number }; Body: { reason: string } }>('/identity/:id/reject', { schema: { hide: true, params: idParam, body: reasonBody } }, async (request) => {
    await admin.decideIdentity(currentOperator(request), request.params.id, 'reject', request.body.reason.trim());
    return { ok: true };
  });
};
