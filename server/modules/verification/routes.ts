/** GET /verification/status, GET /verification/start (spec section 7). */
import type { FastifyPluginAsync } from 'fastify';
import type { RouteOptions } from '../../context';
import { currentUser } from '../users/auth';
import { errorResponses, s } from '../../platform/http/schemas';
import { VerificationStartResponseSchema, VerificationStatusResponseSchema } from '../../../src/contract/schemas';

const statusAnswer = VerificationStatusResponseSchema;

export const verificationRoutes: FastifyPluginAsync<RouteOptions> = async (app, { deps }) => {
  const { verification } = deps.services;

  app.get<{ Querystring: { first_call?: boolean } }>('/verification/status', {
    schema: {
      tags: ['verification'],
      summary: 'Verification status; token (and widget URL) while the identity check runs',
      querystring: s.object({ first_call: { type: 'boolean', description: 'The screen opened: refresh an expired identity-check token' } }, []),
      response: { 200: statusAnswer, ...errorResponses() },
    },
  }, (request) => verification.status(currentUser(request), request.query.first_call === true));

  app.get('/verification/start', {
    schema: {
      tags: ['verification'],
      summary: 'Start (or restart with a fresh token) the identity check; status becomes in_kyc',
      response: { 200: VerificationStartResponseSchema, ...errorResponses(409) },
    },
  }, (request) => verification.start(currentUser(request)));
};

export default verificationRoutes;
