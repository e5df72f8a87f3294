/**
 * One queue's page: filters, sort, paging (all on the server), and the confirm-then-act flow of its row actions.
 * Exposes i18n keys and states, never translated text.
 */
import { makeAutoObservable, runInAction } from 'mobx';
import type { AdminPort } from '../api/AdminApi';
import { AdminApiError } from '../api/AdminApi';
import type { Action, QueueDefinition } from '../queues/definitions';
import { type OperatorRole, roleAllows } from '../../contract/admin';

export type LoadState =
  { kind: 'loading' } | { kind: 'ready' } | { kind: 'error'; code: string } | { kind: 'signedOut' };

/** The server's refusal codes the console words itself, in the operator's language (texts admin.errors.<code>). */
const WORDED_REFUSALS: readonly string[] = [
  'conflict',
  'not_found',
  'forbidden',
  'validation_error',
  'too_many_requests',
];

export interface PendingAction {
  readonly action: Action<{ id: string | number }>;
  readonly item: { id: string | number };
  reason: string;
  /** The value of the action's choice (its first option until changed). */
  choice: string;
  fileText: string | null;
  fileName: string | null;
  /** i18n key of why the action failed. */
  error: string | null;
  /** The server's own words on a refusal (English, for the operator who needs the particulars, e.g. of an export). */
  errorDetail: string | null;
  busy: boolean;
  /** A toolbar action: on the whole queue, no row. */
  whole: boolean;
  /**
   * The Idempotency-Key of this action as the dialog stands: a second Confirm (a double click, a retry after a lost
   * answer) sends the same one and the server does it once; changing the reason, choice or file makes it another.
   */
  idempotencyKey: string;
}

/** A fresh Idempotency-Key: 128 random bits (getRandomValues works on plain-http LAN origins too, randomUUID does not). */
export function newIdempotencyKey(): string {
  const bytes = crypto.getRandomValues(new Uint8Array(16));
  return Array.from(bytes, (byte) => byte.toString(16).padStart(2, '0')).join('');
}

/** Where a download is started (the browser follows the URL; the cookie authorises it). */
export interface Downloader {
  download(url: string): void;
}

export class QueueViewModel {
  items: { id: string | number }[] = [];
  total = 0;
  page = 1;
  readonly pageSize = 20;
  sort: string;
  order: 'asc' | 'desc' = 'desc';
  filters: Record<string, string> = {};
  state: LoadState = { kind: 'loading' };
  pending: PendingAction | null = null;
  /** i18n key of the last action's outcome (announced in a live region). */
  notice: string | null = null;
  private generation = 0;

  constructor(
    private readonly api: AdminPort,
    private readonly downloader: Downloader,
    readonly definition: QueueDefinition,
    initialFilters: Record<string, string> = {},
    private readonly openQueue: (queue: string, filters: Record<string, string>) => void = () => undefined,
    /** The signed-in operator's role (from the shell): a row shows only the actions it allows; the server enforces it. */
    private readonly role: () => OperatorRole = () => 'admin',
  ) {
    this.sort = definition.columns.find((column) => column.sort)?.sort ?? '';
    for (const filter of definition.filters)
      if (filter.initial !== undefined) this.filters[filter.name] = filter.initial;
    Object.assign(this.filters, initialFilters);
    makeAutoObservable<QueueViewModel, 'api' | 'downloader' | 'openQueue' | 'role' | 'generation'>(this, {
      api: false,
      downloader: false,
      definition: false,
      openQueue: false,
      role: false,
      generation: false,
    });
  }

  get pages(): number {
    return Math.max(1, Math.ceil(this.total / this.pageSize));
  }

  async load(): Promise<void> {
    const generation = ++this.generation;
    this.state = { kind: 'loading' };
    try {
      const page = await this.api.list<{ id: string | number }>(this.definition.path, {
        ...this.filters,
        page: this.page,
        pageSize: this.pageSize,
        sort: this.sort || undefined,
        order: this.order,
      });
      if (generation !== this.generation) return;
      runInAction(() => {
        this.items = [...page.items];
        this.total = page.total;
        this.state = { kind: 'ready' };
      });
    } catch (error) {
      if (generation !== this.generation) return;
      runInAction(() => {
        this.state =
          error instanceof AdminApiError && error.status === 401
            ? { kind: 'signedOut' }
            : { kind: 'error', code: error instanceof AdminApiError ? error.code : 'error_unknown' };
      });
    }
  }

  setFilter(name: string, value: string): void {
    this.filters = { ...this.filters, [name]: value };
  }

  /** Applies the filters from the first page. */
  search(): void {
    this.page = 1;
    void this.load();
  }

  sortBy(column: string): void {
    if (this.sort === column) this.order = this.order === 'asc' ? 'desc' : 'asc';
    else {
      this.sort = column;
      this.order = 'desc';
    }
    this.page = 1;
    void this.load();
  }

  goTo(page: number): void {
    this.page = Math.min(Math.max(1, page), this.pages);
    void this.load();
  }

  actionsFor(item: { id: string | number }): Action<{ id: string | number }>[] {
    const role = this.role();
    return this.definition.actions.filter(
      (action) => roleAllows(role, action.role) && action.visible(item as never),
    ) as Action<{
      id: string | number;
    }>[];
  }

  /** The queue's toolbar actions the operator's role allows. */
  get toolbarActions(): Action<{ id: string | number }>[] {
    const role = this.role();
    return (this.definition.toolbar ?? []).filter((action) => roleAllows(role, action.role)) as Action<{
      id: string | number;
    }>[];
  }

  startWhole(action: Action<{ id: string | number }>): void {
    this.start(action, { id: '' });
    if (this.pending) this.pending.whole = true;
  }

  start(action: Action<{ id: string | number }>, item: { id: string | number }): void {
    this.notice = null;
    if (action.open) {
      this.openQueue(action.open.queue, action.open.filters(item as never));
      return;
    }
    this.pending = {
      action,
      item,
      reason: '',
      choice: action.choice?.options[0]?.[0] ?? '',
      fileText: null,
      fileName: null,
      error: null,
      errorDetail: null,
      busy: false,
      whole: false,
      idempotencyKey: newIdempotencyKey(),
    };
  }

  setChoice(value: string): void {
    if (this.pending && this.pending.choice !== value) {
      this.pending.choice = value;
      this.pending.idempotencyKey = newIdempotencyKey();
    }
  }

  setReason(reason: string): void {
    if (this.pending && this.pending.reason !== reason) {
      this.pending.reason = reason;
      this.pending.idempotencyKey = newIdempotencyKey();
    }
  }

  setFile(name: string, text: string): void {
    if (this.pending) {
      this.pending.fileName = name;
      this.pending.fileText = text;
      this.pending.idempotencyKey = newIdempotencyKey();
    }
  }

  cancel(): void {
    this.pending = null;
  }

  get canConfirm(): boolean {
    const pending = this.pending;
    if (pending === null || pending.busy) return false;
    if (pending.action.reason && pending.reason.trim() === '') return false;
    if (pending.action.upload && pending.fileText === null) return false;
    return true;
  }

  async confirm(): Promise<void> {
    const pending = this.pending;
    if (pending === null || !this.canConfirm) return;
    const path = pending.action.path(pending.item as never);
    if (pending.action.download) {
      this.downloader.download(this.api.url(path));
      this.pending = null;
      this.notice = 'admin.notice.downloaded';
      return;
    }
    let body: unknown = {
      ...pending.action.body?.(pending.item as never),
      ...(pending.action.choice ? { [pending.action.choice.name]: pending.choice } : {}),
    };
    if (pending.action.reason) body = { reason: pending.reason.trim() };
    if (pending.action.upload) {
      try {
        body = { export: JSON.parse(pending.fileText!) as unknown };
      } catch {
        pending.error = 'admin.errors.notJson';
        return;
      }
    }
    pending.busy = true;
    pending.error = null;
    pending.errorDetail = null;
    try {
      await this.api.act(path, body, pending.idempotencyKey);
      runInAction(() => {
        this.pending = null;
        this.notice = 'admin.notice.done';
      });
      await this.load();
    } catch (error) {
      runInAction(() => {
        pending.busy = false;
        if (error instanceof AdminApiError && error.status === 401) this.state = { kind: 'signedOut' };
        const code = error instanceof AdminApiError ? error.code : '';
        pending.error = WORDED_REFUSALS.includes(code) ? `admin.errors.${code}` : 'admin.errors.unknown';
        pending.errorDetail = error instanceof AdminApiError && error.message ? error.message : null;
      });
    }
  }
}
