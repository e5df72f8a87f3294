/**
 * A follower's own membership (spec sections 4 and 7): GET /follower/subscription_member/{id}, /cancel, /renew.
 * Rules in server/modules/payments/FollowerService.ts: cancel keeps access until expiry; renew reactivates a cancelled,
 * unexpired membership for free, and for an expired one answers `renewal: { action: 'pay_invoice' }` (nothing is
 * charged on a GET; paying the invoice again extends this membership). One-time memberships have neither (409
 * conflict); a deleted subscription cannot be renewed (409 subscription_deleted). Someone else's id is 404.
 */
import type { FastifyPluginAsync } from 'fastify';
import type { FollowerMemberResponse } from '../../../src/contract/api';
import type { RouteOptions } from '../../context';
import type { MemberWithSubscription, RenewOutcome } from '../payments/FollowerService';
import { channelDto, memberDto, subscriptionDto } from '../../platform/dto';
import { currentUser } from '../users/auth';
import { errorResponses, idParam } from '../../platform/http/schemas';
import { FollowerMemberResponseSchema } from '../../../src/contract/schemas';

const tags = ['follower'];

const memberAnswer = FollowerMemberResponseSchema;

export const followerRoutes: FastifyPluginAsync<RouteOptions> = async (app, { deps }) => {
  const { followers } = deps.money;

  async function answer(
    found: MemberWithSubscription,
    renewal: RenewOutcome['renewal'] = null,
  ): Promise<FollowerMemberResponse> {
    const view = await followers.view(found);
    return {
      subscriptionMember: memberDto(view.member),
      subscription: subscriptionDto(
        view.subscription,
        view.subscriptionSubscribers,
        view.showsLinks ? view.channel : undefined,
        view.personalLink,
      ),
      channel: channelDto(view.channel, view.channelSubscribers),
      ...(renewal !== null ? { renewal } : {}),
    };
  }

  const schema = (summary: string) => ({
    tags,
    summary,
    params: idParam,
    response: { 200: memberAnswer, ...errorResponses(404, 409) },
  });

  app.get<{ Params: { id: number } }>(
    '/follower/subscription_member/:id',
    { schema: schema("One of the caller's memberships") },
    async (request) => answer(await followers.member(currentUser(request).id, request.params.id)),
  );

  app.get<{ Params: { id: number } }>(
    '/follower/subscription_member/:id/cancel',
    { schema: schema('Cancel renewal; access stays until expiry') },
    async (request) => answer(await followers.cancel(currentUser(request).id, request.params.id)),
  );

  app.get<{ Params: { id: number } }>(
    '/follower/subscription_member/:id/renew',
    { schema: schema('Reactivate a cancelled membership, or learn that an expired one needs a new payment') },
    async (request) => {
      const outcome = await followers.renew(currentUser(request).id, request.params.id);
      return answer(outcome, outcome.renewal);
    },
  );
};

export default followerRoutes;
