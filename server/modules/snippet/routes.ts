/** GET /snippet/subscription/{id}: the public, server-rendered share page of a subscription (page.ts). */
import type { FastifyPluginAsync } from 'fastify';
import type { RouteOptions } from '../../context';
import { SNIPPET_PATH, subscriptionSnippet } from './service';

export const snippetRoutes: FastifyPluginAsync<RouteOptions> = async (app, { deps }) => {
  app.get<{ Params: { id: string } }>(`${SNIPPET_PATH}/:id`, { schema: { hide: true } }, async (request, reply) => {
    const { found, html } = await subscriptionSnippet(deps, request.params.id, request.headers['accept-language']);
    reply.header('vary', 'Accept-Language').type('text/html; charset=utf-8');
    if (!found) return reply.code(404).header('cache-control', 'no-cache').send(html);
    return reply.header('cache-control', 'public, max-age=300').send(html);
  });
};
