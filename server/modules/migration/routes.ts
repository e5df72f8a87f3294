/** GET /migration, POST /migration/confirm, POST /migration/refuse (spec section 7). */
import type { FastifyPluginAsync } from 'fastify';
import type { RouteOptions } from '../../context';
import { currentUser } from '../users/auth';
import { errorResponses, s } from '../../platform/http/schemas';
import { MigrationConfirmResponseSchema, MigrationResponseSchema } from '../../../src/contract/schemas';

const tags = ['migration'];

export const migrationRoutes: FastifyPluginAsync<RouteOptions> = async (app, { deps }) => {
  const { migration } = deps.services;

  app.get('/migration', {
    schema: {
      tags, summary: 'The migration offer: request (with place in queue), channels connected here, donation channels of the older product',
      response: {
        200: MigrationResponseSchema,
        ...errorResponses(),
      },
    },
  }, (request) => migration.get(currentUser(request)));

  app.post('/migration/confirm', {
    schema: { tags, summary: 'Join the migration queue', response: { 200: MigrationConfirmResponseSchema, ...errorResponses(409) } },
  }, (request) => migration.confirm(currentUser(request)));

  app.post('/migration/refuse', {
    schema: { tags, summary: 'Leave the queue (losing the place) and turn the migration down', response: { 200: s.ref('Ok'), ...errorResponses() } },
  }, (request) => migration.refuse(currentUser(request)));
};

export default migrationRoutes;
