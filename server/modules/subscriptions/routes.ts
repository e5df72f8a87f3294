/** /subscription/... and /subscription_member/{id} (spec section 7): the creator's side of subscriptions. */
import type { FastifyPluginAsync } from 'fastify';
import type {
  EditSubscriptionRequest, MembersRequest, NewSubscriptionRequest, PublishSubscriptionRequest, SetCommandRequest,
} from '../../../src/contract/api';
import type { RouteOptions } from '../../context';
import { currentUser } from '../users/auth';
import { errorResponses, idParam } from '../../platform/http/schemas';
import { ChannelOnlyResponseSchema, EditSubscriptionRequestSchema, NewSubscriptionRequestSchema, MembersPageSchema, MembersRequestSchema, NewSubscriptionResponseSchema, PublishSubscriptionRequestSchema, SetCommandRequestSchema, SubscriptionDetailResponseSchema, SubscriptionMemberResponseSchema, SubscriptionOnlyResponseSchema } from '../../../src/contract/schemas';

type IdParams = { Params: { id: number } };
const tags = ['subscription'];
const subscriptionAnswer = SubscriptionOnlyResponseSchema;

export const subscriptionRoutes: FastifyPluginAsync<RouteOptions> = async (app, { deps }) => {
  const { subscriptions } = deps.services;

  app.post<{ Body: NewSubscriptionRequest }>('/subscription/new', {
    schema: {
      tags, summary: 'Create a subscription (validated in the order amount, name, description, button text)',
      body: NewSubscriptionRequestSchema,
      response: { 200: NewSubscriptionResponseSchema, ...errorResponses(404, 409) },
    },
  }, (request) => subscriptions.create(currentUser(request), request.body));

  app.post<IdParams & { Body: EditSubscriptionRequest }>('/subscription/:id/edit', {
    schema: {
      tags, summary: 'Edit name, description, amount and button text (period and currency cannot change)',
      params: idParam,
      body: EditSubscriptionRequestSchema,
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
