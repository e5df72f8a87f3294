/**
 * The audit log: GET /admin/api/audit?operator=&objectType=&objectId=&from=YYYY-MM-DD&to=YYYY-MM-DD (to inclusive).
 * objectId is the id a queue shows (a person's Telegram id or @username, a payout's `<telegramId>-<currency>-<date>`);
 * each entry names its operator and the person it is about as the bot knows them.
 */
import type { FastifyPluginAsync } from 'fastify';
import { type AdminAuditItem, type AdminPage, type AdminPerson, PAYOUT_OBJECT_ID } from '../../../src/contract/admin';
import type { RouteOptions } from '../../context';
import { type PageParams, listQuery, pageQuery, personName, seconds } from './http';

/** The Telegram id of the person an entry is about: a user or operator, or a payout's creator. */
function subjectOf(objectType: string, objectId: string): number | null {
  if (objectType === 'user' || objectType === 'operator') return /^\d{1,16}$/.test(objectId) ? Number(objectId) : null;
  if (objectType === 'payout') {
    const match = PAYOUT_OBJECT_ID.exec(objectId);
    return match === null ? null : Number(match[1]);
  }
  return null;
}

const day = { type: 'string', pattern: '^\\d{4}-\\d{2}-\\d{2}$' };

export const auditRoutes: FastifyPluginAsync<RouteOptions> = async (app, { deps }) => {
  app.get<{
    Querystring: PageParams & { operator?: number; objectType?: string; objectId?: string; from?: string; to?: string };
  }>(
    '/audit',
    {
      schema: {
        hide: true,
        querystring: listQuery(['createdAt', 'action', 'objectType'], {
          operator: { type: 'integer', minimum: 1, maximum: Number.MAX_SAFE_INTEGER },
          objectType: { type: 'string', minLength: 1, maxLength: 64 },
          objectId: { type: 'string', minLength: 1, maxLength: 128 },
          from: day,
          to: day,
        }),
      },
    },
    async (request): Promise<AdminPage<AdminAuditItem>> => {
      const { operator, objectType, objectId, from, to } = request.query;
      const query = pageQuery(request.query);
      const read = deps.admin.read;
      // A person as the users queue shows them: "@name" finds the entries about their Telegram id.
      const wanted = objectId?.trim().startsWith('@')
        ? String((await read.telegramIdByUsername(objectId.trim().slice(1))) ?? objectId.trim())
        : objectId?.trim();
      const page = await read.auditPage(
        {
          ...(operator !== undefined ? { operatorTelegramId: operator } : {}),
          ...(objectType ? { objectType } : {}),
          ...(wanted ? { objectId: wanted } : {}),
          ...(from ? { from: new Date(`${from}T00:00:00Z`) } : {}),
          ...(to ? { to: new Date(Date.parse(`${to}T00:00:00Z`) + 86_400_000) } : {}),
        },
        query,
      );
      const ids = new Set<number>();
      for (const row of page.items) {
        ids.add(row.operatorTelegramId);
        const subject = subjectOf(row.objectType, row.objectId);
        if (subject !== null) ids.add(subject);
      }
      const people = new Map<number, AdminPerson>(
        (await read.peopleByTelegramId([...ids])).map((person) => [
          person.telegramId,
          { telegramId: person.telegramId, name: personName(person), username: person.username },
        ]),
      );
      const named = (telegramId: number | null) => (telegramId === null ? null : (people.get(telegramId) ?? null));
      return {
        items: page.items.map((row) => ({
          id: row.id,
          operatorTelegramId: row.operatorTelegramId,
          operator: named(row.operatorTelegramId),
          subject: named(subjectOf(row.objectType, row.objectId)),
          action: row.action,
          objectType: row.objectType,
          objectId: row.objectId,
          before: row.before,
          after: row.after,
          createdAt: seconds(row.createdAt),
        })),
        total: page.total,
        page: query.page,
        pageSize: query.pageSize,
      };
    },
  );
};
