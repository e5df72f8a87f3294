/**
 * Payouts: GET /admin/api/payout-days (runs by date), GET /admin/api/payouts?payoutDate=&status= (each creator's
 * payout), POST /admin/api/payouts/{telegramId-currency-date}/retry (a failed one), POST /admin/api/payouts/now
 * {telegramId?} (pay one creator, or everyone due, outside the payout days), GET /admin/api/payout-days/{date}/csv.
 */
import type { FastifyPluginAsync } from 'fastify';
import {
  type AdminPage,
  type AdminPayoutDayItem,
  type AdminPayoutItem,
  PAYOUT_OBJECT_ID,
  payoutObjectId,
} from '../../../src/contract/admin';
import type { RouteOptions } from '../../context';
import { csvField } from '../../../src/domain/csv';
import { type Currency, decimalMajor } from '../../../src/domain/money';
import { type PageParams, currentOperator, listQuery, majorText, pageQuery, personName, seconds } from './http';

const date = { type: 'string', pattern: '^\\d{4}-\\d{2}-\\d{2}$' };

type PayoutRow = Awaited<ReturnType<RouteOptions['deps']['admin']['read']['payoutPage']>>['items'][number];

function payoutItem({ run, user, account }: PayoutRow): AdminPayoutItem {
  return {
    id: payoutObjectId(user.telegramId, run.currency, run.payoutDate),
    payoutDate: run.payoutDate,
    creator: { telegramId: user.telegramId, name: personName(user), username: user.username },
    amount: majorText(Number(run.amount), run.currency),
    currency: run.currency,
    status: run.status,
    attempt: run.attempt,
    error: run.errorDescription ?? run.errorCode,
    method: account?.methodType ?? null,
    createdAt: seconds(run.createdAt),
  };
}

export const payoutQueueRoutes: FastifyPluginAsync<RouteOptions> = async (app, { deps }) => {
  const { admin } = deps;

  app.get<{ Querystring: PageParams }>(
    '/payout-days',
    { schema: { hide: true, querystring: listQuery(['payoutDate']) } },
    async (request): Promise<AdminPage<AdminPayoutDayItem>> => {
      const query = pageQuery(request.query);
      const page = await admin.read.payoutDays(query);
      return {
        items: page.items.map((day) => ({
          id: day.payoutDate,
          payoutDate: day.payoutDate,
          count: day.count,
          arrived: day.arrived,
          underWay: day.underWay,
          failed: day.failed,
          totals: [
            ...(day.eur > 0 ? [`${majorText(day.eur, 'eur')} EUR`] : []),
            ...(day.rub > 0 ? [`${majorText(day.rub, 'rub')} RUB`] : []),
          ],
        })),
        total: page.total,
        page: query.page,
        pageSize: query.pageSize,
      };
    },
  );

  app.get<{ Querystring: PageParams & { payoutDate?: string; status?: string } }>(
    '/payouts',
    {
      schema: {
        hide: true,
        querystring: listQuery(['createdAt', 'amount', 'status'], {
          payoutDate: date,
          status: { type: 'string', enum: ['requested', 'sent', 'arrived', 'failed'] },
        }),
      },
    },
    async (request): Promise<AdminPage<AdminPayoutItem>> => {
      const query = pageQuery(request.query);
      const page = await admin.read.payoutPage(
        {
          ...(request.query.payoutDate ? { payoutDate: request.query.payoutDate } : {}),
          ...(request.query.status ? { status: request.query.status } : {}),
        },
        query,
      );
      return { items: page.items.map(payoutItem), total: page.total, page: query.page, pageSize: query.pageSize };
    },
  );

  app.post<{ Params: { id: string } }>(
    '/payouts/:id/retry',
    {
      schema: {
        hide: true,
        params: {
          type: 'object',
          required: ['id'],
          properties: { id: { type: 'string', pattern: PAYOUT_OBJECT_ID.source } },
        },
      },
    },
    async (request) => {
      const [, telegramId, currency, payoutDate] = PAYOUT_OBJECT_ID.exec(request.params.id)!;
      await admin.retryPayout(currentOperator(request), {
        telegramId: Number(telegramId),
        currency: currency!,
        payoutDate: payoutDate!,
      });
      return { ok: true };
    },
  );

  app.post<{ Body: { telegramId?: number } }>(
    '/payouts/now',
    {
      schema: {
        hide: true,
        body: {
          type: 'object',
          additionalProperties: false,
          properties: { telegramId: { type: 'integer', minimum: 1, maximum: Number.MAX_SAFE_INTEGER } },
        },
      },
    },
    async (request) => {
      const { paid } = await admin.payOutNow(currentOperator(request), request.body?.telegramId ?? null);
      return { ok: true, paid };
    },
  );

  app.get<{ Params: { date: string } }>(
    '/payout-days/:date/csv',
    {
      schema: { hide: true, params: { type: 'object', required: ['date'], properties: { date } } },
    },
    async (request, reply) => {
      const { items } = await admin.read.payoutPage({ payoutDate: request.params.date }, null);
      const header = [
        'payout_id',
        'payout_date',
        'telegram_id',
        'name',
        'username',
        'currency',
        'amount',
        'status',
        'attempt',
        'method',
        'error',
        'created_at',
      ];
      const lines = items.map((row) => {
        const item = payoutItem(row);
        // For spreadsheets: a plain decimal with all the currency's digits, not the screen's grouped text.
        const amount = decimalMajor(Number(row.run.amount), row.run.currency as Currency);
        return [
          item.id,
          item.payoutDate,
          item.creator.telegramId,
          item.creator.name,
          item.creator.username,
          item.currency,
          amount,
          item.status,
          item.attempt,
          item.method,
          item.error,
          new Date(item.createdAt * 1000).toISOString(),
        ]
          .map(csvField)
          .join(',');
      });
      await admin.auditExport(currentOperator(request), request.params.date, items.length);
      return reply
        .type('text/csv; charset=utf-8')
        .header('content-disposition', `attachment; filename="payouts-${request.params.date}.csv"`)
        .send(`${[header.join(','), ...lines].join('\r\n')}\r\n`);
    },
  );
};
