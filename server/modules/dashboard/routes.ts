/** GET /dashboard, POST /dashboard/transactions (spec section 7). */
import type { FastifyPluginAsync, FastifyReply } from 'fastify';
import type { DashboardResponse, DashboardTransactionsRequest } from '../../../src/contract/api';
import { PAYOUT_METHOD_TYPES, type Role } from '../../../src/domain/entities';
import type { RouteOptions } from '../../context';
import { currentUser } from '../users/auth';
import { enums, errorResponses, pageOf, s } from '../../platform/http/schemas';

const balances = s.arrayOf(s.ref('Balance'));
const withdrawalAccount = s.object({
  country: s.str, methodType: s.enumOf(PAYOUT_METHOD_TYPES), currency: s.currency, params: { type: 'object', additionalProperties: { type: 'string' } },
});

/** The 200 answer's serializer of the route (fast-json-stringify from the schema below). */
const encodeWith = (reply: FastifyReply) => (answer: DashboardResponse): string =>
  reply.serializeInput(answer as unknown as Record<string, unknown>, '200') as string;

export const dashboardRoutes: FastifyPluginAsync<RouteOptions> = async (app, { deps }) => {
  const { dashboard } = deps.services;

  app.get<{ Querystring: { mode?: Role } }>('/dashboard', {
    schema: {
      tags: ['dashboard'],
      summary: 'Dashboard of the creator or follower mode',
      description: 'Creator mode answers 403 migration_required (migration due, not started) or verification_required (not approved). ' +
        'Without mode: creator for users with channels or an approved verification, else follower. ' +
        'Creator mode fills balances, channels, withdrawalAccount; follower mode fills subscriptionMembers, subscriptions, channelsOfSubscriptions, cards.',
      querystring: s.object({ mode: s.enumOf(enums.ROLES) }, []),
      response: {
        200: s.object({
          mode: s.enumOf(enums.ROLES),
          isCreator: s.bool,
          user: s.ref('User'),
          balances: s.object({ active: balances, payout: balances }),
          channels: s.arrayOf(s.ref('Channel')),
          transactions: s.arrayOf(s.ref('Transaction')),
          transactionsNextFrom: s.cursor,
          // Inline and nullable rather than anyOf: anyOf makes the serializer validate at run time.
          withdrawalAccount: { ...withdrawalAccount, type: ['object', 'null'] },
          migrationAvailable: s.bool,
          subscriptionMembers: s.arrayOf(s.ref('SubscriptionMember')),
          subscriptions: s.arrayOf(s.ref('Subscription')),
          channelsOfSubscriptions: s.arrayOf(s.ref('Channel')),
          cards: s.arrayOf(s.ref('Card')),
        }),
        ...errorResponses(),
      },
    },
  }, async (request, reply) => {
    // Encoded by this route's response serializer; the dashboard service may answer the same bytes again.
    const body = await dashboard.loadEncoded(currentUser(request), request.query.mode, request.dashboardVersion, encodeWith(reply));
    return reply.type('application/json; charset=utf-8').send(body);
  });

  app.post<{ Body: DashboardTransactionsRequest }>('/dashboard/transactions', {
    schema: {
      tags: ['dashboard'],
      summary: "A page of the mode's transactions ('all') or of the payouts ('withdrawals')",
      body: s.object({ list: s.enumOf(['all', 'withdrawals']), mode: s.enumOf(enums.ROLES), startFrom: s.cursor }, ['mode']),
      response: { 200: pageOf('transactions', s.ref('Transaction')), ...errorResponses() },
    },
  }, (request) => dashboard.transactions(currentUser(request), request.body));
};

export default dashboardRoutes;
