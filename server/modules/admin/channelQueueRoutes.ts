/** Channels awaiting moderation: GET /admin/api/channels, POST /admin/api/channels/{id}/approve | reject {reason}. */
import type { FastifyPluginAsync } from 'fastify';
import type { AdminChannelItem, AdminPage } from '../../../src/contract/admin';
import type { RouteOptions } from '../../context';
import { idParam } from '../../platform/http/schemas';
import { type PageParams, currentOperator, listQuery, pageQuery, personName, reasonBody, seconds } from './http';

export const channelQueueRoutes: FastifyPluginAsync<RouteOptions> = async (app, { deps }) => {
  const { admin } = deps;

  app.get<{ Querystring: PageParams & { moderation?: string; q?: string } }>(
    '/channels',
    {
      schema: {
        hide: true,
        querystring: listQuery(['createdAt', 'title'], {
          moderation: { type: 'string', enum: ['in_progress', 'rejected', 'approved'], default: 'in_progress' },
          q: { type: 'string', minLength: 1, maxLength: 64 },
        }),
      },
    },
    async (request): Promise<AdminPage<AdminChannelItem>> => {
      const query = pageQuery(request.query);
      const page = await admin.read.channelPage(
        { moderation: request.query.moderation ?? 'in_progress', ...(request.query.q ? { q: request.query.q } : {}) },
        query,
      );
      return {
        items: page.items.map(({ channel, owner }) => ({
          id: channel.id,
          chatId: channel.chatId,
          title: channel.title,
          username: channel.username,
          language: channel.language,
          moderation: channel.moderation,
          connected: channel.connected,
          owner: { telegramId: owner.telegramId, name: personName(owner), username: owner.username },
          createdAt: seconds(channel.createdAt),
        })),
        total: page.total,
        page: query.page,
        pageSize: query.pageSize,
      };
    },
  );

  app.post<{ Params: { id: number } }>(
    '/channels/:id/approve',
    { schema: { hide: true, params: idParam } },
    async (request) => {
      await admin.moderate(currentOperator(request), request.params.id, 'approved', undefined);
      return { ok: true };
    },
  );

  app.post<{ Params: { id: number }; Body: { reason: string } }>(
    '/channels/:id/reject',
    { schema: { hide: true, params: idParam, body: reasonBody } },
    async (request) => {
      await admin.moderate(currentOperator(request), request.params.id, 'rejected', request.body.reason.trim());
      return { ok: true };
    },
  );
};
