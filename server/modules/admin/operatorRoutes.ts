/**
 * Operators: GET /admin/api/operators (everyone with console access and their role; ADMIN_TELEGRAM_IDS marked
 * bootstrap), POST /admin/api/operators {telegramId, role} (adds a person or changes their role), POST
 * /admin/api/operators/{telegramId}/remove. Changes are for admins and audited.
 */
import type { FastifyPluginAsync } from 'fastify';
import { type AdminOperatorItem, type AdminPage, OPERATOR_ROLES, type OperatorRole } from '../../../src/contract/admin';
import type { RouteOptions } from '../../context';
import { currentOperator } from './http';

const telegramId = { type: 'integer', minimum: 1, maximum: 9_007_199_254_740_991 };

export const operatorRoutes: FastifyPluginAsync<RouteOptions> = async (app, { deps }) => {
  const { admin } = deps;

  app.get('/operators', { schema: { hide: true } }, async (): Promise<AdminPage<AdminOperatorItem>> => {
    const items = await admin.operators();
    return { items, total: items.length, page: 1, pageSize: items.length };
  });

  app.post<{ Body: { telegramId: number; role: OperatorRole } }>(
    '/operators',
    {
      config: { role: 'admin' },
      schema: {
        hide: true,
        body: {
          type: 'object',
          required: ['telegramId', 'role'],
          additionalProperties: false,
          properties: { telegramId, role: { type: 'string', enum: [...OPERATOR_ROLES] } },
        },
      },
    },
    async (request) => {
      await admin.setOperatorRole(currentOperator(request), request.body.telegramId, request.body.role);
      return { ok: true };
    },
  );

  app.post<{ Params: { telegramId: number } }>(
    '/operators/:telegramId/remove',
    {
      config: { role: 'admin' },
      schema: { hide: true, params: { type: 'object', required: ['telegramId'], properties: { telegramId } } },
    },
    async (request) => {
      await admin.removeOperator(currentOperator(request), request.params.telegramId);
      return { ok: true };
    },
  );
};
