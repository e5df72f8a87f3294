/**
 * A follower's own membership (spec sections 4 and 7): GET /follower/subscription_member/{id}, /cancel, /renew.
 * Rules in server/modules/payments/FollowerService.ts: cancel keeps access until expiry; renew reactivates a cancelled,
 * unexpired membership for free, and for an expired one answers `renewal: { action: 'pay_invoice' }` (nothing is
 * charged on a GET; paying the invoice again extends this membership). One-time memberships have neither (409
 * conflict); a deleted subscription cannot be renewed (409 subscription_deleted). Someone else's id is 404.
 * The cancel flow's retention offer (../retention/README.md): POST .../retention_offer (what to show before the
 * cancel is confirmed, recorded as shown), .../retention_offer/accept (Idempotency-Key) and .../retention_offer/decline
 * (records the answer, then cancels as /cancel does).
 */
import type { FastifyPluginAsync } from 'fastify';
import type { FollowerMemberResponse, RetentionQuoteResponse, RetentionTermsDto } from '../../../src/contract/api';
import { toMajor } from '../../../src/domain/money';
import type { RouteOptions } from '../../context';
import type { MemberWithSubscription, RenewOutcome } from '../payments/FollowerService';
import { channelDto, memberDto, subscriptionDto } from '../../platform/dto';
import { currentUser } from '../users/auth';
import { errorResponses, idParam } from '../../platform/http/schemas';
import {
  FollowerMemberResponseSchema,
  RetentionQuoteResponseSchema,
  RetentionTermsSchema,
} from '../../../src/contract/schemas';
import { idempotencyHeader, idempotentReply } from '../payments/http';

const tags = ['follower'];

const memberAnswer = FollowerMemberResponseSchema;

export const followerRoutes: FastifyPluginAsync<RouteOptions> = async (app, { deps }) => {
  const { followers } = deps.money;
  const { retention } = deps.services;

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
  app.post<{ Params: { id: number } }>(
    '/follower/subscription_member/:id/retention_offer',
    {
      schema: {
        tags,
        summary: 'The retention offer to show before a cancel is confirmed (null: none, cancel directly)',
        description:
          'Recorded as shown the first time; shown again only until answered. Not offered on Telegram Stars, to a ' +
          'member a promo code still discounts, nor after an answer.',
        params: idParam,
        response: { 200: RetentionQuoteResponseSchema, ...errorResponses(404) },
      },
    },
    async (request): Promise<RetentionQuoteResponse> => {
      const quote = await retention.show(currentUser(request).id, request.params.id);
      if (quote === null) return { offer: null };
      const currency = quote.price.currency;
      return {
        offer: {
          percent: quote.percent,
          renewals: quote.renewals,
          currency,
          price: toMajor(quote.price.minor, currency),
          charged: toMajor(quote.charged.minor, currency),
          discount: toMajor(quote.discount.minor, currency),
          capped: quote.capped,
        },
      };
    },
  );

  app.post<{ Params: { id: number }; Body: RetentionTermsDto }>(
    '/follower/subscription_member/:id/retention_offer/accept',
    {
      schema: {
        tags,
        summary: 'Accept the retention offer shown (its terms in the body): the next renewals charge its price',
        description:
          'Needs an Idempotency-Key (one per tap): the same key replays the first answer. 409 ' +
          'retention_offer_unavailable with a reason (no_offer, changed, answered, ...) when it cannot be accepted: ' +
          'the app then confirms a plain cancel.',
        headers: idempotencyHeader,
        params: idParam,
        body: RetentionTermsSchema,
        response: { 200: memberAnswer, ...errorResponses(404, 409, 422) },
      },
    },
    (request, reply) =>
      idempotentReply(request, reply, deps.money, async () => {
        const userId = currentUser(request).id;
        await retention.accept(userId, request.params.id, request.body);
        return answer(await followers.member(userId, request.params.id));
      }),
  );

  app.post<{ Params: { id: number } }>(
    '/follower/subscription_member/:id/retention_offer/decline',
    { schema: schema('Decline the retention offer and cancel renewal, as /cancel does') },
    async (request) => {
      const userId = currentUser(request).id;
      const cancelled = await followers.cancel(userId, request.params.id);
      await retention.decline(userId, request.params.id);
      return answer(cancelled);
    },
  );
};

export default followerRoutes;
