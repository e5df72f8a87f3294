/**
 * Doubles of the console's ports (src/admin): an in-memory AdminPort that pages, filters and sorts its queues the way
 * the server's listQuery does and records every call, and a Browser that keeps its URL and storage in memory.
 */
import type { AdminMe, AdminPage, OperatorRole } from '../../../../src/contract/admin';
import { AdminApiError, type AdminPort, type Query } from '../../../../src/admin/api/AdminApi';
import type { Browser } from '../../../../src/admin/viewModels/ShellViewModel';

type Row = { id: string | number } & Record<string, unknown>;

/** A call the double answers with a failure instead, once. */
export interface Failure {
  readonly status: number;
  readonly code: string;
  readonly message: string;
}

export class FakeAdminApi implements AdminPort {
  /** The signed-in operator; null answers 401 as a missing or expired session does. */
  operator: number | null = 7001;
  /** The signed-in operator's role. */
  role: OperatorRole = 'admin';
  readonly queues = new Map<string, Row[]>();
  readonly lists: { path: string; query: Query }[] = [];
  readonly acts: { path: string; body: unknown; idempotencyKey: string }[] = [];
  signOuts = 0;
  private readonly failures: { kind: 'list' | 'act' | 'signOut'; failure: Failure | Error }[] = [];
  /** Lists held back until released (to answer them out of order). */
  private held: (() => void)[] | null = null;
  /** What an action does to the queue's rows (an approved channel leaves the queue…). */
  onAct: (path: string, body: unknown) => void = () => undefined;

  failNext(kind: 'list' | 'act' | 'signOut', failure: Failure | Error): void {
    this.failures.push({ kind, failure });
  }

  private fail(kind: 'list' | 'act' | 'signOut'): void {
    const index = this.failures.findIndex((entry) => entry.kind === kind);
    if (index < 0) return;
    const { failure } = this.failures.splice(index, 1)[0]!;
    throw failure instanceof Error ? failure : new AdminApiError(failure.status, failure.code, failure.message);
  }

  private session(): void {
    if (this.operator === null) throw new AdminApiError(401, 'unauthorized', 'Sign in through the bot');
  }

  /** Holds every list answer from now on until `release()` answers them in the given order. */
  hold(): void {
    this.held = [];
  }

  release(order: 'fifo' | 'lifo' = 'fifo'): void {
    const held = this.held ?? [];
    this.held = null;
    for (const answer of order === 'fifo' ? held : [...held].reverse()) answer();
  }

  async me(): Promise<AdminMe> {
    this.session();
    return { operator: { telegramId: this.operator!, role: this.role } };
  }

  async signOut(): Promise<unknown> {
    this.signOuts += 1;
    this.fail('signOut');
    this.operator = null;
    return { ok: true };
  }

  async list<T>(path: string, query: Query): Promise<AdminPage<T>> {
    this.lists.push({ path, query });
    if (this.held !== null) await new Promise<void>((resolve) => this.held!.push(resolve));
    this.session();
    this.fail('list');
    const { page = 1, pageSize = 20, sort, order = 'desc', ...filters } = query;
    const rows = (this.queues.get(path) ?? [])
      .filter((row) =>
        Object.entries(filters).every(
          ([name, value]) => value === undefined || value === '' || String(row[name]) === String(value),
        ),
      )
      .sort((a, b) => {
        if (sort === undefined) return 0;
        const [x, y] = [a[sort], b[sort]] as [string | number, string | number];
        return (x < y ? -1 : x > y ? 1 : 0) * (order === 'asc' ? 1 : -1);
      });
    const from = (Number(page) - 1) * Number(pageSize);
    return {
      items: rows.slice(from, from + Number(pageSize)) as T[],
      total: rows.length,
      page: Number(page),
      pageSize: Number(pageSize),
    };
  }

  async act(path: string, body: unknown, idempotencyKey: string): Promise<unknown> {
    this.acts.push({ path, body, idempotencyKey });
    this.session();
    this.fail('act');
    this.onAct(path, body);
    return { ok: true };
  }

  url(path: string): string {
    return `/admin/api${path}`;
  }
}

export class FakeBrowser implements Browser {
  readonly storage = new Map<string, string>();
  readonly downloads: string[] = [];
  readonly history: string[] = [];
  dark = false;
  /** navigator.languages */
  preferred: string[] = ['en-US', 'en'];

  constructor(private location = '/admin/') {}

  path(): string {
    return this.location.split('?')[0]!;
  }
  search(): string {
    const query = this.location.split('?')[1];
    return query === undefined ? '' : `?${query}`;
  }
  push(path: string): void {
    this.history.push(path);
    this.location = path;
  }
  /** The user pressed back or forward: the URL changes without push. */
  go(path: string): void {
    this.location = path;
  }
  stored(key: string): string | null {
    return this.storage.get(key) ?? null;
  }
  store(key: string, value: string): void {
    this.storage.set(key, value);
  }
  languages(): readonly string[] {
    return this.preferred;
  }
  prefersDark(): boolean {
    return this.dark;
  }
  download(url: string): void {
    this.downloads.push(url);
  }
}

/** Rows shaped as the server's queue items, with only the fields a definition reads. */
export function channelRow(id: number, title: string, moderation = 'in_progress', createdAt = 1_700_000_000 + id): Row {
  return {
    id,
    title,
    username: null,
    language: 'en',
    moderation,
    createdAt,
    owner: { id, telegramId: 500 + id, name: `Owner ${id}`, username: null },
  };
}

export function userRow(id: number, banned = false): Row {
  return {
    id,
    telegramId: 900 + id,
    name: `User ${id}`,
    username: null,
    verificationStatus: 'none',
    banned,
    createdAt: 1_700_000_000 + id,
  };
}
