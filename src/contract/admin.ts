/**
 * The operator console's wire shapes (/admin/api). Lists are offset pages: `?page=1&pageSize=20&sort=…&order=asc|desc`
 * plus each queue's filters, answered as `{ items, total, page, pageSize }`. Times are epoch seconds; amounts are
 * major-unit text with their currency. Actions are `POST /admin/api/<queue>/<id>/<action>` answering `{ ok: true }`.
 */
export interface AdminPage<T> {
  readonly items: readonly T[];
  readonly total: number;
  readonly page: number;
  readonly pageSize: number;
}

/**
 * What an operator may do: viewer sees everything and changes nothing; support also refunds, bans and checks
 * payments; admin does everything (moderation and its setting, identity decisions, payouts, imports, operators).
 */
export type OperatorRole = 'viewer' | 'support' | 'admin';
export const OPERATOR_ROLES: readonly OperatorRole[] = ['viewer', 'support', 'admin'];

/** Whether `role` may use something that needs `needed` (the roles are ordered: each includes the one before). */
export const roleAllows = (role: OperatorRole, needed: OperatorRole): boolean =>
  OPERATOR_ROLES.indexOf(role) >= OPERATOR_ROLES.indexOf(needed);

export interface AdminMe {
  readonly operator: { readonly telegramId: number; readonly role: OperatorRole };
}

/** An operator as the operators list shows them; `bootstrap`: from ADMIN_TELEGRAM_IDS (an admin the console cannot change). */
export interface AdminOperatorItem {
  readonly id: number;
  readonly telegramId: number;
  readonly name: string | null;
  readonly username: string | null;
  readonly role: OperatorRole;
  readonly bootstrap: boolean;
  readonly addedBy: number | null;
  readonly updatedAt: number | null;
}

/**
 * A console setting: its value, and whether an admin stored it (`console`) or it follows the environment variable
 * (`environment`). `channel_moderation`: `pre` (new channels wait for an operator) or `off` (approved at once).
 */
export interface AdminSettingItem {
  readonly id: 'channel_moderation';
  readonly value: string;
  readonly options: readonly string[];
  readonly source: 'console' | 'environment';
  readonly updatedBy: number | null;
  readonly updatedAt: number | null;
}

/**
 * One id per object wherever the console shows or takes it (queues, actions, the audit log and its filter, CSV): a
 * person is their Telegram id; a channel, payment or migration request its own id; a payout
 * `<creator's Telegram id>-<currency>-<payout date>`.
 */
export const payoutObjectId = (telegramId: number, currency: string, payoutDate: string): string =>
  `${telegramId}-${currency}-${payoutDate}`;
export const PAYOUT_OBJECT_ID = /^(\d{1,16})-([a-z]{3})-(\d{4}-\d{2}-\d{2})$/;

export interface AdminPerson {
  readonly telegramId: number;
  readonly name: string;
  readonly username: string | null;
}

export interface AdminChannelItem {
  readonly id: number;
  readonly chatId: number;
  readonly title: string;
  readonly username: string | null;
  readonly language: string;
  readonly moderation: 'approved' | 'in_progress' | 'rejected';
  readonly connected: boolean;
  readonly owner: AdminPerson;
  readonly createdAt: number;
}

/** `id` is the Telegram id (actions: /users/{telegramId}/ban). */
export interface AdminUserItem extends AdminPerson {
  readonly id: number;
  readonly banned: boolean;
  readonly verificationStatus: string;
  readonly languageCode: string | null;
  readonly createdAt: number;
}

export interface AdminPayoutDayItem {
  readonly id: string;
  readonly payoutDate: string;
  readonly count: number;
  readonly arrived: number;
  readonly underWay: number;
  readonly failed: number;
  readonly totals: readonly string[];
}

/** A card payment as the payments queue shows it (amounts in major units as text). */
export interface AdminPaymentItem {
  readonly id: string;
  readonly createdAt: number;
  readonly payer: AdminPerson;
  readonly channel: { readonly id: number; readonly title: string };
  readonly kind: 'subscription' | 'donation';
  readonly purpose: string;
  readonly amount: string;
  readonly currency: string;
  readonly status: 'pending' | 'action_required' | 'paid' | 'error';
  readonly errorCode: string | null;
  /** null, 'due' (the provider has not given it back yet) or 'done'. */
  readonly refundStatus: 'due' | 'done' | null;
  readonly refundReason: string | null;
  readonly providerSessionId: string | null;
}

/**
 * A difference reconciliation found between the provider's records and ours (amounts in minor units). `objectId` is
 * the object's one id: a payment id, a payout `<telegramId>-<currency>-<payoutDate>`, or, for a session we have no
 * record of (`objectType` provider_session), the provider's session id. `applicable`: apply is offered (else ignore).
 */
export interface AdminReconciliationItem {
  readonly id: number;
  readonly kind: 'paid_not_here' | 'refunded_there' | 'amount_differs' | 'unknown_session' | 'payout_bounced';
  readonly objectType: 'payment' | 'payout' | 'provider_session';
  readonly objectId: string;
  readonly providerSessionId: string;
  readonly ourStatus: string | null;
  readonly providerStatus: string;
  readonly ourAmount: number | null;
  readonly providerAmount: number | null;
  readonly currency: string;
  readonly status: 'open' | 'applied' | 'ignored';
  readonly reason: string | null;
  readonly resolvedBy: number | null;
  readonly resolvedAt: number | null;
  readonly foundAt: number;
  readonly applicable: boolean;
}

export interface AdminPayoutItem {
  /** payoutObjectId: `<telegramId>-<currency>-<payoutDate>`. */
  readonly id: string;
  readonly payoutDate: string;
  readonly creator: AdminPerson;
  readonly amount: string;
  readonly currency: string;
  readonly status: 'requested' | 'sent' | 'arrived' | 'failed';
  readonly attempt: number;
  readonly error: string | null;
  readonly method: string | null;
  readonly createdAt: number;
}

/** A creator waiting for an identity decision, with the provider's result; `id` is their Telegram id. */
export interface AdminIdentityItem {
  readonly id: number;
  readonly person: AdminPerson;
  readonly status: string;
  /** 'sumsub', or 'manual' when no provider is configured. */
  readonly provider: string;
  readonly applicantId: string | null;
  readonly reviewAnswer: 'GREEN' | 'RED' | null;
  readonly rejectLabels: readonly string[];
  readonly since: number;
}

export interface AdminMigrationItem {
  readonly id: number;
  readonly status: 'queued' | 'importing' | 'completed' | 'failed';
  readonly creator: AdminPerson;
  readonly donateChannels: number;
  readonly progress: { readonly done: number; readonly total: number } | null;
  readonly error: string | null;
  readonly createdAt: number;
  readonly updatedAt: number;
}

/**
 * An audit entry. objectId is the object's one id (payoutObjectId; a person's Telegram id); `operator` and, for a
 * person or a payout, `subject` are named as the bot knows them (null when it does not).
 */
export interface AdminAuditItem {
  readonly id: number;
  readonly operatorTelegramId: number;
  readonly operator: AdminPerson | null;
  readonly subject: AdminPerson | null;
  readonly action: string;
  readonly objectType: string;
  readonly objectId: string;
  readonly before: unknown;
  readonly after: unknown;
  readonly createdAt: number;
}
