/**
 * Console settings: GET /admin/api/settings (each setting, its value and whether it is the console's or the
 * environment's), POST /admin/api/settings/{name} {value} (admins; audited). channel_moderation: `pre` or `off`.
 */
import type { FastifyPluginAsync } from 'fastify';
import type { AdminPage, AdminSettingItem } from '../../../src/contract/admin';
import type { RouteOptions } from '../../context';
import { currentOperator, seconds } from './http';
import { SETTING_NAMES, SETTING_VALUES, type SettingName } from '../../platform/settings';

export const settingRoutes: FastifyPluginAsync<RouteOptions> = async (app, { deps }) => {
  const { admin } = deps;

  app.get('/settings', { schema: { hide: true } }, async (): Promise<AdminPage<AdminSettingItem>> => {
    const items = (await admin.settings()).map((setting) => ({
      id: setting.name,
      value: setting.value,
      options: SETTING_VALUES[setting.name],
      source: setting.source,
      updatedBy: setting.updatedBy,
      updatedAt: setting.updatedAt === null ? null : seconds(setting.updatedAt),
    }));
    return { items, total: items.length, page: 1, pageSize: items.length };
  });

  app.post<{ Params: { name: SettingName }; Body: { value: string } }>(
    '/settings/:name',
    {
      config: { role: 'admin' },
      schema: {
        hide: true,
        params: {
          type: 'object',
          required: ['name'],
          properties: { name: { type: 'string', enum: [...SETTING_NAMES] } },
        },
        body: {
          type: 'object',
          required: ['value'],
          additionalProperties: false,
          properties: { value: { type: 'string', minLength: 1, maxLength: 40 } },
        },
      },
    },
    async (request) => {
      await admin.setSetting(currentOperator(request), request.params.name, request.body.value);
      return { ok: true };
    },
  );
};
