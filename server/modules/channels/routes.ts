/** /channel/... (spec section 7): page, languages, language, onboarding skip, delete, paged subscriptions and transactions. */
import type { FastifyPluginAsync } from 'fastify';
import type {
  ChannelOnlyResponse,
  ChannelResponse,
  PageRequest,
  SetChannelLanguageRequest,
  SubscriptionsPage,
  TransactionsPage,
} from '../../../src/contract/api';
import { channelViewDto, subscriptionViewDto, transactionDto } from '../../platform/dto';
import { CHANNEL_LANGUAGES } from '../../platform/languages';
import type { ChannelView, Page, SubscriptionView } from '../../platform/views';
import type { TransactionView } from '../transactions/repository';
import type { ChannelPage } from './service';
import type { RouteOptions } from '../../context';
import { currentUser } from '../users/auth';
import { errorResponses, idParam } from '../../platform/http/schemas';
import {
  ChannelOnlyResponseSchema,
  ChannelResponseSchema,
  LanguagesResponseSchema,
  PageRequestSchema,
  SetChannelLanguageRequestSchema,
  SubscriptionsPageSchema,
  TransactionsPageSchema,
} from '../../../src/contract/schemas';

type IdParams = { Params: { id: number } };
const channelAnswer = ChannelOnlyResponseSchema;
const pageBody = PageRequestSchema;
const tags = ['channel'];

const channelOnly = (view: ChannelView): ChannelOnlyResponse => ({ channel: channelViewDto(view) });
const subscriptionsPage = (page: Page<SubscriptionView>): SubscriptionsPage => ({
  subscriptions: page.items.map(subscriptionViewDto),
  nextFrom: page.nextFrom,
});
const transactionsPage = (page: Page<TransactionView>): TransactionsPage => ({
  transactions: page.items.map(transactionDto),
  nextFrom: page.nextFrom,
});

function channelPage(page: ChannelPage): ChannelResponse {
  const channel = channelViewDto(page.channel);
  const subscriptions = subscriptionsPage(page.subscriptions);
  const transactions = transactionsPage(page.transactions);
  return {
    channel,
    languages: [...CHANNEL_LANGUAGES],
    subscriptions: subscriptions.subscriptions,
    subscriptionsNextFrom: subscriptions.nextFrom,
    transactions: transactions.transactions,
    transactionsNextFrom: transactions.nextFrom,
    isOnboarding: channel.isOnboarding,
  };
}

export const channelRoutes: FastifyPluginAsync<RouteOptions> = async (app, { deps }) => {
  const { channels } = deps.services;

  app.get(
    '/channel/languages',
    {
      schema: {
        tags,
        summary: 'Channel languages (ru, en, id)',
        response: { 200: LanguagesResponseSchema, ...errorResponses() },
      },
    },
    () => ({ languages: [...CHANNEL_LANGUAGES] }),
  );

  app.get<IdParams>(
    '/channel/:id',
    {
      schema: {
        tags,
        summary: "The owner's channel page",
        description:
          "403 moderation_in_progress / moderation_rejected while moderation blocks the channel; someone else's channel is 404.",
        params: idParam,
        response: {
          200: ChannelResponseSchema,
          ...errorResponses(404),
        },
      },
    },
    async (request) => channelPage(await channels.get(currentUser(request), request.params.id)),
  );

  app.post<IdParams & { Body: SetChannelLanguageRequest }>(
    '/channel/:id/language',
    {
      schema: {
        tags,
        summary: "Set the channel's language (completes the select-language onboarding step)",
        params: idParam,
        body: SetChannelLanguageRequestSchema,
        response: { 200: channelAnswer, ...errorResponses(404) },
      },
    },
    async (request) =>
      channelOnly(await channels.setLanguage(currentUser(request), request.params.id, request.body.language)),
  );

  app.post<IdParams>(
    '/channel/:id/onboarding/skip_step',
    {
      schema: {
        tags,
        summary: 'Skip the current onboarding step',
        params: idParam,
        response: { 200: channelAnswer, ...errorResponses(404, 409) },
      },
    },
    async (request) => channelOnly(await channels.skipStep(currentUser(request), request.params.id)),
  );

  app.post<IdParams>(
    '/channel/:id/delete',
    {
      schema: {
        tags,
        summary: 'Delete a channel without subscriptions (409 channel_has_subscriptions otherwise)',
        params: idParam,
        response: { 200: channelAnswer, ...errorResponses(404, 409) },
      },
    },
    async (request) => channelOnly(await channels.delete(currentUser(request), request.params.id)),
  );

  app.post<IdParams & { Body: PageRequest | undefined }>(
    '/channel/:id/subscriptions',
    {
      schema: {
        tags,
        summary: "A page of the channel's subscriptions, newest first",
        params: idParam,
        body: pageBody,
        response: { 200: SubscriptionsPageSchema, ...errorResponses(404) },
      },
    },
    async (request) =>
      subscriptionsPage(await channels.subscriptions(currentUser(request), request.params.id, request.body?.startFrom)),
  );

  app.post<IdParams & { Body: PageRequest | undefined }>(
    '/channel/:id/transactions',
    {
      schema: {
        tags,
        summary: 'A page of what the channel earned, newest first',
        params: idParam,
        body: pageBody,
        response: { 200: TransactionsPageSchema, ...errorResponses(404) },
      },
    },
    async (request) =>
      transactionsPage(await channels.transactions(currentUser(request), request.params.id, request.body?.startFrom)),
  );
};

export default channelRoutes;
