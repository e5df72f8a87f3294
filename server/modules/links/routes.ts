/** GET /links: the outside pages' addresses from the configuration (SUPPORT_URL, …; src/domain/links.ts). Public. */
import type { FastifyPluginAsync } from 'fastify';
import type { RouteOptions } from '../../context';
import { LINK_SETTING_NAMES } from '../../../src/domain/links';

const LinksResponseSchema = {
  type: 'object',
  required: [...LINK_SETTING_NAMES],
  additionalProperties: false,
  properties: Object.fromEntries(LINK_SETTING_NAMES.map((name) => [name, { type: 'string' }])),
} as const;

export const linksRoutes: FastifyPluginAsync<RouteOptions> = async (app, { deps }) => {
  app.get(
    '/links',
    {
      config: { public: true },
      schema: {
        tags: ['links'],
        summary: 'Support, news, FAQ, help and terms addresses (no session needed)',
        security: [],
        response: { 200: LinksResponseSchema },
      },
    },
    async (_request, reply) => {
      reply.header('cache-control', 'public, max-age=300');
      return deps.config.links;
    },
  );
};
