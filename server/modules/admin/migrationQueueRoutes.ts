/**
 * Migration requests: GET /admin/api/migrations?status=, POST /admin/api/migrations/{id}/import {export} (the older
 * product's export, migrationImport.ts; up to 8 MB).
 */
import type { FastifyPluginAsync } from 'fastify';
import type { AdminMigrationItem, AdminPage } from '../../../src/contract/admin';
import type { RouteOptions } from '../../context';
import { idParam } from '../../platform/http/schemas';
import { type PageParams, currentOperator, listQuery, pageQuery, personName, seconds } from './http';
import { DONATE_EXPORT_SCHEMA, type DonateExport } from './migrationImport';

export const migrationQueueRoutes: FastifyPluginAsync<RouteOptions> = async (app, { deps }) => {
  const { admin } = deps;

  app.get<{ Querystring: PageParams & { status?: string } }>(
    '/migrations',
    {
      schema: {
        hide: true,
        querystring: listQuery(['createdAt', 'updatedAt', 'status'], {
          status: { type: 'string', enum: ['queued', 'importing', 'completed', 'failed'] },
        }),
      },
    },
    async (request): Promise<AdminPage<AdminMigrationItem>> => {
      const query = pageQuery(request.query);
      const page = await admin.read.migrationPage(request.query.status ? { status: request.query.status } : {}, query);
      return {
        items: page.items.map((row) => ({
          id: row.request.id,
          status: row.request.status,
          creator: {
            telegramId: row.user.telegramId,
            name: personName(row.user),
            username: row.user.username,
          },
          donateChannels: row.donateChannels,
          progress: row.import === null ? null : { done: row.import.done, total: row.import.total },
          error: row.import?.error ?? null,
          createdAt: seconds(row.request.createdAt),
          updatedAt: seconds(row.request.updatedAt),
        })),
        total: page.total,
        page: query.page,
        pageSize: query.pageSize,
      };
    },
  );

  app.post<{ Params: { id: number }; Body: { export: DonateExport } }>(
    '/migrations/:id/import',
    {
      bodyLimit: 8 * 1024 * 1024,
      schema: {
        hide: true,
        params: idParam,
        body: { type: 'object', required: ['export'], properties: { export: DONATE_EXPORT_SCHEMA } },
      },
    },
    async (request) => {
      await admin.startImport(currentOperator(request), request.params.id, request.body.export);
      return { ok: true };
    },
  );
};
