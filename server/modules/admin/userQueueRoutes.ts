/** Users: GET /admin/api/users?q=<telegram id or username>&banned=, POST /admin/api/users/{telegramId}/ban | unban {reason}. */
import type { FastifyPluginAsync } from 'fastify';
import type { AdminPage, AdminUserItem } from '../../../src/contract/admin';
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

export const userQueueRoutes: FastifyPluginAsync<RouteOptions> = async (app, { deps }) => {
  const { admin } = deps;

  app.get<{ Querystring: PageParams & { q?: string; banned?: boolean } }>(
    '/users',
    {
      schema: {
        hide: true,
        querystring: listQuery(['createdAt', 'telegramId', 'username'], {
          q: { type: 'string', minLength: 1, maxLength: 64 },
          banned: { type: 'boolean' },
        }),
      },
    },
    async (request): Promise<AdminPage<AdminUserItem>> => {
      const query = pageQuery(request.query);
      const page = await admin.read.userPage(
        {
          ...(request.query.q ? { q: request.query.q.trim() } : {}),
          ...(request.query.banned !== undefined ? { banned: request.query.banned } : {}),
        },
        query,
      );
      return {
        items: page.items.map((user) => ({
          id: user.telegramId,
          telegramId: user.telegramId,
          name: personName(user),
          username: user.username,
          banned: user.banned,
          verificationStatus: user.verificationStatus,
          languageCode: user.languageCode,
          createdAt: seconds(user.createdAt),
        })),
        total: page.total,
        page: query.page,
        pageSize: query.pageSize,
      };
    },
  );

  for (const action of ['ban', 'unban'] as const) {
    app.post<{ Params: { telegramId: number }; Body: { reason: string } }>(
      `/users/:telegramId/${action}`,
      { config: { role: 'support' }, schema: { hide: true, params: telegramIdParam, body: reasonBody } },
      async (request) => {
        await admin.setBanned(
          currentOperator(request),
          request.params.telegramId,
          action === 'ban',
          request.body.reason.trim(),
        );
        return { ok: true };
      },
    );
  }
};
