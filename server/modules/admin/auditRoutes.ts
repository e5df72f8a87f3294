/** The audit log: GET /admin/api/audit?operator=&objectType=&objectId=&from=YYYY-MM-DD&to=YYYY-MM-DD (to inclusive). */
import type { FastifyPluginAsync } from 'fastify';
import type { AdminAuditItem, AdminPage } from '../../../src/contract/admin';
import type { RouteOptions } from '../../context';
import { type PageParams, listQuery, pageQuery, seconds } from './http';

const day = { type: 'string', pattern: '^\\d{4}-\\d{2}-\\d{2}$' };

export const auditRoutes: FastifyPluginAsync<RouteOptions> = async (app, { deps }) => {
  app.get<{
    Querystring: PageParams & { operator?: number; objectType?: string; objectId?: string; from?: string; to?: string };
  }>(
    '/audit',
    {
      schema: {
        hide: true,
        querystring: listQuery(['createdAt', 'action', 'objectType'], {
          operator: { type: 'integer', minimum: 1, maximum: Number.MAX_SAFE_INTEGER },
          objectType: { type: 'string', minLength: 1, maxLength: 64 },
          objectId: { type: 'string', minLength: 1, maxLength: 128 },
          from: day,
          to: day,
        }),
      },
    },
    async (request): Promise<AdminPage<AdminAuditItem>> => {
      const { operator, objectType, objectId, from, to } = request.query;
      const query = pageQuery(request.query);
      const page = await deps.admin.read.auditPage(
        {
          ...(operator !== undefined ? { operatorTelegramId: operator } : {}),
          ...(objectType ? { objectType } : {}),
          ...(objectId ? { objectId } : {}),
          ...(from ? { from: new Date(`${from}T00:00:00Z`) } : {}),
          ...(to ? { to: new Date(Date.parse(`${to}T00:00:00Z`) + 86_400_000) } : {}),
        },
        query,
      );
      return {
        items: page.items.map((row) => ({
          id: row.id,
          operatorTelegramId: row.operatorTelegramId,
          action: row.action,
          objectType: row.objectType,
          objectId: row.objectId,
          before: row.before,
          after: row.after,
          createdAt: seconds(row.createdAt),
        })),
        total: page.total,
        page: query.page,
        pageSize: query.pageSize,
      };
    },
  );
};
