/** /channel/... (spec section 7): page, languages, language, onboarding skip, delete, paged subscriptions and transactions. */
import type { FastifyPluginAsync } from 'fastify';
import type { PageRequest, SetChannelLanguageRequest } from '../../../src/contract/api';
import type { RouteOptions } from '../../context';
import { currentUser } from '../users/auth';
import { errorResponses, idParam } from '../../platform/http/schemas';
import { ChannelOnlyResponseSchema, ChannelResponseSchema, LanguagesResponseSchema, PageRequestSchema, SetChannelLanguageRequestSchema, SubscriptionsPageSchema, TransactionsPageSchema } from '../../../src/contract/schemas';

type IdParams = { Params: { id: number } };
const channelAnswer = ChannelOnlyResponseSchema;
const pageBody = PageRequestSchema;
const tags = ['channel'];

export const channelRoutes: FastifyPluginAsync<RouteOptions> = async (app, { deps }) => {
  const { channels } = deps.services;

  app.get('/channel/languages', {
    schema: { tags, summary: 'Channel languages (ru, en, id)', response: { 200: LanguagesResponseSchema, ...errorResponses() } },
  }, () => channels.languages());

  app.get<IdParams>('/channel/:id', {
    schema: {
      tags,
      summary: "The owner's channel page",
      description: '403 moderation_in_progress / moderation_rejected while moderation blocks the channel; someone else\'s channel is 404.',
      params: idParam,
      response: {
        200: ChannelResponseSchema,
        ...errorResponses(404),
      },
    },
  }, (request) => channels.get(currentUser(request), request.params.id));

  app.post<IdParams & { Body: SetChannelLanguageRequest }>('/channel/:id/language', {
    schema: {
      tags, summary: "Set the channel's language (completes the select-language onboarding step)",
      params: idParam, body: SetChannelLanguageRequestSchema,
      response: { 200: channelAnswer, ...errorResponses(404) },
    },
  }, (request) => channels.setLanguage(currentUser(request), request.params.id, request.body.language));

  app.post<IdParams>('/channel/:id/onboarding/skip_step', {
    schema: { tags, summary: 'Skip the current onboarding step', params: idParam, response: { 200: channelAnswer, ...errorResponses(404, 409) } },
  }, (request) => channels.skipStep(currentUser(request), request.params.id));

  app.post<IdParams>('/channel/:id/delete', {
    schema: {
      tags, summary: 'Delete a channel without subscriptions (409 channel_has_subscriptions otherwise)',
      params: idParam, response: { 200: channelAnswer, ...errorResponses(404, 409) },
    },
  }, (request) => channels.delete(currentUser(request), request.params.id));

  app.post<IdParams & { Body: PageRequest | undefined }>('/channel/:id/subscriptions', {
    schema: { tags, summary: "A page of the channel's subscriptions, newest first", params: idParam, body: pageBody, response: { 200: SubscriptionsPageSchema, ...errorResponses(404) } },
  }, (request) => channels.subscriptions(currentUser(request), request.params.id, request.body?.startFrom));

  app.post<IdParams & { Body: PageRequest | undefined }>('/channel/:id/transactions', {
    schema: { tags, summary: 'A page of what the channel earned, newest first', params: idParam, body: pageBody, response: { 200: TransactionsPageSchema, ...errorResponses(404) } },
  }, (request) => channels.transactions(currentUser(request), request.params.id, request.body?.startFrom));
};

export default channelRoutes;
