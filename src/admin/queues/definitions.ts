/**
 * The console's queues as data: what each lists (its /admin/api path, columns, filters, sort columns) and which
 * actions a row offers. One generic view model and view render every queue, so adding one (identity reviews,
 * refunds) is one definition here plus its server routes (server/modules/admin/adminQueues.ts).
 */
import type {
  AdminAuditItem,
  AdminChannelItem,
  AdminIdentityItem,
  AdminMigrationItem,
  AdminOperatorItem,
  AdminPaymentItem,
  AdminPayoutDayItem,
  AdminPayoutItem,
  AdminPerson,
  AdminReconciliationItem,
  AdminSettingItem,
  AdminUserItem,
  OperatorRole,
} from '../../contract/admin';
import { formatMoney } from '../../domain/format-light';
import { CURRENCIES, type Currency, money } from '../../domain/money';

export interface Column<T> {
  readonly key: string;
  /** i18n key of the header. */
  readonly label: string;
  /** The cell in the console's language (dates): plain text, or an i18n key when `translate` is set. */
  readonly value: (item: T, language: string) => string;
  readonly translate?: boolean;
  /** The server's sort key when the column sorts. */
  readonly sort?: string;
  readonly code?: boolean;
}

export interface Filter {
  readonly name: string;
  readonly label: string;
  readonly kind: 'text' | 'select' | 'date';
  /** For selects: value → i18n key ('' = any). */
  readonly options?: readonly (readonly [string, string])[];
  readonly initial?: string;
}

export interface Action<T> {
  readonly name: string;
  readonly label: string;
  /** i18n key of the confirmation question ({{name}} is the row's name). */
  readonly confirm: string;
  readonly visible: (item: T) => boolean;
  /** The POST path (under /admin/api), or a download URL path when `download` is set. */
  readonly path: (item: T) => string;
  readonly reason?: boolean;
  /** The action takes a JSON file (the migration export) as `{ export }`. */
  readonly upload?: boolean;
  readonly download?: boolean;
  /** Opens another queue filtered by this row instead of calling the server. */
  readonly open?: { readonly queue: string; readonly filters: (item: T) => Record<string, string> };
  /** The least operator role that may use it (the server enforces the same: server/modules/admin/routes.ts). */
  readonly role: OperatorRole;
  /** What the POST sends besides the dialog's fields. */
  readonly body?: (item: T) => Record<string, unknown>;
  /** A choice the dialog asks for, sent as `{ [name]: value }` (value → i18n key). */
  readonly choice?: {
    readonly name: string;
    readonly label: string;
    readonly options: readonly (readonly [string, string])[];
  };
}

export interface QueueDefinition<T extends { id: string | number } = { id: string | number }> {
  readonly id: string;
  readonly title: string;
  readonly path: string;
  readonly columns: readonly Column<T>[];
  readonly filters: readonly Filter[];
  readonly actions: readonly Action<T>[];
  /** Actions on the whole queue rather than one row (shown above the table; `path` gets no row). */
  readonly toolbar?: readonly Action<T>[];
  readonly name: (item: T) => string;
  /** Not shown in the navigation (reached from another queue's row). */
  readonly hidden?: boolean;
}

const person = (p: AdminPerson) => `${p.name}${p.username ? ` (@${p.username})` : ''} · ${p.telegramId}`;
/**
 * A moment in the console's language, in UTC and saying so: operators in different zones compare times with each
 * other, with the server's logs and with the provider's records.
 */
const dateTime = (seconds: number, language: string) =>
  new Intl.DateTimeFormat(language, {
    year: 'numeric',
    month: 'short',
    day: 'numeric',
    hour: '2-digit',
    minute: '2-digit',
    timeZone: 'UTC',
    timeZoneName: 'short',
  }).format(new Date(seconds * 1000));
/** An amount in minor units by the one rule for amounts (formatMoney); empty when there is none. */
const amount = (minor: number | null, currency: string) =>
  minor === null || !(CURRENCIES as readonly string[]).includes(currency)
    ? ''
    : formatMoney(money(minor, currency as Currency));
const json = (value: unknown) => (value === null || value === undefined ? '' : JSON.stringify(value));

const roleChoice = {
  name: 'role',
  label: 'admin.columns.role',
  options: [
    ['viewer', 'admin.role.viewer'],
    ['support', 'admin.role.support'],
    ['admin', 'admin.role.admin'],
  ],
} as const;

const operators: QueueDefinition<AdminOperatorItem> = {
  id: 'operators',
  title: 'admin.queues.operators',
  path: '/operators',
  name: (o) => o.name ?? String(o.telegramId),
  columns: [
    {
      key: 'operator',
      label: 'admin.columns.operator',
      value: (o) => (o.name === null ? String(o.telegramId) : person({ ...o, name: o.name })),
    },
    { key: 'role', label: 'admin.columns.role', value: (o) => `admin.role.${o.role}`, translate: true },
    {
      key: 'source',
      label: 'admin.columns.source',
      value: (o) => (o.bootstrap ? 'admin.operator.bootstrap' : 'admin.operator.console'),
      translate: true,
    },
  ],
  filters: [],
  actions: [
    {
      name: 'role',
      label: 'admin.actions.operatorRole',
      confirm: 'admin.confirm.operatorRole',
      visible: (o) => !o.bootstrap,
      path: () => '/operators',
      role: 'admin',
      body: (o) => ({ telegramId: o.telegramId }),
      choice: roleChoice,
    },
    {
      name: 'remove',
      label: 'admin.actions.removeOperator',
      confirm: 'admin.confirm.removeOperator',
      visible: (o) => !o.bootstrap,
      path: (o) => `/operators/${o.telegramId}/remove`,
      role: 'admin',
    },
  ],
};

const channels: QueueDefinition<AdminChannelItem> = {
  id: 'channels',
  title: 'admin.queues.channels',
  path: '/channels',
  name: (c) => c.title,
  columns: [
    {
      key: 'title',
      label: 'admin.columns.channel',
      value: (c) => `${c.title}${c.username ? ` (@${c.username})` : ''}`,
      sort: 'title',
    },
    { key: 'owner', label: 'admin.columns.owner', value: (c) => person(c.owner) },
    { key: 'language', label: 'admin.columns.language', value: (c) => c.language },
    {
      key: 'moderation',
      label: 'admin.columns.status',
      value: (c) => `admin.moderation.${c.moderation}`,
      translate: true,
    },
    {
      key: 'createdAt',
      label: 'admin.columns.createdAt',
      value: (c, language) => dateTime(c.createdAt, language),
      sort: 'createdAt',
    },
  ],
  filters: [
    {
      name: 'moderation',
      label: 'admin.columns.status',
      kind: 'select',
      initial: 'in_progress',
      options: [
        ['in_progress', 'admin.moderation.in_progress'],
        ['rejected', 'admin.moderation.rejected'],
        ['approved', 'admin.moderation.approved'],
      ],
    },
    { name: 'q', label: 'admin.filters.search', kind: 'text' },
  ],
  actions: [
    {
      name: 'approve',
      label: 'admin.actions.approve',
      confirm: 'admin.confirm.approve',
      visible: (c) => c.moderation !== 'approved',
      path: (c) => `/channels/${c.id}/approve`,
      role: 'admin',
    },
    {
      name: 'reject',
      label: 'admin.actions.reject',
      confirm: 'admin.confirm.reject',
      reason: true,
      visible: (c) => c.moderation !== 'rejected',
      path: (c) => `/channels/${c.id}/reject`,
      role: 'admin',
    },
  ],
};

const identity: QueueDefinition<AdminIdentityItem> = {
  id: 'identity',
  title: 'admin.queues.identity',
  path: '/identity',
  name: (i) => i.person.name,
  columns: [
    { key: 'person', label: 'admin.columns.creator', value: (i) => person(i.person) },
    { key: 'status', label: 'admin.columns.verification', value: (i) => i.status },
    { key: 'provider', label: 'admin.columns.provider', value: (i) => `admin.identity.${i.provider}`, translate: true },
    {
      key: 'result',
      label: 'admin.columns.result',
      value: (i) => [i.reviewAnswer, ...i.rejectLabels, i.applicantId].filter(Boolean).join(' · '),
      code: true,
    },
    {
      key: 'since',
      label: 'admin.columns.waitingSince',
      value: (i, language) => dateTime(i.since, language),
      sort: 'since',
    },
  ],
  filters: [
    {
      name: 'provider',
      label: 'admin.columns.provider',
      kind: 'select',
      options: [
        ['', 'admin.filters.any'],
        ['sumsub', 'admin.identity.sumsub'],
        ['manual', 'admin.identity.manual'],
      ],
    },
  ],
  actions: [
    {
      name: 'approve',
      label: 'admin.actions.approve',
      confirm: 'admin.confirm.approveIdentity',
      visible: () => true,
      path: (i) => `/identity/${i.id}/approve`,
      role: 'admin',
    },
    {
      name: 'reject',
      label: 'admin.actions.reject',
      confirm: 'admin.confirm.rejectIdentity',
      reason: true,
      visible: () => true,
      path: (i) => `/identity/${i.id}/reject`,
      role: 'admin',
    },
  ],
};

const users: QueueDefinition<AdminUserItem> = {
  id: 'users',
  title: 'admin.queues.users',
  path: '/users',
  name: (u) => u.name,
  columns: [
    { key: 'telegramId', label: 'admin.columns.telegramId', value: (u) => String(u.telegramId), sort: 'telegramId' },
    { key: 'name', label: 'admin.columns.name', value: (u) => u.name },
    {
      key: 'username',
      label: 'admin.columns.username',
      value: (u) => (u.username ? `@${u.username}` : ''),
      sort: 'username',
    },
    { key: 'verification', label: 'admin.columns.verification', value: (u) => u.verificationStatus },
    {
      key: 'banned',
      label: 'admin.columns.status',
      value: (u) => (u.banned ? 'admin.user.banned' : 'admin.user.active'),
      translate: true,
    },
    {
      key: 'createdAt',
      label: 'admin.columns.createdAt',
      value: (u, language) => dateTime(u.createdAt, language),
      sort: 'createdAt',
    },
  ],
  filters: [
    { name: 'q', label: 'admin.filters.user', kind: 'text' },
    {
      name: 'banned',
      label: 'admin.columns.status',
      kind: 'select',
      options: [
        ['', 'admin.filters.any'],
        ['true', 'admin.user.banned'],
        ['false', 'admin.user.active'],
      ],
    },
  ],
  actions: [
    {
      name: 'ban',
      label: 'admin.actions.ban',
      confirm: 'admin.confirm.ban',
      reason: true,
      visible: (u) => !u.banned,
      path: (u) => `/users/${u.id}/ban`,
      role: 'support',
    },
    {
      name: 'unban',
      label: 'admin.actions.unban',
      confirm: 'admin.confirm.unban',
      reason: true,
      visible: (u) => u.banned,
      path: (u) => `/users/${u.id}/unban`,
      role: 'support',
    },
    {
      name: 'payOutNow',
      label: 'admin.actions.payOutNow',
      confirm: 'admin.confirm.payOutNow',
      visible: (u) => u.verificationStatus === 'approved',
      path: () => '/payouts/now',
      role: 'admin',
      body: (u) => ({ telegramId: u.telegramId }),
    },
    {
      name: 'operatorRole',
      label: 'admin.actions.operatorRole',
      confirm: 'admin.confirm.operatorRole',
      visible: () => true,
      path: () => '/operators',
      role: 'admin',
      body: (u) => ({ telegramId: u.telegramId }),
      choice: roleChoice,
    },
  ],
};

const payments: QueueDefinition<AdminPaymentItem> = {
  id: 'payments',
  title: 'admin.queues.payments',
  path: '/payments',
  name: (p) => `${p.amount} ${p.currency.toUpperCase()} · ${p.payer.name}`,
  columns: [
    {
      key: 'createdAt',
      label: 'admin.columns.createdAt',
      value: (p, language) => dateTime(p.createdAt, language),
      sort: 'createdAt',
    },
    { key: 'id', label: 'admin.columns.payment', value: (p) => p.id, code: true },
    { key: 'payer', label: 'admin.columns.payer', value: (p) => person(p.payer) },
    { key: 'channel', label: 'admin.columns.channel', value: (p) => `${p.channel.title} · ${p.channel.id}` },
    {
      key: 'amount',
      label: 'admin.columns.amount',
      value: (p) => `${p.amount} ${p.currency.toUpperCase()}`,
      sort: 'amount',
    },
    {
      key: 'status',
      label: 'admin.columns.status',
      value: (p) => `admin.payment.${p.refundStatus === null ? p.status : `refund_${p.refundStatus}`}`,
      translate: true,
      sort: 'status',
    },
    {
      key: 'provider',
      label: 'admin.columns.provider',
      value: (p) => [p.providerSessionId, p.errorCode].filter(Boolean).join(' · '),
      code: true,
    },
  ],
  filters: [
    { name: 'q', label: 'admin.filters.payment', kind: 'text' },
    { name: 'channel', label: 'admin.filters.channel', kind: 'text' },
    {
      name: 'status',
      label: 'admin.columns.status',
      kind: 'select',
      options: [
        ['', 'admin.filters.any'],
        ['paid', 'admin.payment.paid'],
        ['pending', 'admin.payment.pending'],
        ['action_required', 'admin.payment.action_required'],
        ['error', 'admin.payment.error'],
      ],
    },
  ],
  actions: [
    {
      name: 'check',
      label: 'admin.actions.check',
      confirm: 'admin.confirm.check',
      visible: (p) => p.status === 'pending' || p.status === 'action_required',
      path: (p) => `/payments/${p.id}/check`,
      role: 'support',
    },
    {
      name: 'refund',
      label: 'admin.actions.refund',
      confirm: 'admin.confirm.refund',
      reason: true,
      visible: (p) => p.status === 'paid' && p.refundStatus === null,
      path: (p) => `/payments/${p.id}/refund`,
      role: 'support',
    },
  ],
};

const payoutDays: QueueDefinition<AdminPayoutDayItem> = {
  id: 'payout-days',
  title: 'admin.queues.payoutDays',
  path: '/payout-days',
  name: (d) => d.payoutDate,
  toolbar: [
    {
      name: 'payOutAll',
      label: 'admin.actions.payOutAll',
      confirm: 'admin.confirm.payOutAll',
      visible: () => true,
      path: () => '/payouts/now',
      role: 'admin',
    },
  ],
  columns: [
    { key: 'payoutDate', label: 'admin.columns.payoutDate', value: (d) => d.payoutDate, sort: 'payoutDate' },
    { key: 'count', label: 'admin.columns.payouts', value: (d) => String(d.count) },
    { key: 'arrived', label: 'admin.payout.arrived', value: (d) => String(d.arrived) },
    { key: 'underWay', label: 'admin.payout.underWay', value: (d) => String(d.underWay) },
    { key: 'failed', label: 'admin.payout.failed', value: (d) => String(d.failed) },
    { key: 'totals', label: 'admin.columns.total', value: (d) => d.totals.join(', ') },
  ],
  filters: [],
  actions: [
    {
      name: 'open',
      label: 'admin.actions.openRun',
      confirm: '',
      visible: () => true,
      path: () => '',
      role: 'viewer',
      open: { queue: 'payouts', filters: (d) => ({ payoutDate: d.payoutDate }) },
    },
    {
      name: 'csv',
      label: 'admin.actions.exportCsv',
      confirm: 'admin.confirm.exportCsv',
      download: true,
      visible: () => true,
      path: (d) => `/payout-days/${d.payoutDate}/csv`,
      role: 'viewer',
    },
  ],
};

const payouts: QueueDefinition<AdminPayoutItem> = {
  id: 'payouts',
  title: 'admin.queues.payouts',
  path: '/payouts',
  name: (p) => `${p.creator.name} ${p.amount} ${p.currency.toUpperCase()}`,
  hidden: true,
  columns: [
    { key: 'payoutDate', label: 'admin.columns.payoutDate', value: (p) => p.payoutDate },
    { key: 'creator', label: 'admin.columns.creator', value: (p) => person(p.creator) },
    {
      key: 'amount',
      label: 'admin.columns.amount',
      value: (p) => `${p.amount} ${p.currency.toUpperCase()}`,
      sort: 'amount',
    },
    { key: 'method', label: 'admin.columns.method', value: (p) => p.method ?? '' },
    {
      key: 'status',
      label: 'admin.columns.status',
      value: (p) => `admin.payout.${p.status}`,
      translate: true,
      sort: 'status',
    },
    { key: 'attempt', label: 'admin.columns.attempt', value: (p) => String(p.attempt) },
    { key: 'error', label: 'admin.columns.error', value: (p) => p.error ?? '' },
  ],
  filters: [
    { name: 'payoutDate', label: 'admin.columns.payoutDate', kind: 'date' },
    {
      name: 'status',
      label: 'admin.columns.status',
      kind: 'select',
      options: [
        ['', 'admin.filters.any'],
        ['requested', 'admin.payout.requested'],
        ['sent', 'admin.payout.sent'],
        ['arrived', 'admin.payout.arrived'],
        ['failed', 'admin.payout.failed'],
      ],
    },
  ],
  actions: [
    {
      name: 'retry',
      label: 'admin.actions.retry',
      confirm: 'admin.confirm.retry',
      visible: (p) => p.status === 'failed',
      path: (p) => `/payouts/${p.id}/retry`,
      role: 'admin',
    },
  ],
};

const reconciliation: QueueDefinition<AdminReconciliationItem> = {
  id: 'reconciliation',
  title: 'admin.queues.reconciliation',
  path: '/reconciliation',
  name: (d) => d.objectId,
  toolbar: [
    {
      name: 'runReconciliation',
      label: 'admin.actions.runReconciliation',
      confirm: 'admin.confirm.runReconciliation',
      visible: () => true,
      path: () => '/reconciliation/run',
      role: 'support',
    },
  ],
  columns: [
    {
      key: 'foundAt',
      label: 'admin.columns.foundAt',
      value: (d, language) => dateTime(d.foundAt, language),
      sort: 'foundAt',
    },
    { key: 'kind', label: 'admin.columns.difference', value: (d) => `admin.difference.${d.kind}`, translate: true },
    { key: 'object', label: 'admin.columns.object', value: (d) => `${d.objectType} ${d.objectId}`, code: true },
    { key: 'ours', label: 'admin.columns.ours', value: (d) => amount(d.ourAmount, d.currency) },
    { key: 'theirs', label: 'admin.columns.theirs', value: (d) => amount(d.providerAmount, d.currency) },
    {
      key: 'status',
      label: 'admin.columns.status',
      value: (d) => `admin.resolution.${d.status}`,
      translate: true,
    },
    { key: 'reason', label: 'admin.columns.reason', value: (d) => d.reason ?? '' },
  ],
  filters: [
    {
      name: 'status',
      label: 'admin.columns.status',
      kind: 'select',
      initial: 'open',
      options: [
        ['open', 'admin.resolution.open'],
        ['applied', 'admin.resolution.applied'],
        ['ignored', 'admin.resolution.ignored'],
        ['', 'admin.filters.any'],
      ],
    },
  ],
  actions: [
    {
      name: 'apply',
      label: 'admin.actions.applyDifference',
      confirm: 'admin.confirm.applyDifference',
      visible: (d) => d.status === 'open' && d.applicable,
      path: (d) => `/reconciliation/${d.id}/apply`,
      role: 'admin',
    },
    {
      name: 'ignore',
      label: 'admin.actions.ignoreDifference',
      confirm: 'admin.confirm.ignoreDifference',
      reason: true,
      visible: (d) => d.status === 'open',
      path: (d) => `/reconciliation/${d.id}/ignore`,
      role: 'support',
    },
  ],
};

const migrations: QueueDefinition<AdminMigrationItem> = {
  id: 'migrations',
  title: 'admin.queues.migrations',
  path: '/migrations',
  name: (m) => m.creator.name,
  columns: [
    { key: 'creator', label: 'admin.columns.creator', value: (m) => person(m.creator) },
    {
      key: 'status',
      label: 'admin.columns.status',
      value: (m) => `admin.migration.${m.status}`,
      translate: true,
      sort: 'status',
    },
    { key: 'donateChannels', label: 'admin.columns.channels', value: (m) => String(m.donateChannels) },
    {
      key: 'progress',
      label: 'admin.columns.progress',
      value: (m) => (m.progress ? `${m.progress.done} / ${m.progress.total}` : ''),
    },
    { key: 'error', label: 'admin.columns.error', value: (m) => m.error ?? '' },
    {
      key: 'createdAt',
      label: 'admin.columns.createdAt',
      value: (m, language) => dateTime(m.createdAt, language),
      sort: 'createdAt',
    },
  ],
  filters: [
    {
      name: 'status',
      label: 'admin.columns.status',
      kind: 'select',
      options: [
        ['', 'admin.filters.any'],
        ['queued', 'admin.migration.queued'],
        ['importing', 'admin.migration.importing'],
        ['completed', 'admin.migration.completed'],
        ['failed', 'admin.migration.failed'],
      ],
    },
  ],
  actions: [
    {
      name: 'import',
      label: 'admin.actions.import',
      confirm: 'admin.confirm.import',
      upload: true,
      visible: (m) => m.status === 'queued' || m.status === 'failed',
      path: (m) => `/migrations/${m.id}/import`,
      role: 'admin',
    },
  ],
};

const audit: QueueDefinition<AdminAuditItem> = {
  id: 'audit',
  title: 'admin.queues.audit',
  path: '/audit',
  name: (a) => a.action,
  columns: [
    {
      key: 'createdAt',
      label: 'admin.columns.when',
      value: (a, language) => dateTime(a.createdAt, language),
      sort: 'createdAt',
    },
    {
      key: 'operator',
      label: 'admin.columns.operator',
      value: (a) => (a.operator === null ? String(a.operatorTelegramId) : person(a.operator)),
    },
    { key: 'action', label: 'admin.columns.action', value: (a) => a.action, sort: 'action' },
    {
      key: 'object',
      label: 'admin.columns.object',
      value: (a) => `${a.objectType} ${a.objectId}${a.subject === null ? '' : ` · ${person(a.subject)}`}`,
      sort: 'objectType',
    },
    { key: 'before', label: 'admin.columns.before', value: (a) => json(a.before), code: true },
    { key: 'after', label: 'admin.columns.after', value: (a) => json(a.after), code: true },
  ],
  filters: [
    { name: 'operator', label: 'admin.columns.operator', kind: 'text' },
    {
      name: 'objectType',
      label: 'admin.filters.objectType',
      kind: 'select',
      options: [
        ['', 'admin.filters.any'],
        ['channel', 'admin.objects.channel'],
        ['user', 'admin.objects.user'],
        ['payout', 'admin.objects.payout'],
        ['payout_run', 'admin.objects.payout_run'],
        ['migration_request', 'admin.objects.migration_request'],
        ['payment', 'admin.objects.payment'],
        ['operator', 'admin.objects.operator'],
        ['setting', 'admin.objects.setting'],
        ['provider_session', 'admin.objects.provider_session'],
        ['reconciliation_run', 'admin.objects.reconciliation_run'],
      ],
    },
    { name: 'objectId', label: 'admin.filters.objectId', kind: 'text' },
    { name: 'from', label: 'admin.filters.from', kind: 'date' },
    { name: 'to', label: 'admin.filters.to', kind: 'date' },
  ],
  actions: [],
};

const settings: QueueDefinition<AdminSettingItem> = {
  id: 'settings',
  title: 'admin.queues.settings',
  path: '/settings',
  name: (s) => s.id.toUpperCase(),
  columns: [
    { key: 'setting', label: 'admin.columns.setting', value: (s) => `admin.setting.${s.id}`, translate: true },
    { key: 'value', label: 'admin.columns.value', value: (s) => `admin.setting.${s.value}`, translate: true },
    { key: 'source', label: 'admin.columns.source', value: (s) => `admin.setting.${s.source}`, translate: true },
    {
      key: 'updatedBy',
      label: 'admin.columns.operator',
      value: (s) => (s.updatedBy === null ? '' : String(s.updatedBy)),
    },
    {
      key: 'updatedAt',
      label: 'admin.columns.updatedAt',
      value: (s, language) => (s.updatedAt === null ? '' : dateTime(s.updatedAt, language)),
    },
  ],
  filters: [],
  actions: [
    {
      name: 'change',
      label: 'admin.actions.changeSetting',
      confirm: 'admin.confirm.changeSetting',
      visible: () => true,
      path: (s) => `/settings/${s.id}`,
      role: 'admin',
      choice: {
        name: 'value',
        label: 'admin.columns.value',
        options: [
          ['pre', 'admin.setting.pre'],
          ['off', 'admin.setting.off'],
        ],
      },
    },
  ],
};

export const QUEUES: readonly QueueDefinition[] = [
  channels,
  identity,
  users,
  payments,
  payoutDays,
  payouts,
  reconciliation,
  migrations,
  audit,
  operators,
  settings,
] as unknown as readonly QueueDefinition[];
