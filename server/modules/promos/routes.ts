/**
 * Promo codes (src/domain/promo.ts): the creator's GET /subscription/{id}/promos, POST /subscription/{id}/promos/new,
 * POST /promo/{id}/pause and POST /promo/{id}/delete. The follower's quote is an invoice route (../invoices).
 */
import type { FastifyPluginAsync } from 'fastify';
import type {
  NewPromoRequest,
  PausePromoRequest,
  PromoCodeDto,
  PromoListResponse,
  PromoResponse,
} from '../../../src/contract/api';
import { type Currency, toMajor } from '../../../src/domain/money';
import { promoStartParam } from '../../../src/domain/promo';
import type { RouteOptions } from '../../context';
import { currentUser } from '../users/auth';
import { errorResponses, idParam } from '../../platform/http/schemas';
import {
  NewPromoRequestSchema,
  PausePromoRequestSchema,
  PromoListResponseSchema,
  PromoResponseSchema,
} from '../../../src/contract/schemas';
import { miniAppLink } from '../bot/BotGateway';
import type { PromoView } from './service';

type IdParams = { Params: { id: number } };
const tags = ['promo'];

export const promoRoutes: FastifyPluginAsync<RouteOptions> = async (app, { deps }) => {
  const { promos } = deps.services;
  const dto = ({ row, stats, shareSubscriptionId }: PromoView): PromoCodeDto => {
    const currency = row.discountCurrency as Currency | null;
    return {
      id: row.id,
      channelId: row.channelId,
      subscriptionId: row.subscriptionId,
      code: row.code,
      discountType: row.discountKind,
      percent: row.discountKind === 'percent' ? Number(row.discountValue) : null,
      amount: currency === null ? null : toMajor(Number(row.discountValue), currency),
      currency,
      duration: row.duration,
      periods: row.periods,
      maxRedemptions: row.maxRedemptions,
      endsAt: row.endsAt === null ? null : Math.floor(row.endsAt.getTime() / 1000),
      newMembersOnly: row.newMembersOnly,
      paused: row.paused,
      redemptions: stats.redemptions,
      pending: stats.pending,
      revenue: stats.revenue.map((sum) => ({ currency: sum.currency, amount: toMajor(sum.minor, sum.currency) })),
      shareLink:
        shareSubscriptionId === null
          ? null
          : miniAppLink(deps.botProfile.username, deps.config.appName, promoStartParam(shareSubscriptionId, row.code)),
    };
  };

  app.get<IdParams>(
    '/subscription/:id/promos',
    {
      schema: {
        tags,
        summary:
          "The promo codes that apply to a subscription (its own and its channel's), with redemptions and revenue",
        params: idParam,
        response: { 200: PromoListResponseSchema, ...errorResponses(404) },
      },
    },
    async (request): Promise<PromoListResponse> => ({
      promos: (await promos.list(currentUser(request), request.params.id)).map(dto),
    }),
  );

  app.post<IdParams & { Body: NewPromoRequest }>(
    '/subscription/:id/promos/new',
    {
      schema: {
        tags,
        summary: 'Create a promo code for this subscription or for every subscription of its channel',
        description:
          '409 conflict with reason promo_code_taken (the channel has the code) or promo_limit (100 codes per channel).',
        params: idParam,
        body: NewPromoRequestSchema,
        response: { 200: PromoResponseSchema, ...errorResponses(404, 409) },
      },
    },
    async (request): Promise<PromoResponse> => ({
      promo: dto(await promos.create(currentUser(request), request.params.id, request.body)),
    }),
  );

  app.post<IdParams & { Body: PausePromoRequest }>(
    '/promo/:id/pause',
    {
      schema: {
        tags,
        summary: 'Pause a promo code (no new redemptions) or resume it',
        params: idParam,
        body: PausePromoRequestSchema,
        response: { 200: PromoResponseSchema, ...errorResponses(404) },
      },
    },
    async (request): Promise<PromoResponse> => ({
      promo: dto(await promos.pause(currentUser(request), request.params.id, request.body.paused)),
    }),
  );

  app.post<IdParams>(
    '/promo/:id/delete',
    {
      schema: {
        tags,
        summary: 'Delete a promo code: no new redemptions; who redeemed it keeps the price they were shown',
        params: idParam,
        response: { 200: PromoResponseSchema, ...errorResponses(404) },
      },
    },
    async (request): Promise<PromoResponse> => ({
      promo: dto(await promos.delete(currentUser(request), request.params.id)),
    }),
  );
};

export default promoRoutes;
