/**
 * Free trials (README.md here): the follower's POST /invoice/subscription/{id}/trial (Idempotency-Key) and the
 * creator's GET /subscription/{id}/trials. The invoice's offer is in GET /invoice/subscription/{id} (`trial`).
 */
import type { FastifyPluginAsync } from 'fastify';
import type { TrialStartResponse, TrialStatsResponse } from '../../../src/contract/api';
import type { RouteOptions } from '../../context';
import { currentUser } from '../users/auth';
import { errorResponses, idParam } from '../../platform/http/schemas';
import { FollowerMemberResponseSchema, TrialStatsResponseSchema } from '../../../src/contract/schemas';
import { channelDto, memberDto, subscriptionDto } from '../../platform/dto';
import { idempotencyHeader, idempotentReply } from '../payments/http';

type IdParams = { Params: { id: number } };

export const trialRoutes: FastifyPluginAsync<RouteOptions> = async (app, { deps }) => {
  const { trials } = deps.services;
  const { followers } = deps.money;

  app.post<IdParams>(
    '/invoice/subscription/:id/trial',
    {
      schema: {
        tags: ['invoice'],
        summary: "Start the subscription's free trial: access at once, nothing charged; pay to stay after it ends",
        description:
          'Header Idempotency-Key required. 422 trial_unavailable with reason not_offered, not_recurring, stars_only, member or used_before; 404 not_found and 409 payments_disabled as a payment.',
        params: idParam,
        headers: idempotencyHeader,
        response: { 200: FollowerMemberResponseSchema, ...errorResponses(404, 409, 422) },
      },
    },
    async (request, reply) =>
      idempotentReply(request, reply, deps.money, async (): Promise<TrialStartResponse> => {
        const started = await trials.start(currentUser(request), request.params.id);
        const view = await followers.view(started);
        return {
          subscriptionMember: memberDto(view.member),
          subscription: subscriptionDto(
            view.subscription,
            view.subscriptionSubscribers,
            view.showsLinks ? view.channel : undefined,
            view.personalLink,
          ),
          channel: channelDto(view.channel, view.channelSubscribers),
        };
      }),
  );

  app.get<IdParams>(
    '/subscription/:id/trials',
    {
      schema: {
        tags: ['subscription'],
        summary: "The creator's trial figures for a subscription: on trial now, ended trials and how many converted",
        params: idParam,
        response: { 200: TrialStatsResponseSchema, ...errorResponses(404) },
      },
    },
    async (request): Promise<TrialStatsResponse> => ({
      trials: await trials.stats(currentUser(request), request.params.id),
    }),
  );
};

export default trialRoutes;
