/** POST /donation/request/channel/{channelId} (spec section 7): create a donation request and post it. */
import type { FastifyPluginAsync } from 'fastify';
import type { DonationRequestRequest, DonationRequestResponse } from '../../../src/contract/api';
import { channelViewDto, donationDto } from '../../platform/dto';
import type { RouteOptions } from '../../context';
import { currentUser } from '../users/auth';
import { channelIdParam, errorResponses } from '../../platform/http/schemas';
import { DonationRequestRequestSchema, DonationRequestResponseSchema } from '../../../src/contract/schemas';

export const donationRoutes: FastifyPluginAsync<RouteOptions> = async (app, { deps }) => {
  const { donations } = deps.services;

  app.post<{ Params: { channelId: number }; Body: DonationRequestRequest }>('/donation/request/channel/:channelId', {
    schema: {
      tags: ['donation'],
      summary: 'Create a donation request and have the bot post it (optionally pinned and silent)',
      description: 'amount 0 lets the payer choose; any other amount must be within the donation bounds of the currency.',
      params: channelIdParam,
      body: DonationRequestRequestSchema,
      response: { 200: DonationRequestResponseSchema, ...errorResponses(404, 409, 502) },
    },
  }, async (request): Promise<DonationRequestResponse> => {
    const posted = await donations.request(currentUser(request), request.params.channelId, request.body);
    return { channel: channelViewDto(posted.channel), donation: donationDto(posted.donation) };
  });
};

export default donationRoutes;
