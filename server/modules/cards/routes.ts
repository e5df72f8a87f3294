/**
 * A follower's saved cards (spec sections 4 and 7): GET /follower/cards, /follower/cards/{id}, /primary, /delete.
 * A saved card is brand, last 4 digits, active and primary; the number never reaches this server. Setting primary
 * clears it on every other card in the same transaction; removing the primary card promotes the oldest remaining
 * active card so renewals keep a card to charge. Someone else's card answers 404.
 */
import type { FastifyPluginAsync } from 'fastify';
import type { RouteOptions } from '../../context';
import { cardDto } from '../../platform/dto';
import { currentUser } from '../users/auth';
import { errorResponses, idParam } from '../../platform/http/schemas';
import { CardResponseSchema, CardsResponseSchema, PrimaryCardResponseSchema } from '../../../src/contract/schemas';

const tags = ['cards'];

export const cardsRoutes: FastifyPluginAsync<RouteOptions> = async (app, { deps }) => {
  const { followers } = deps.money;
  const cardsOf = async (userId: number) => (await followers.cards(userId)).map(cardDto);

  app.get(
    '/follower/cards',
    {
      schema: {
        tags,
        summary: "The caller's saved cards, primary first",
        response: { 200: CardsResponseSchema, ...errorResponses() },
      },
    },
    async (request) => ({ cards: await cardsOf(currentUser(request).id) }),
  );

  app.get<{ Params: { id: number } }>(
    '/follower/cards/:id',
    {
      schema: {
        tags,
        summary: 'One saved card',
        params: idParam,
        response: { 200: CardResponseSchema, ...errorResponses(404) },
      },
    },
    async (request) => ({ card: cardDto(await followers.card(currentUser(request).id, request.params.id)) }),
  );

  app.get<{ Params: { id: number } }>(
    '/follower/cards/:id/primary',
    {
      schema: {
        tags,
        summary: 'Make the card primary (charged by renewals); clears primary on the others',
        params: idParam,
        response: { 200: PrimaryCardResponseSchema, ...errorResponses(404) },
      },
    },
    async (request) => {
      const userId = currentUser(request).id;
      const card = await followers.setPrimary(userId, request.params.id);
      return { card: cardDto(card), cards: await cardsOf(userId) };
    },
  );

  app.get<{ Params: { id: number } }>(
    '/follower/cards/:id/delete',
    {
      schema: {
        tags,
        summary: 'Remove the saved card',
        params: idParam,
        response: { 200: CardsResponseSchema, ...errorResponses(404) },
      },
    },
    async (request) => {
      const userId = currentUser(request).id;
      await followers.remove(userId, request.params.id);
      return { cards: await cardsOf(userId) };
    },
  );
};

export default cardsRoutes;
