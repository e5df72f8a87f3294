/**
 * Identity reviews: GET /admin/api/identity?provider=&sort=since (creators whose check passed, kyc_approved, or who
 * wait for a manual review, with the provider's result; paged in the database), POST /admin/api/identity/{telegramId}/
 * approve | reject {reason}.
 */
import type { FastifyPluginAsync } from 'fastify';
import type { AdminIdentityItem, AdminPage } from '../../../src/contract/admin';
import type { RouteOptions } from '../../context';
import {
  type PageParams,
  currentOperator,
  telegramIdParam,
  listQuery,
  pageQuery,
  personName,
  reasonBody,
  seconds,
} from './http';

export const identityQueueRoutes: FastifyPluginAsync<RouteOptions> = async (app, { deps }) => {
  const { admin } = deps;

  app.get<{ Querystring: PageParams & { provider?: string } }>(
    '/identity',
    {
      schema: {
        hide: true,
        querystring: listQuery(['since'], { provider: { type: 'string', enum: ['sumsub', 'manual'] } }),
      },
    },
    async (request): Promise<AdminPage<AdminIdentityItem>> => {
      const query = pageQuery(request.query);
      const page = await admin.read.identityPage(
        request.query.provider === undefined ? {} : { provider: request.query.provider },
        query,
      );
      const items = page.items.map(({ user, review }): AdminIdentityItem => ({
        id: user.telegramId,
        person: { telegramId: user.telegramId, name: personName(user), username: user.username },
        status: user.status,
        provider: review.provider,
        applicantId: review.applicantId,
        reviewAnswer: review.reviewAnswer,
        rejectLabels: review.rejectLabels ?? [],
        since: seconds(review.updatedAt),
      }));
      return { items, total: page.total, page: query.page, pageSize: query.pageSize };
    },
  );

  app.post<{ Params: { telegramId: number }; Body: { reason?: string } }>(
    '/identity/:telegramId/approve',
    { schema: { hide: true, params: telegramIdParam } },
    async (request) => {
      await admin.decideIdentity(
        currentOperator(request),
        request.params.telegramId,
        'approve',
        request.body?.reason?.trim(),
      );
      return { ok: true };
    },
  );

  app.post<{ Params: { telegramId: number }; Body: { reason: string } }>(
    '/identity/:telegramId/reject',
    { schema: { hide: true, params: telegramIdParam, body: reasonBody } },
    async (request) => {
      await admin.decideIdentity(
        currentOperator(request),
        request.params.telegramId,
        'reject',
        request.body.reason.trim(),
      );
      return { ok: true };
    },
  );
};
