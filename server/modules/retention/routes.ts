/**
 * Retention offers, the creator's side (rules: src/domain/retention.ts; README.md beside this file):
 * GET /subscription/{id}/retention_offer, POST /subscription/{id}/retention_offer (set or change) and
 * POST /subscription/{id}/retention_offer/delete. The follower's side is in ../follower/routes.ts (the cancel flow).
 */
import type { FastifyPluginAsync } from 'fastify';
import type { RetentionOfferResponse, RetentionTermsDto } from '../../../src/contract/api';
import type { RouteOptions } from '../../context';
import { currentUser } from '../users/auth';
import { errorResponses, idParam } from '../../platform/http/schemas';
import { RetentionOfferResponseSchema, RetentionTermsSchema } from '../../../src/contract/schemas';
import type { CreatorRetentionView } from './service';

type IdParams = { Params: { id: number } };
const tags = ['retention'];

const dto = (view: CreatorRetentionView): RetentionOfferResponse => ({ offer: view.offer, stats: view.stats });

export const retentionRoutes: FastifyPluginAsync<RouteOptions> = async (app, { deps }) => {
  const { retention } = deps.services;

  app.get<IdParams>(
    '/subscription/:id/retention_offer',
    {
      schema: {
        tags,
        summary: "A subscription's retention offer (null: none) and how many followers were shown it, stayed and left",
        params: idParam,
        response: { 200: RetentionOfferResponseSchema, ...errorResponses(404) },
      },
    },
    async (request) => dto(await retention.view(currentUser(request), request.params.id)),
  );

  app.post<IdParams & { Body: RetentionTermsDto }>(
    '/subscription/:id/retention_offer',
    {
      schema: {
        tags,
        summary: 'Set or change the retention offer: whole percents 5–90 off the next 1–12 renewals',
        description:
          'Recurring subscriptions only (409 conflict, reason retention_onetime); a deleted one answers 409 ' +
          'subscription_deleted. Followers who already answered the offer keep what they answered.',
        params: idParam,
        body: RetentionTermsSchema,
        response: { 200: RetentionOfferResponseSchema, ...errorResponses(404, 409) },
      },
    },
    async (request) => dto(await retention.set(currentUser(request), request.params.id, request.body)),
  );

  app.post<IdParams>(
    '/subscription/:id/retention_offer/delete',
    {
      schema: {
        tags,
        summary: 'Remove the retention offer: no follower is shown it any more; the counts stay',
        params: idParam,
        response: { 200: RetentionOfferResponseSchema, ...errorResponses(404) },
      },
    },
    async (request) => dto(await retention.remove(currentUser(request), request.params.id)),
  );
};

export default retentionRoutes;
