/** /subscription/... and /subscription_member/{id} (spec section 7): the creator's side of subscriptions. */
import type { FastifyPluginAsync } from 'fastify';
import type {
  ChannelOnlyResponse,
  EditSubscriptionRequest,
  MembersPage,
  MembersRequest,
  NewSubscriptionRequest,
  NewSubscriptionResponse,
  PublishSubscriptionRequest,
  SetCommandRequest,
  SetStarsPriceRequest,
  StarsPriceResponse,
  StarsRatesResponse,
  SubscriptionDetailResponse,
  SubscriptionMemberResponse,
  SubscriptionOnlyResponse,
} from '../../../src/contract/api';
import { channelViewDto, memberDto, membersUsersDto, subscriptionViewDto, userDto } from '../../platform/dto';
import type { SubscriptionView } from '../../platform/views';
import type { RouteOptions } from '../../context';
import { currentUser } from '../users/auth';
import { errorResponses, idParam } from '../../platform/http/schemas';
import {
  ChannelOnlyResponseSchema,
  EditSubscriptionRequestSchema,
  NewSubscriptionRequestSchema,
  MembersPageSchema,
  MembersRequestSchema,
  NewSubscriptionResponseSchema,
  PublishSubscriptionRequestSchema,
  SetCommandRequestSchema,
  SetStarsPriceRequestSchema,
  StarsPriceResponseSchema,
  StarsRatesResponseSchema,
  SubscriptionDetailResponseSchema,
  SubscriptionMemberResponseSchema,
  SubscriptionOnlyResponseSchema,
} from '../../../src/contract/schemas';

type IdParams = { Params: { id: number } };
const tags = ['subscription'];
const subscriptionAnswer = SubscriptionOnlyResponseSchema;
const subscriptionOnly = (view: SubscriptionView): SubscriptionOnlyResponse => ({
  subscription: subscriptionViewDto(view),
});

export const subscriptionRoutes: FastifyPluginAsync<RouteOptions> = async (app, { deps }) => {
  const { subscriptions } = deps.services;

  app.post<{ Body: NewSubscriptionRequest }>(
    '/subscription/new',
    {
      schema: {
        tags,
        summary: 'Create a subscription (validated in the order amount, name, description, button text)',
        body: NewSubscriptionRequestSchema,
        response: { 200: NewSubscriptionResponseSchema, ...errorResponses(404, 409) },
      },
    },
    async (request): Promise<NewSubscriptionResponse> => {
      const created = await subscriptions.create(currentUser(request), request.body);
      return { channel: channelViewDto(created.channel), subscription: subscriptionViewDto(created.subscription) };
    },
  );

  app.post<IdParams & { Body: EditSubscriptionRequest }>(
    '/subscription/:id/edit',
    {
      schema: {
        tags,
        summary: 'Edit name, description, amount and button text (period and currency cannot change)',
        params: idParam,
        body: EditSubscriptionRequestSchema,
        response: { 200: subscriptionAnswer, ...errorResponses(404, 409) },
      },
    },
    async (request) =>
      subscriptionOnly(await subscriptions.edit(currentUser(request), request.params.id, request.body)),
  );

  app.post<IdParams & { Body: PublishSubscriptionRequest }>(
    '/subscription/:id/publish',
    {
      schema: {
        tags,
        summary: 'Post the subscription into its public channel through the bot, optionally pinned and silent',
        params: idParam,
        body: PublishSubscriptionRequestSchema,
        response: { 200: ChannelOnlyResponseSchema, ...errorResponses(404, 409, 502) },
      },
    },
    async (request): Promise<ChannelOnlyResponse> => ({
      channel: channelViewDto(await subscriptions.publish(currentUser(request), request.params.id, request.body)),
    }),
  );

  app.post<IdParams>(
    '/subscription/:id/delete',
    {
      schema: {
        tags,
        summary: 'Remove from sale; members keep access until expiry and cannot renew',
        params: idParam,
        response: { 200: subscriptionAnswer, ...errorResponses(404) },
      },
    },
    async (request) => subscriptionOnly(await subscriptions.delete(currentUser(request), request.params.id)),
  );

  app.post<IdParams>(
    '/subscription/:id/restore',
    {
      schema: {
        tags,
        summary: 'Put a removed subscription back on sale',
        description:
          '409 conflict when another live subscription of the channel took its command meanwhile (or the channel is disconnected).',
        params: idParam,
        response: { 200: subscriptionAnswer, ...errorResponses(404, 409) },
      },
    },
    async (request) => subscriptionOnly(await subscriptions.restore(currentUser(request), request.params.id)),
  );

  app.post<IdParams & { Body: SetCommandRequest }>(
    '/subscription/:id/command',
    {
      schema: {
        tags,
        summary: 'Set ($ followed by a-z) or clear ("") the subscription command',
        description:
          'A command names one subscription of its channel: 409 conflict when another one that is not deleted has it.',
        params: idParam,
        body: SetCommandRequestSchema,
        response: { 200: subscriptionAnswer, ...errorResponses(404, 409) },
      },
    },
    async (request) =>
      subscriptionOnly(await subscriptions.setCommand(currentUser(request), request.params.id, request.body.command)),
  );

  app.get(
    '/stars/rates',
    {
      schema: {
        tags,
        summary: 'What one Telegram Star earns a creator in each currency that has a rate (STARS_RATE_*)',
        description: "A Stars price is suggested from a card price at its currency's rate, rounded up to whole Stars.",
        response: { 200: StarsRatesResponseSchema, ...errorResponses() },
      },
    },
    async (request): Promise<StarsRatesResponse> => {
      currentUser(request);
      return { rates: subscriptions.starsRates() };
    },
  );

  app.get<IdParams>(
    '/subscription/:id/stars',
    {
      schema: {
        tags,
        summary: 'Its price in Telegram Stars, how Stars sell it, and a price suggested from the card price',
        params: idParam,
        response: { 200: StarsPriceResponseSchema, ...errorResponses(404) },
      },
    },
    async (request): Promise<StarsPriceResponse> => subscriptions.starsPrice(currentUser(request), request.params.id),
  );

  app.post<IdParams & { Body: SetStarsPriceRequest }>(
    '/subscription/:id/stars',
    {
      schema: {
        tags,
        summary: 'Set its price in Telegram Stars (whole Stars, 1-10000), or null to stop selling it in Stars',
        params: idParam,
        body: SetStarsPriceRequestSchema,
        response: { 200: StarsPriceResponseSchema, ...errorResponses(404, 409) },
      },
    },
    async (request): Promise<StarsPriceResponse> =>
      subscriptions.setStarsPrice(currentUser(request), request.params.id, request.body.stars),
  );

  app.post<IdParams & { Body: MembersRequest }>(
    '/subscription/:id/members',
    {
      schema: {
        tags,
        summary: 'A page of members by filter, optionally of one group (live: active or one-time; inactive: the rest)',
        params: idParam,
        body: MembersRequestSchema,
        response: { 200: MembersPageSchema, ...errorResponses(404) },
      },
    },
    async (request): Promise<MembersPage> => {
      const page = await subscriptions.members(currentUser(request), request.params.id, request.body);
      return {
        members: page.items.map(({ member }) => memberDto(member)),
        nextFrom: page.nextFrom,
        users: membersUsersDto(page.items),
      };
    },
  );

  app.get<IdParams>(
    '/subscription/:id',
    {
      schema: {
        tags,
        summary: 'Subscription detail with the first page of each member group',
        params: idParam,
        response: {
          200: SubscriptionDetailResponseSchema,
          ...errorResponses(404),
        },
      },
    },
    async (request): Promise<SubscriptionDetailResponse> => {
      const { subscription, channel, live, inactive } = await subscriptions.detail(
        currentUser(request),
        request.params.id,
      );
      return {
        subscription: subscriptionViewDto(subscription),
        channel: channelViewDto(channel),
        users: membersUsersDto([...live.items, ...inactive.items]),
        membersGrouped: {
          live: live.items.map(({ member }) => memberDto(member)),
          inactive: inactive.items.map(({ member }) => memberDto(member)),
        },
        membersGroupedNextFrom: { live: live.nextFrom, inactive: inactive.nextFrom },
      };
    },
  );

  app.get<IdParams>(
    '/subscription_member/:id',
    {
      schema: {
        tags,
        summary: "The creator's view of one subscriber",
        params: idParam,
        response: {
          200: SubscriptionMemberResponseSchema,
          ...errorResponses(404),
        },
      },
    },
    async (request): Promise<SubscriptionMemberResponse> => {
      const found = await subscriptions.member(currentUser(request), request.params.id);
      return {
        subscription: subscriptionViewDto(found.subscription),
        channel: channelViewDto(found.channel),
        subscriptionMember: memberDto(found.member),
        user: userDto(found.user),
      };
    },
  );
};

export default subscriptionRoutes;
