/** GET /transaction/{id} (spec section 7): one of the caller's own ledger lines. */
import { transactionDto } from '../../platform/dto';
import type { FastifyPluginAsync } from 'fastify';
import type { RouteOptions } from '../../context';
import { currentUser } from '../users/auth';
import { errorResponses, idParam } from '../../platform/http/schemas';
import { TransactionResponseSchema } from '../../../src/contract/schemas';

export const transactionRoutes: FastifyPluginAsync<RouteOptions> = async (app, { deps }) => {
  app.get<{ Params: { id: number } }>(
    '/transaction/:id',
    {
      schema: {
        tags: ['transaction'],
        summary: "One of the caller's transactions (someone else's is 404)",
        params: idParam,
        response: { 200: TransactionResponseSchema, ...errorResponses(404) },
      },
    },
    async (request) => ({
      transaction: transactionDto(await deps.services.transactions.get(currentUser(request), request.params.id)),
    }),
  );
};

export default transactionRoutes;
