/**
 * Gift subscriptions (src/domain/gift.ts, README.md): the giver's POST /invoice/subscription/{id}/gift (a card
 * payment under an Idempotency-Key) and GET /gift/sent/{paymentId}; the recipient's GET /gift/{code} and POST
 * /gift/{code}/accept; the creator's GET /subscription/{id}/gifts.
 */
import type { FastifyPluginAsync } from 'fastify';
import type {
  GiftAcceptResponse,
  GiftDto,
  GiftPurchaseRequest,
  GiftResponse,
  GiftSentResponse,
  GiftStatsResponse,
} from '../../../src/contract/api';
import { type Currency, toMajor } from '../../../src/domain/money';
import type { RouteOptions } from '../../context';
import { currentUser } from '../users/auth';
import { errorResponses, idParam } from '../../platform/http/schemas';
import {
  GiftAcceptResponseSchema,
  GiftPurchaseRequestSchema,
  GiftResponseSchema,
  GiftSentResponseSchema,
  GiftStatsResponseSchema,
} from '../../../src/contract/schemas';
import { createResponse, idempotencyHeader, invoicePaymentHandler, originOf, paymentAnswer } from '../payments/http';
import type { GiftView } from './service';

const tags = ['gift'];
const seconds = (at: Date): number => Math.floor(at.getTime() / 1000);

const codeParam = {
  type: 'object',
  properties: { code: { type: 'string', minLength: 1, maxLength: 64 } },
  required: ['code'],
};
const paymentIdParam = {
  type: 'object',
  properties: { paymentId: { type: 'string', minLength: 1, maxLength: 64 } },
  required: ['paymentId'],
};
const REFUSALS =
  '4xx gift_invalid with reason: unknown (404), redeemed (409), expired (409: expired or refunded), own (403: the giver), banned (403: removed from the channel), unavailable (409: the subscription or its channel is gone), stars_renewing (409: the recipient pays it in Telegram Stars, which renews by itself).';

export const giftRoutes: FastifyPluginAsync<RouteOptions> = async (app, { deps }) => {
  const { gifts } = deps;
  const engine = deps.money;
  const dto = (view: GiftView): GiftDto => {
    const { gift } = view;
    const currency = gift.currency as Currency;
    return {
      code: gift.code,
      state: view.state,
      subscriptionId: gift.subscriptionId,
      subscriptionName: view.subscriptionName,
      channelId: gift.channelId,
      channelName: view.channel.title,
      ...(view.channel.photoUrl ? { channelPhotoUrl: view.channel.photoUrl } : {}),
      giverName: view.giverName,
      period: gift.period as GiftDto['period'],
      amount: toMajor(Number(gift.amount), currency),
      currency,
      expiresAt: seconds(gift.expiresAt),
      ...(view.refusal !== null ? { refusal: view.refusal } : {}),
      mine: view.mine,
      redeemedByMe: view.redeemedByMe,
      ...(view.mine ? { link: gifts.link(gift.code) } : {}),
    };
  };

  app.post<{ Params: { id: number }; Body: GiftPurchaseRequest }>(
    '/invoice/subscription/:id/gift',
    {
      schema: {
        tags,
        summary: 'Buy one period of a recurring subscription as a gift (card, no promo code, no renewal)',
        description:
          'Like /invoice/subscription/{id}/create, without the already-subscribed check. Once paid, GET /gift/sent/{paymentId} answers the gift link. 422 gift_invalid reason not_giftable for a one-time subscription.',
        headers: idempotencyHeader,
        params: idParam,
        body: GiftPurchaseRequestSchema,
        response: { 200: paymentAnswer, ...errorResponses(403, 404, 409, 422, 429) },
      },
      preHandler: app.rateLimits.payments,
    },
    invoicePaymentHandler(engine, 'subscription', true),
  );

  app.get<{ Params: { paymentId: string } }>(
    '/gift/sent/:paymentId',
    {
      schema: {
        tags,
        summary: "The giver's gift payment (checked at the provider while open) and, once paid, the gift and its link",
        params: paymentIdParam,
        response: { 200: GiftSentResponseSchema, ...errorResponses(404) },
      },
    },
    async (request): Promise<GiftSentResponse> => {
      const { payment, gift } = await gifts.sent(currentUser(request).id, request.params.paymentId);
      return { payment: createResponse(payment, originOf(request)), gift: gift === null ? null : dto(gift) };
    },
  );

  app.get<{ Params: { code: string } }>(
    '/gift/:code',
    {
      schema: {
        tags,
        summary: 'A gift as its viewer sees it: who gave what, its state and why the viewer cannot accept it',
        description: '404 gift_invalid reason unknown for a code that names no gift.',
        params: codeParam,
        response: { 200: GiftResponseSchema, ...errorResponses(404) },
      },
    },
    async (request): Promise<GiftResponse> => ({
      gift: dto(await gifts.show(currentUser(request).id, request.params.code)),
    }),
  );

  app.post<{ Params: { code: string } }>(
    '/gift/:code/accept',
    {
      schema: {
        tags,
        summary: 'Accept a gift: one period of its subscription, added after a membership that still runs',
        description: `Once per gift; the recipient's repeated accept answers the same. ${REFUSALS}`,
        params: codeParam,
        response: { 200: GiftAcceptResponseSchema, ...errorResponses(403, 404, 409) },
      },
      preHandler: app.rateLimits.payments,
    },
    async (request): Promise<GiftAcceptResponse> => {
      const { view, inviteLink, expiresAt } = await gifts.accept(currentUser(request).id, request.params.code);
      return {
        gift: dto(view),
        subscriptionMemberId: view.gift.memberId!,
        expiresAt: seconds(expiresAt),
        ...(inviteLink !== null ? { inviteLink } : {}),
      };
    },
  );

  app.get<{ Params: { id: number } }>(
    '/subscription/:id/gifts',
    {
      schema: {
        tags,
        summary: "The creator's gift counts for a subscription: sold, redeemed, open, refunded",
        params: idParam,
        response: { 200: GiftStatsResponseSchema, ...errorResponses(404) },
      },
    },
    async (request): Promise<GiftStatsResponse> => gifts.stats(currentUser(request), request.params.id),
  );
};

export default giftRoutes;
