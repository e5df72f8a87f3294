/** GET /revenue (earnings series), GET /revenue/insights (MRR, members per month, promo codes), POST /revenue/export (a signed CSV link), GET /revenue/export/{token} (the CSV). */
import { Readable } from 'node:stream';
import type { FastifyPluginAsync, FastifyRequest } from 'fastify';
import Type from 'typebox';
import {
  type RevenueExportRequest,
  RevenueExportRequestSchema,
  RevenueExportResponseSchema,
  type RevenueInsightsQuery,
  RevenueInsightsQuerySchema,
  RevenueInsightsResponseSchema,
  type RevenueQuery,
  RevenueQuerySchema,
  RevenueResponseSchema,
} from '../../../src/contract/revenue';
import type { RouteOptions } from '../../context';
import { currentUser } from '../users/auth';
import { errorResponses } from '../../platform/http/schemas';

/** The app's Timezone header: the browser's offset in minutes east of UTC (spec section 7); absent or bad: UTC. */
function offsetOf(request: FastifyRequest): number {
  const raw = request.headers.timezone;
  const value = Number(Array.isArray(raw) ? raw[0] : raw);
  return Number.isInteger(value) ? value : 0;
}

export const revenueRoutes: FastifyPluginAsync<RouteOptions> = async (app, { deps }) => {
  const { revenue } = deps.services;

  app.get<{ Querystring: RevenueQuery }>(
    '/revenue',
    {
      schema: {
        tags: ['revenue'],
        summary:
          "The creator's earnings per day (30), week (13) or month (12) in their time zone, by subscriptions and donations, with members gained and lost",
        description:
          'Amounts are integer minor units of `currency`; refunds count against the period of their sale. Without channelId: all channels.',
        querystring: RevenueQuerySchema,
        response: { 200: RevenueResponseSchema, ...errorResponses(404) },
      },
    },
    (request) => revenue.series(currentUser(request), request.query, offsetOf(request)),
  );

  app.get<{ Querystring: RevenueInsightsQuery }>(
    '/revenue/insights',
    {
      schema: {
        tags: ['revenue'],
        summary:
          "The creator's monthly recurring revenue per currency (Stars apart), members gained and lost in each of the last 12 months (UTC), and revenue per promo code",
        description:
          'MRR: renewing recurring memberships, each renewal price normalised to a month, summed per currency and rounded once half up (src/domain/insights.ts). Without channelId: all channels.',
        querystring: RevenueInsightsQuerySchema,
        response: { 200: RevenueInsightsResponseSchema, ...errorResponses(404) },
      },
    },
    (request) => revenue.insights(currentUser(request), request.query),
  );

  app.post<{ Body: RevenueExportRequest }>(
    '/revenue/export',
    {
      schema: {
        tags: ['revenue'],
        summary: 'A link (valid 5 minutes, no Authorization needed) to a CSV of the earnings lines of [from, to)',
        body: RevenueExportRequestSchema,
        response: { 200: RevenueExportResponseSchema, ...errorResponses(404) },
      },
    },
    (request) =>
      revenue.exportLink(currentUser(request), request.body, offsetOf(request), `${deps.config.publicUrl}/api/v2`),
  );

  app.get<{ Params: { token: string } }>(
    '/revenue/export/:token',
    {
      config: { public: true },
      schema: {
        tags: ['revenue'],
        summary:
          'The CSV a signed export link names (RFC 4180, header row, amounts in major units with a currency column)',
        params: Type.Object({ token: Type.String({ maxLength: 2048 }) }),
        response: {
          200: {
            description: 'The CSV file (Content-Disposition: attachment)',
            content: { 'text/csv': { schema: Type.String() } },
          },
          ...errorResponses(404),
        },
      },
    },
    async (request, reply) => {
      // A failure on the first page is an error answer: it is read before any header of the file is set.
      const file = await revenue.csv(request.params.token);
      // Streamed as its pages are read (chunked, compressed on the way when asked for): a big creator's year of lines
      // is never held whole. A later page that fails cuts the connection rather than ending the transfer: the client
      // must not take a shorter file for whole, and an error answer under this file's headers (its Content-Encoding,
      // while a compressor still holds the first bytes) would be unreadable.
      async function* lines(): AsyncGenerator<string> {
        try {
          yield* file.lines;
        } catch (error) {
          request.log.error({ err: error }, 'the revenue export failed after its first page');
          reply.raw.destroy();
        }
      }
      return reply
        .type('text/csv; charset=utf-8; header=present')
        .header('content-disposition', `attachment; filename="${file.fileName}"`)
        .header('cache-control', 'private, no-store')
        .send(Readable.from(lines()));
    },
  );
};

export default revenueRoutes;
