/**
 * Compare-and-set writes of a payment row: each one statement with no transaction around it, applied only to the row
 * as it was read. The version is PostgreSQL's `xmin` (the id of the transaction that wrote the row version), which
 * every write of the row changes, whoever makes it; a write whose version no longer matches, or whose notification
 * was recorded already, changes nothing and answers no row, and the caller takes the locked path instead
 * (PaymentService.applyInTransaction). A notification is recorded in the same statement as its effect.
 *
 * Why: a provider state applied in a transaction took four round trips (begin, the locking read, the update, commit)
 * and held the row, and on the embedded database its only connection, across all of them. The states that change the
 * payment row alone (pending, action_required, a failure without side effects) and the settlement of a donation
 * (the row and its ledger pair) are one round trip here. Anything that also changes a membership, a saved card or a
 * refund keeps its transaction.
 */
import { type SQL, and, eq, getTableColumns, sql } from 'drizzle-orm';
import type { MoneyDb } from '../../platform/db/moneyDb';
import { rawPlaceholders, rawValues } from '../../platform/db/rawPlaceholders';
import { channels, transactions } from '../../platform/db/schema';
import { payments, providerWebhookEvents } from '../../platform/db/schema-money';
import type { paymentPairLines } from './ledger/ledger';

export type PaymentRow = typeof payments.$inferSelect;

/**
 * A payment row with its version (what a compare-and-set write of the row compares) and the creator a settlement of
 * it credits, its channel's owner as read with the row (null: not read, or no such channel).
 */
export interface VersionedPayment {
  readonly row: PaymentRow;
  readonly version: string;
  readonly creatorId: number | null;
}

/** The row version a compare-and-set compares: PostgreSQL's xmin of the row, as text. */
export const paymentVersion = sql<string>`${payments}.xmin::text`;

/** Every column of the payment row and its version, for `returning` and selects. */
export const versionedPaymentColumns = { ...getTableColumns(payments), version: paymentVersion.as('version') };

export function versioned(
  { version, ...row }: PaymentRow & { version: string },
  creatorId: number | null,
): VersionedPayment {
  return { row, version, creatorId };
}

/** The columns a provider state that is not a charge sets (PaymentService.stateColumns). */
export type StateColumns = Pick<
  PaymentRow,
  | 'providerSessionId'
  | 'hostedPageUrl'
  | 'cardBrand'
  | 'cardLast4'
  | 'cardCountry'
  | 'status'
  | 'redirectUrl'
  | 'errorCode'
  | 'errorDescription'
  | 'updatedAt'
>;

/** What a settlement writes besides its status and ledger pair (settlement.ts settlementOf). */
export type PaidColumns = Pick<
  PaymentRow,
  | 'providerSessionId'
  | 'hostedPageUrl'
  | 'cardBrand'
  | 'cardLast4'
  | 'cardCountry'
  | 'memberId'
  | 'savedCardId'
  | 'updatedAt'
  | 'settledAt'
>;

type PairLines = ReturnType<typeof paymentPairLines>['lines'];

const STATE_COLUMNS = [
  'providerSessionId',
  'hostedPageUrl',
  'cardBrand',
  'cardLast4',
  'cardCountry',
  'status',
  'redirectUrl',
  'errorCode',
  'errorDescription',
  'updatedAt',
] as const;
const PAID_COLUMNS = [
  'providerSessionId',
  'hostedPageUrl',
  'cardBrand',
  'cardLast4',
  'cardCountry',
  'memberId',
  'savedCardId',
  'updatedAt',
  'settledAt',
] as const;
/**
 * A ledger line's columns as the pair statement takes them (ledger.ts paymentPairLines), with their SQL types: the
 * lines are selected from parameters under a UNION, where PostgreSQL cannot take a parameter's type from its column.
 */
const LINE_COLUMNS = {
  type: 'text',
  userId: 'bigint',
  counterpartyId: 'bigint',
  channelId: 'bigint',
  subscriptionId: 'bigint',
  memberId: 'bigint',
  donationId: 'bigint',
  currency: 'text',
  price: 'bigint',
  amount: 'bigint',
  providerFee: 'bigint',
  serviceFee: 'bigint',
  payoutAmount: 'bigint',
  paymentMethod: 'text',
  cardBrand: 'text',
  cardLast4: 'text',
  paymentId: 'text',
  createdAt: 'timestamptz',
} as const;
type LineColumn = keyof typeof LINE_COLUMNS;
const LINE_COLUMN_NAMES = Object.keys(LINE_COLUMNS) as LineColumn[];

export function preparedPaymentWrites(db: MoneyDb) {
  // The row as read, and no record of the notification yet (a null event id matches no row).
  const unchanged = and(
    eq(payments.id, sql.placeholder('id')),
    sql`${payments}.xmin = ${sql.placeholder('version')}::text::xid`,
    sql`not exists (select 1 from ${providerWebhookEvents} where ${providerWebhookEvents.eventId} = ${sql.placeholder('eventId')})`,
  );
  const recorded = db.$with('recorded', {}).as(sql`insert into ${providerWebhookEvents} (event_id, payment_id)
    select ${sql.placeholder('eventId')}, changed.id from changed where ${sql.placeholder('eventId')}::text is not null on conflict do nothing`);

  const stateChanged = db
    .$with('changed')
    .as(db.update(payments).set(rawPlaceholders(STATE_COLUMNS)).where(unchanged).returning(versionedPaymentColumns));
  const applyState = db.with(stateChanged, recorded).select().from(stateChanged).prepare('payment_apply_state');

  // Settlement: the row gets its ledger line ids from the sequence first, so the pair is inserted from the row the
  // update answered (none when the compare-and-set refused: no lines either).
  const ids = db
    .$with('ids', {})
    .as(
      sql`select nextval(pg_get_serial_sequence('transactions', 'id')) as buy, nextval(pg_get_serial_sequence('transactions', 'id')) as sell`,
    );
  // A settlement credits the channel's owner: the one the caller read, still the owner when the row is written.
  const creditsOwner = sql`exists (select 1 from ${channels} where ${channels.id} = ${payments.channelId} and ${channels.ownerId} = ${sql.placeholder('creatorId')})`;
  const settled = db.$with('changed').as(
    db
      .update(payments)
      .set({
        ...rawPlaceholders(PAID_COLUMNS),
        status: 'paid',
        buyTransactionId: sql`(select buy from ids)`,
        sellTransactionId: sql`(select sell from ids)`,
        errorCode: null,
        errorDescription: null,
        redirectUrl: null,
      })
      .where(and(unchanged, creditsOwner))
      .returning(versionedPaymentColumns),
  );
  const line = (side: 'buy' | 'sell'): SQL => {
    const values = LINE_COLUMN_NAMES.map(
      (column) => sql`${sql.placeholder(`${side}_${column}`)}::${sql.raw(LINE_COLUMNS[column])}`,
    );
    return sql`select ${sql.raw(`ids.${side}`)}, ${sql.join(values, sql`, `)} from changed, ids`;
  };
  const columnNames = sql.join(
    LINE_COLUMN_NAMES.map((column) => sql.identifier(getTableColumns(transactions)[column].name)),
    sql`, `,
  );
  const pair = db
    .$with('pair', {})
    .as(sql`insert into ${transactions} (id, ${columnNames}) ${line('buy')} union all ${line('sell')}`);
  const settle = db.with(ids, settled, pair, recorded).select().from(settled).prepare('payment_settle');

  const common = (known: VersionedPayment, eventId: string | null) => ({
    id: known.row.id,
    version: known.version,
    eventId,
  });
  return {
    /** Writes a state that changes the payment row alone; undefined when the row moved on or the event was recorded. */
    async applyState(
      known: VersionedPayment,
      columns: StateColumns,
      eventId: string | null,
    ): Promise<VersionedPayment | undefined> {
      const [row] = await applyState.execute({ ...common(known, eventId), ...rawValues(columns) });
      return row === undefined ? undefined : versioned(row, known.creatorId);
    },
    /**
     * Marks the payment paid with its ledger pair (`lines`, made for `known.creatorId`); undefined when the row moved
     * on, the event was recorded or the channel has another owner now.
     */
    async settle(
      known: VersionedPayment & { creatorId: number },
      columns: PaidColumns,
      lines: PairLines,
      eventId: string | null,
    ): Promise<VersionedPayment | undefined> {
      const [buy, sell] = lines;
      const line = (source: PairLines[number]) =>
        Object.fromEntries(LINE_COLUMN_NAMES.map((column) => [column, source[column]]));
      const [row] = await settle.execute({
        ...common(known, eventId),
        creatorId: known.creatorId,
        ...rawValues(columns),
        ...rawValues(line(buy), 'buy_'),
        ...rawValues(line(sell), 'sell_'),
      });
      return row === undefined ? undefined : versioned(row, known.creatorId);
    },
  };
}

export type PaymentWrites = ReturnType<typeof preparedPaymentWrites>;
