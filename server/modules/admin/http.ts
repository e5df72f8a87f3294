/**
 * HTTP plumbing of the operator console: the session cookie, the sign-in limiter, the page query
 * schema every queue shares, and the operator of a request.
 */
import type { FastifyReply, FastifyRequest } from 'fastify';
import { formatAmount } from '../../../src/domain/format-light';
import { type Currency, money } from '../../../src/domain/money';
import type { OperatorRole } from '../../../src/contract/admin';
import type { Operator } from './service';
import type { PageQuery } from './repository';

export const SESSION_COOKIE = 'backers_admin';
const SESSION_MAX_AGE_SECONDS = 12 * 60 * 60;

declare module 'fastify' {
  interface FastifyRequest {
    /** Set by the /admin/api hook for a live operator session. */
    operator?: Operator;
  }
  interface FastifyContextConfig {
    /** The least operator role a console route needs (routes.ts): reads default to viewer, changes to admin. */
    role?: OperatorRole;
  }
}

export function currentOperator(request: FastifyRequest): Operator {
  if (request.operator === undefined) throw new Error('an /admin/api route ran without the session hook');
  return request.operator;
}

export function sessionToken(request: FastifyRequest): string | null {
  for (const part of (request.headers.cookie ?? '').split(';')) {
    const [name, ...value] = part.trim().split('=');
    if (name === SESSION_COOKIE) return decodeURIComponent(value.join('='));
  }
  return null;
}

/** HttpOnly, SameSite=Strict, only under /admin, Secure when the public origin is HTTPS; the browser keeps it 12 h at most. */
export function setSessionCookie(reply: FastifyReply, token: string, secure: boolean): void {
  reply.header(
    'set-cookie',
    `${SESSION_COOKIE}=${token}; Path=/admin; HttpOnly; SameSite=Strict; Max-Age=${SESSION_MAX_AGE_SECONDS}${secure ? '; Secure' : ''}`,
  );
}

export function clearSessionCookie(reply: FastifyReply, secure: boolean): void {
  reply.header(
    'set-cookie',
    `${SESSION_COOKIE}=; Path=/admin; HttpOnly; SameSite=Strict; Max-Age=0${secure ? '; Secure' : ''}`,
  );
}

/** A fixed window per key (an address, an address and operator): at most `limit` attempts per `windowMs` (in memory, per process). */
export class AttemptLimiter {
  private readonly windows = new Map<string, { start: number; count: number }>();

  constructor(
    private readonly limit: number,
    private readonly windowMs: number,
    private readonly now: () => number,
  ) {}

  /** Counts an attempt; answers false when the key is over its limit. */
  attempt(address: string): boolean {
    const now = this.now();
    if (this.windows.size > 10_000)
      for (const [key, window] of this.windows) if (now - window.start >= this.windowMs) this.windows.delete(key);
    const window = this.windows.get(address);
    if (window === undefined || now - window.start >= this.windowMs) {
      this.windows.set(address, { start: now, count: 1 });
      return true;
    }
    window.count += 1;
    return window.count <= this.limit;
  }
}

export interface PageParams {
  page?: number;
  pageSize?: number;
  sort?: string;
  order?: 'asc' | 'desc';
}

/** The query schema of a list: paging, a sort column from `sorts`, the order, and the queue's own filters. */
export function listQuery(sorts: readonly string[], filters: Record<string, unknown> = {}) {
  return {
    type: 'object',
    properties: {
      page: { type: 'integer', minimum: 1, maximum: 100_000, default: 1 },
      pageSize: { type: 'integer', minimum: 1, maximum: 100, default: 20 },
      sort: { type: 'string', enum: [...sorts], default: sorts[0] },
      order: { type: 'string', enum: ['asc', 'desc'], default: 'desc' },
      ...filters,
    },
  };
}

export function pageQuery(params: PageParams): PageQuery {
  return {
    page: params.page ?? 1,
    pageSize: params.pageSize ?? 20,
    sort: params.sort ?? '',
    order: params.order ?? 'desc',
  };
}

export const seconds = (at: Date): number => Math.floor(at.getTime() / 1000);

/** An amount as the console shows it, by the app's one rule (formatAmount): "10", "10.50", "1,500". */
export const majorText = (minor: number, currency: string): string => formatAmount(money(minor, currency as Currency));

export const personName = (person: { firstName: string; lastName: string | null }): string =>
  [person.firstName, person.lastName].filter(Boolean).join(' ');

/** A person in a console path: their Telegram id (the one id the console knows people by). */
export const telegramIdParam = {
  type: 'object',
  required: ['telegramId'],
  properties: { telegramId: { type: 'integer', minimum: 1, maximum: Number.MAX_SAFE_INTEGER } },
};

/** Reasons given with reject, ban and unban. */
export const reasonBody = {
  type: 'object',
  required: ['reason'],
  properties: { reason: { type: 'string', minLength: 1, maxLength: 500 } },
};
