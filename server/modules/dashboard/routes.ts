/** GET /dashboard, POST /dashboard/transactions (spec section 7), and the later pages of its other two lists. */
import type { FastifyPluginAsync, FastifyReply } from 'fastify';
import type { DashboardResponse, DashboardTransactionsRequest, PageRequest } from '../../../src/contract/api';
import type { Role } from '../../../src/domain/entities';
import type { RouteOptions } from '../../context';
import { currentUser } from '../users/auth';
import { errorResponses } from '../../platform/http/schemas';
import { sendCompressible } from '../../platform/http/compression';
import {
  DashboardQuerySchema,
  DashboardResponseSchema,
  DashboardChannelsPageSchema,
  DashboardSubscriptionsPageSchema,
  DashboardTransactionsRequestSchema,
  PageRequestSchema,
  TransactionsPageSchema,
} from '../../../src/contract/schemas';

/** The 200 answer's serializer of the route (fast-json-stringify from the schema below). */
const encodeWith =
  (reply: FastifyReply) =>
  (answer: DashboardResponse): string =>
    reply.serializeInput(answer as unknown as Record<string, unknown>, '200') as string;

export const dashboardRoutes: FastifyPluginAsync<RouteOptions> = async (app, { deps }) => {
  const { dashboard } = deps.services;

  app.get<{ Querystring: { mode?: Role } }>(
    '/dashboard',
    {
      schema: {
        tags: ['dashboard'],
        summary: 'Dashboard of the creator or follower mode',
        description:
          'Creator mode answers 403 migration_required (migration due, not started) or verification_required (not approved). ' +
          'Without mode: creator for users with channels or an approved verification, else follower. ' +
          'Creator mode fills balances, channels, withdrawalAccount; follower mode fills subscriptionMembers, subscriptions, channelsOfSubscriptions, cards. ' +
          'Channels, subscriptionMembers and transactions are first pages: channelsNextFrom, subscriptionMembersNextFrom and transactionsNextFrom ' +
          'are the startFrom of POST /dashboard/channels, /dashboard/subscriptions and /dashboard/transactions (null: no more).',
        querystring: DashboardQuerySchema,
        response: {
          200: DashboardResponseSchema,
          ...errorResponses(),
        },
      },
    },
    async (request, reply) => {
      // Encoded by this route's response serializer; the dashboard service may answer the same bytes again, and the same
      // compressed bytes (compressed once per answer, not per request).
      const body = await dashboard.loadEncoded(
        currentUser(request),
        request.query.mode,
        request.dashboardVersion,
        encodeWith(reply),
      );
      return sendCompressible(request, reply.type('application/json; charset=utf-8'), body);
    },
  );

  app.post<{ Body: DashboardTransactionsRequest }>(
    '/dashboard/transactions',
    {
      schema: {
        tags: ['dashboard'],
        summary: "A page of the mode's transactions ('all') or of the payouts ('withdrawals')",
        body: DashboardTransactionsRequestSchema,
        response: { 200: TransactionsPageSchema, ...errorResponses() },
      },
    },
    (request) => dashboard.transactions(currentUser(request), request.body),
  );

  app.post<{ Body: PageRequest | undefined }>(
    '/dashboard/channels',
    {
      schema: {
        tags: ['dashboard'],
        summary: "A page of the creator's channels, oldest first (startFrom: the previous page's nextFrom)",
        description: 'Answers 403 verification_required until verification is approved.',
        body: PageRequestSchema,
        response: { 200: DashboardChannelsPageSchema, ...errorResponses() },
      },
    },
    (request) => dashboard.channels(currentUser(request), request.body ?? {}),
  );

  app.post<{ Body: PageRequest | undefined }>(
    '/dashboard/subscriptions',
    {
      schema: {
        tags: ['dashboard'],
        summary:
          "A page of the follower's memberships, newest first, with their subscriptions and channels (startFrom: the previous page's nextFrom)",
        body: PageRequestSchema,
        response: { 200: DashboardSubscriptionsPageSchema, ...errorResponses() },
      },
    },
    (request) => dashboard.subscriptions(currentUser(request), request.body ?? {}),
  );
};

export default dashboardRoutes;
