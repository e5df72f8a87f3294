/**
 * Idempotency-Key for payment-creating calls, stored in PostgreSQL so it holds across processes and restarts.
 *
 * - A key is scoped to the user: (user_id, key) is the primary key, so another user's identical key is a different
 *   record and never sees this user's answer.
 * - The first request inserts the row (state running) and runs; the unique insert is the lock. Its answer, success or
 *   a 4xx, is stored and replayed to every later request with the same key and the same request.
 * - A request arriving while the first still runs waits for it (in-process: on its promise; across processes: by
 *   polling the row) and replays its answer; after `waitMs` it answers 409 conflict.
 * - The same key with another method, route or body answers 422 idempotency_key_reused.
 * - An unexpected failure (a bug, a lost database) releases the key, so the client's retry runs again; the payment
 *   code is itself idempotent on the key (payments has a unique (user_id, idempotency_key)), so a retry continues the
 *   same payment instead of charging again.
 * - A running row whose process died (no heartbeat for `staleMs`, database clock) is taken over by the next request;
 *   on the embedded database (one process) server/main.ts releases them all at start-up (`releaseOrphans`).
 */
import { createHash } from 'node:crypto';
import { and, eq, lt, sql } from 'drizzle-orm';
import type { MoneyDb } from '../db/moneyDb';
import { idempotencyKeys } from '../db/schema-money';

export const IDEMPOTENCY_HEADER = 'idempotency-key';
export const REPLAYED_HEADER = 'idempotent-replayed';

export interface StoredAnswer {
  readonly status: number;
  readonly body: unknown;
}

export interface IdempotentResult extends StoredAnswer {
  /** True when this answer is a replay of an earlier request's. */
  readonly replayed: boolean;
}

export interface IdempotencyScope {
  readonly userId: number;
  readonly key: string;
  readonly method: string;
  /** The route with its parameters filled in (no query string). */
  readonly path: string;
  readonly body: unknown;
}

export interface IdempotencyOptions {
  readonly waitMs?: number;
  readonly pollMs?: number;
  readonly staleMs?: number;
}

/** A key is 1–255 visible ASCII characters (UUIDs and the like). */
export function isValidIdempotencyKey(value: unknown): value is string {
  return typeof value === 'string' && /^[\x21-\x7e]{1,255}$/.test(value);
}

function canonical(value: unknown): unknown {
  if (Array.isArray(value)) return value.map(canonical);
  if (value !== null && typeof value === 'object') {
    return Object.fromEntries(
      Object.keys(value as Record<string, unknown>)
        .sort()
        .map((key) => [key, canonical((value as Record<string, unknown>)[key])]),
    );
  }
  return value;
}

export function requestHash(scope: Pick<IdempotencyScope, 'method' | 'path' | 'body'>): string {
  return createHash('sha256')
    .update(JSON.stringify([scope.method.toUpperCase(), scope.path, canonical(scope.body ?? null)]))
    .digest('hex');
}

/** Resolves after `ms`, or earlier when `until` settles; never keeps the process alive. */
function pause(ms: number, until?: Promise<void>): Promise<void> {
  return new Promise<void>((resolve) => {
    const timer = setTimeout(resolve, ms);
    timer.unref();
    void until?.finally(() => {
      clearTimeout(timer);
      resolve();
    });
  });
}

export const KEY_REUSED: StoredAnswer = {
  status: 422,
  body: { code: 'idempotency_key_reused', message: 'This Idempotency-Key was already used for a different request' },
};
export const STILL_RUNNING: StoredAnswer = {
  status: 409,
  body: { code: 'conflict', message: 'A request with this Idempotency-Key is still being processed; retry shortly' },
};

export class IdempotencyService {
  private readonly running = new Map<string, Promise<void>>();
  private readonly waitMs: number;
  private readonly pollMs: number;
  private readonly staleMs: number;
  /** The claim every idempotent request makes and the answer it stores, prepared once (per connection on PostgreSQL). */
  private readonly claim;
  private readonly storeAnswer;

  constructor(
    private readonly db: MoneyDb,
    options: IdempotencyOptions = {},
  ) {
    this.claim = db
      .insert(idempotencyKeys)
      .values({
        userId: sql.placeholder('userId'),
        key: sql.placeholder('key'),
        requestHash: sql.placeholder('hash'),
        state: 'running',
      })
      .onConflictDoNothing()
      .returning({ key: idempotencyKeys.key })
      .prepare('idempotency_claim');
    this.storeAnswer = db
      .update(idempotencyKeys)
      .set({
        state: 'done',
        responseStatus: sql`${sql.placeholder('status')}::integer`,
        responseBody: sql`${sql.placeholder('body')}::jsonb`,
        updatedAt: sql`now()`,
      })
      .where(
        and(eq(idempotencyKeys.userId, sql.placeholder('userId')), eq(idempotencyKeys.key, sql.placeholder('key'))),
      )
      .prepare('idempotency_store_answer');
    this.waitMs = options.waitMs ?? 15_000;
    this.pollMs = options.pollMs ?? 50;
    this.staleMs = options.staleMs ?? 30_000;
  }

  /** Runs `handler` once per (user, key) and request; every other call gets the stored answer. */
  async run(scope: IdempotencyScope, handler: () => Promise<StoredAnswer>): Promise<IdempotentResult> {
    const hash = requestHash(scope);
    const where = and(eq(idempotencyKeys.userId, scope.userId), eq(idempotencyKeys.key, scope.key));
    const localKey = `${scope.userId}\u0000${scope.key}`;
    const deadline = Date.now() + this.waitMs;

    for (;;) {
      const inserted = await this.claim.execute({ userId: scope.userId, key: scope.key, hash });
      if (inserted.length > 0) return this.execute(scope, localKey, where, handler);

      const [row] = await this.db.select().from(idempotencyKeys).where(where);
      if (row === undefined) continue; // released by a failed first request: try to take it
      if (row.requestHash !== hash) return { ...KEY_REUSED, replayed: false };
      if (row.state === 'done' && row.responseStatus !== null)
        return { status: row.responseStatus, body: row.responseBody, replayed: true };

      const takenOver = await this.db
        .update(idempotencyKeys)
        .set({ updatedAt: sql`now()` })
        .where(
          and(
            where,
            eq(idempotencyKeys.state, 'running'),
            lt(idempotencyKeys.updatedAt, sql`now() - make_interval(secs => ${this.staleMs / 1000})`),
          ),
        )
        .returning({ key: idempotencyKeys.key });
      if (takenOver.length > 0) return this.execute(scope, localKey, where, handler);

      const left = deadline - Date.now();
      if (left <= 0) return { ...STILL_RUNNING, replayed: false };
      const local = this.running.get(localKey);
      await (local === undefined ? pause(Math.min(this.pollMs, left)) : pause(left, local));
    }
  }

  /**
   * Releases every key still running. Only for a database one process has to itself (the embedded one, under its
   * data dir lock): at start-up a running key belongs to a process that died, and its client's retry should run now
   * rather than wait `staleMs`. Answers how many were released.
   */
  async releaseOrphans(): Promise<number> {
    const released = await this.db
      .delete(idempotencyKeys)
      .where(eq(idempotencyKeys.state, 'running'))
      .returning({ key: idempotencyKeys.key });
    return released.length;
  }

  /** Forgets answers older than `maxAgeSeconds` (database clock). */
  async purge(maxAgeSeconds: number): Promise<number> {
    const removed = await this.db
      .delete(idempotencyKeys)
      .where(
        and(
          eq(idempotencyKeys.state, 'done'),
          lt(idempotencyKeys.createdAt, sql`now() - make_interval(secs => ${maxAgeSeconds})`),
        ),
      )
      .returning({ key: idempotencyKeys.key });
    return removed.length;
  }

  private async execute(
    scope: { readonly userId: number; readonly key: string },
    localKey: string,
    where: ReturnType<typeof and>,
    handler: () => Promise<StoredAnswer>,
  ): Promise<IdempotentResult> {
    let finish: () => void = () => undefined;
    this.running.set(
      localKey,
      new Promise<void>((resolve) => {
        finish = resolve;
      }),
    );
    const heartbeat = setInterval(
      () => {
        this.db
          .update(idempotencyKeys)
          .set({ updatedAt: sql`now()` })
          .where(where)
          .then(
            () => undefined,
            () => undefined,
          );
      },
      Math.max(this.staleMs / 3, 1000),
    );
    heartbeat.unref();
    try {
      const answer = await handler();
      await this.storeAnswer.execute({
        userId: scope.userId,
        key: scope.key,
        status: answer.status,
        body: answer.body === undefined || answer.body === null ? null : JSON.stringify(answer.body),
      });
      return { ...answer, replayed: false };
    } catch (error) {
      await this.db
        .delete(idempotencyKeys)
        .where(where)
        .catch(() => undefined);
      throw error;
    } finally {
      clearInterval(heartbeat);
      this.running.delete(localKey);
      finish();
    }
  }
}
