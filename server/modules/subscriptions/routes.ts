/** /subscription/... and /subscription_member/{id} (spec section 7): the creator's side of subscriptions. */
import type { FastifyPluginAsync } from 'fastify';
import type {
  EditSubscriptionRequest, MembersRequest, NewSubscriptionRequest, PublishSubscriptionRequest, SetCommandRequest,
} from '../../../src/contract/api';
import type { RouteOptions } from '../../context';
import { currentUser } from '../users/auth';
import { enums, errorResponses, idParam, s } from '../../platform/http/schemas';
import { ChannelOnlyResponseSchema, MembersPageSchema, MembersRequestSchema, NewSubscriptionResponseSchema, PublishSubscriptionRequestSchema, SetCommandRequestSchema, SubscriptionDetailResponseSchema, SubscriptionMemberResponseSchema, SubscriptionOnlyResponseSchema } from '../../../src/contract/schemas';

type IdParams = { Params: { id: number } };
const tags = ['subscription'];
const subscriptionAnswer = SubscriptionOnlyResponseSchema;
const text = (maxLength: number) => ({ type: 'string', maxLength: maxLength * 4, description: `At most ${maxLength} characters (checked with the shared form rules)` });

export const subscriptionRoutes: FastifyPluginAsync<RouteOptions> = async (app, { deps }) => {
  const { subscriptions } = deps.services;

  app.post<{ Body: NewSubscriptionRequest }>('/subscription/new', {
    schema: {
      tags, summary: 'Create a subscription (validated in the order amount, name, description, button text)',
      body: s.object({
        channelId: { type: 'integer', minimum: 1, maximum: Number.MAX_SAFE_INTEGER }, name: text(32), description: text(300),
        period: s.enumOf(enums.PERIODS), currency: s.currency, amount: s.amountInput, buttonText: text(20),
      }),
      response: { 200: NewSubscriptionResponseSchema, ...errorResponses(404, 409) },
    },
  }, (request) => subscriptions.create(currentUser(request), request.body));

  app.post<IdParams & { Body: EditSubscriptionRequest & { period?: string; currency?: string } }>('/subscription/:id/edit', {
    schema: {
      tags, summary: 'Edit name, description, amount and button text (period and currency cannot change)',
      params: idParam,
      body: s.object({
        name: text(32), description: text(300), amount: s.amountInput, buttonText: text(20),
        period: { ...s.enumOf(enums.PERIODS), description: 'Optional; must equal the current period' },
        currency: { ...s.currency, description: 'Optional; must equal the current currency' },
      }, ['name', 'description', 'amount', 'buttonText']),
      response: { 200: subscriptionAnswer, ...errorResponses(404, 409) },
    },
  }, (request) => subscriptions.edit(currentUser(request), request.params.id, request.body));

  app.post<IdParams & { Body: PublishSubscriptionRequest }>('/subscription/:id/publish', {
    schema: {
      tags, summary: 'Post the subscription into its public channel through the bot, optionally pinned and silent',
      params: idParam, body: PublishSubscriptionRequestSchema,
      response: { 200: ChannelOnlyResponseSchema, ...errorResponses(404, 409, 502) },
    },
  }, (request) => subscriptions.publish(currentUser(request), request.params.id, request.body));

  app.post<IdParams>('/subscription/:id/delete', {
    schema: { tags, summary: 'Remove from sale; members keep access until expiry and cannot renew', params: idParam, response: { 200: subscriptionAnswer, ...errorResponses(404) } },
  }, (request) => subscriptions.delete(currentUser(request), request.params.id));

  app.post<IdParams>('/subscription/:id/restore', {
    schema: {
      tags, summary: 'Put a removed subscription back on sale',
      description: '409 conflict when another live subscription of the channel took its command meanwhile (or the channel is disconnected).',
      params: idParam,
      response: { 200: subscriptionAnswer, ...errorResponses(404, 409) },
    },
  }, (request) => subscriptions.restore(currentUser(request), request.params.id));

  app.post<IdParams & { Body: SetCommandRequest }>('/subscription/:id/command', {
    schema: {
      tags, summary: 'Set ($ followed by a-z) or clear ("") the subscription command',
      description: 'A command names one subscription of its channel: 409 conflict when another one that is not deleted has it.',
      params: idParam, body: SetCommandRequestSchema,
      response: { 200: subscriptionAnswer, ...errorResponses(404, 409) },
    },
  }, (request) => subscriptions.setCommand(currentUser(request), request.params.id, request.body.command));

  app.post<IdParams & { Body: MembersRequest }>('/subscription/:id/members', {
    schema: {
      tags, summary: 'A page of members by filter, optionally of one group (live: active or one-time; inactive: the rest)',
      params: idParam,
      body: MembersRequestSchema,
      response: { 200: MembersPageSchema, ...errorResponses(404) },
    },
  }, (request) => subscriptions.members(currentUser(request), request.params.id, request.body));

  app.get<IdParams>('/subscription/:id', {
    schema: {
      tags, summary: 'Subscription detail with the first page of each member group',
      params: idParam,
      response: {
        200: SubscriptionDetailResponseSchema,
        ...errorResponses(404),
      },
    },
  }, (request) => subscriptions.detail(currentUser(request), request.params.id));

  app.get<IdParams>('/subscription_member/:id', {
    schema: {
      tags, summary: "The creator's view of one subscriber",
      params: idParam,
      response: {
        200: SubscriptionMemberResponseSchema,
        ...errorResponses(404),
      },
    },
  }, (request) => subscriptions.member(currentUser(request), request.params.id));
};

export default subscriptionRoutes;
