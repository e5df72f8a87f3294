/** GET /migration, POST /migration/confirm, POST /migration/refuse (spec section 7). */
import type { MigrationConfirmResponse, MigrationResponse, OkResponse } from '../../../src/contract/api';
import { channelViewDto, donateChannelDto, migrationRequestDto } from '../../platform/dto';
import type { MigrationRequestView } from './service';
import type { FastifyPluginAsync } from 'fastify';
import type { RouteOptions } from '../../context';
import { currentUser } from '../users/auth';
import { errorResponses, s } from '../../platform/http/schemas';
import { MigrationConfirmResponseSchema, MigrationResponseSchema } from '../../../src/contract/schemas';

const tags = ['migration'];
const requestDto = (view: MigrationRequestView) =>
  migrationRequestDto(view.request, view.positionInQueue, view.progress);

export const migrationRoutes: FastifyPluginAsync<RouteOptions> = async (app, { deps }) => {
  const { migration } = deps.services;

  app.get(
    '/migration',
    {
      schema: {
        tags,
        summary:
          'The migration offer: request (with place in queue), channels connected here, donation channels of the older product',
        response: {
          200: MigrationResponseSchema,
          ...errorResponses(),
        },
      },
    },
    async (request): Promise<MigrationResponse> => {
      const offer = await migration.get(currentUser(request));
      return {
        request: offer.request ? requestDto(offer.request) : null,
        channels: offer.channels.map(channelViewDto),
        donateChannels: offer.donateChannels.map(donateChannelDto),
      };
    },
  );

  app.post(
    '/migration/confirm',
    {
      schema: {
        tags,
        summary: 'Join the migration queue',
        response: { 200: MigrationConfirmResponseSchema, ...errorResponses(409) },
      },
    },
    async (request): Promise<MigrationConfirmResponse> => ({
      request: requestDto(await migration.confirm(currentUser(request))),
    }),
  );

  app.post(
    '/migration/refuse',
    {
      schema: {
        tags,
        summary: 'Leave the queue (losing the place) and turn the migration down',
        response: { 200: s.ref('Ok'), ...errorResponses() },
      },
    },
    async (request): Promise<OkResponse> => {
      await migration.refuse(currentUser(request));
      return { ok: true };
    },
  );
};

export default migrationRoutes;
