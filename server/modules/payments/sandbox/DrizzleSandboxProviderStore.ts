/** The Smart Glocal double's storage in our PostgreSQL (provider_* tables of migrations 0002 and 0008). */
import { and, asc, eq, getTableColumns, inArray, isNull, sql } from 'drizzle-orm';
import type { Currency } from '../../../../src/domain/money';
import { providerEvents, providerPayouts, providerSessions, providerTokens } from '../../../platform/db/schema-money';
import type { MoneyDb } from '../../../platform/db/moneyDb';
import { rawPlaceholders, rawValues } from '../../../platform/db/rawPlaceholders';
import type {
  DoubleStatus,
  PayoutRecord,
  ProviderEventRecord,
  RecurrentRecord,
  SandboxProviderStore,
  SandboxSession,
  SessionMove,
  SessionPatch,
  TokenRecord,
} from './store';
import type { CardBehaviour, CardProfile } from './testCards';

type SessionRow = typeof providerSessions.$inferSelect;
type CardColumns = Pick<
  SessionRow,
  'cardBrand' | 'cardType' | 'cardBin' | 'cardLast4' | 'cardCountry' | 'cardBehaviour' | 'cardLength'
>;

function cardToColumns(card: CardProfile | null): CardColumns {
  return {
    cardBrand: card?.brand ?? null,
    cardType: card?.type ?? null,
    cardBin: card?.bin ?? null,
    cardLast4: card?.last4 ?? null,
    cardCountry: card?.country ?? null,
    cardBehaviour: card?.behaviour ?? null,
    cardLength: card?.length ?? null,
  };
}

function cardFromColumns(row: CardColumns): CardProfile | null {
  if (row.cardBrand === null || row.cardBin === null || row.cardLast4 === null) return null;
  return {
    brand: row.cardBrand as CardProfile['brand'],
    type: row.cardType === 'credit' ? 'credit' : 'debit',
    bin: row.cardBin,
    last4: row.cardLast4,
    country: row.cardCountry ?? '',
    behaviour: (row.cardBehaviour ?? 'success') as CardBehaviour,
    length: row.cardLength ?? 16,
  };
}

type TokenRow = typeof providerTokens.$inferSelect;

function tokenFromRow(row: TokenRow): TokenRecord | null {
  const card = cardFromColumns(row);
  return card === null ? null : { token: row.token, card, createdAt: row.createdAt.getTime() };
}

const toDate = (ms: number | null): Date | null => (ms === null ? null : new Date(ms));

function sessionToRow(session: SandboxSession): typeof providerSessions.$inferInsert {
  return {
    id: session.id,
    reference: session.reference,
    publicToken: session.publicToken,
    customerReference: session.customerReference,
    metadata: session.metadata ?? null,
    amount: session.amountMinor,
    currency: session.currency,
    description: session.description,
    sourceType: session.sourceType,
    saveCard: session.saveCard,
    ...cardToColumns(session.card),
    status: session.status,
    errorCode: session.errorCode,
    errorDescription: session.errorDescription,
    recurrentToken: session.recurrentToken,
    challengeExpiresAt: toDate(session.challengeExpiresAt),
    expiresAt: new Date(session.expiresAt),
    createdAt: new Date(session.createdAt),
    updatedAt: new Date(session.updatedAt),
    refundedAt: toDate(session.refundedAt ?? null),
  };
}

function sessionFromRow(row: SessionRow): SandboxSession {
  return {
    id: row.id,
    reference: row.reference,
    publicToken: row.publicToken,
    customerReference: row.customerReference,
    metadata: row.metadata,
    amountMinor: Number(row.amount),
    currency: row.currency as Currency,
    description: row.description,
    sourceType: row.sourceType,
    saveCard: row.saveCard,
    card: cardFromColumns(row),
    status: row.status as DoubleStatus,
    errorCode: row.errorCode,
    errorDescription: row.errorDescription,
    recurrentToken: row.recurrentToken,
    challengeExpiresAt: row.challengeExpiresAt === null ? null : row.challengeExpiresAt.getTime(),
    expiresAt: row.expiresAt.getTime(),
    createdAt: row.createdAt.getTime(),
    updatedAt: row.updatedAt.getTime(),
    refundedAt: row.refundedAt?.getTime() ?? null,
  };
}

function patchToColumns(patch: SessionPatch): Partial<typeof providerSessions.$inferInsert> {
  const columns: Partial<typeof providerSessions.$inferInsert> = {};
  if (patch.status !== undefined) columns.status = patch.status;
  if (patch.card !== undefined) Object.assign(columns, cardToColumns(patch.card));
  if (patch.errorCode !== undefined) columns.errorCode = patch.errorCode;
  if (patch.errorDescription !== undefined) columns.errorDescription = patch.errorDescription;
  if (patch.recurrentToken !== undefined) columns.recurrentToken = patch.recurrentToken;
  if (patch.challengeExpiresAt !== undefined) columns.challengeExpiresAt = toDate(patch.challengeExpiresAt);
  if (patch.updatedAt !== undefined) columns.updatedAt = new Date(patch.updatedAt);
  return columns;
}

/** A new event's placeholders in the prepared statements (it is not attempted yet). */
const eventValues = (event: ProviderEventRecord) => ({
  eventId: event.id,
  eventBody: event.body,
  eventAt: new Date(event.createdAt).toISOString(),
});

function eventToRow(event: ProviderEventRecord): typeof providerEvents.$inferInsert {
  return {
    id: event.id,
    sessionId: event.sessionId,
    body: event.body,
    attempts: event.attempts,
    deliveredAt: toDate(event.deliveredAt),
    createdAt: new Date(event.createdAt),
  };
}

/** The columns of a SessionMove: what the prepared move sets. */
const MOVE_COLUMNS = [
  'status',
  'errorCode',
  'errorDescription',
  'recurrentToken',
  'challengeExpiresAt',
  'updatedAt',
] as const satisfies readonly (keyof SessionMove)[];

export class DrizzleSandboxProviderStore implements SandboxProviderStore {
  /** The lookups and writes every payment makes, prepared once (per connection on PostgreSQL). */
  private readonly prepared;

  constructor(private readonly db: MoneyDb) {
    // A new event for the session a `changed` CTE wrote (an insert or update returning its id), in the same statement.
    const recordedEvent = db.$with('recorded', {})
      .as(sql`insert into ${providerEvents} (id, session_id, body, attempts, delivered_at, created_at)
      select ${sql.placeholder('eventId')}, changed.id, ${sql.placeholder('eventBody')}, 0, null, ${sql.placeholder('eventAt')}::timestamptz from changed`);
    const inserted = db.$with('changed').as(
      db
        .insert(providerSessions)
        .values(
          rawPlaceholders(
            Object.keys(getTableColumns(providerSessions)),
          ) as unknown as typeof providerSessions.$inferInsert,
        )
        .onConflictDoNothing({ target: providerSessions.reference })
        .returning({ id: providerSessions.id }),
    );
    const moved = db.$with('changed').as(
      db
        .update(providerSessions)
        .set(rawPlaceholders(MOVE_COLUMNS))
        .where(
          and(
            eq(providerSessions.id, sql.placeholder('id')),
            sql`${providerSessions.status} = any(${sql.placeholder('from')}::text[])`,
          ),
        )
        .returning(),
    );
    this.prepared = {
      insertWithEvent: db.with(inserted, recordedEvent).select().from(inserted).prepare('provider_session_insert'),
      move: db.with(moved, recordedEvent).select().from(moved).prepare('provider_session_move'),
      sessionById: db
        .select()
        .from(providerSessions)
        .where(eq(providerSessions.id, sql.placeholder('id')))
        .prepare('provider_session_by_id'),
      sessionByReference: db
        .select()
        .from(providerSessions)
        .where(eq(providerSessions.reference, sql.placeholder('reference')))
        .prepare('provider_session_by_reference'),
      token: db
        .select()
        .from(providerTokens)
        .where(
          and(eq(providerTokens.token, sql.placeholder('token')), eq(providerTokens.kind, sql.placeholder('kind'))),
        )
        .prepare('provider_token'),
      // One row whatever matches: each side joins to it or stays null.
      sessionAndToken: db
        .select({ session: providerSessions, token: providerTokens })
        .from(sql`(select 1) as one`)
        .leftJoin(providerSessions, eq(providerSessions.reference, sql.placeholder('reference')))
        .leftJoin(
          providerTokens,
          and(eq(providerTokens.token, sql.placeholder('token')), eq(providerTokens.kind, sql.placeholder('kind'))),
        )
        .prepare('provider_session_and_token'),
    };
  }

  async insertPublicToken(token: string, createdAt: number): Promise<void> {
    await this.db.insert(providerTokens).values({ token, kind: 'public', createdAt: new Date(createdAt) });
  }

  async usePublicToken(token: string, at: number): Promise<boolean> {
    return this.use(token, 'public', at);
  }

  private async use(token: string, kind: 'public', at: number): Promise<boolean> {
    const used = await this.db
      .update(providerTokens)
      .set({ usedAt: new Date(at) })
      .where(and(eq(providerTokens.token, token), eq(providerTokens.kind, kind), isNull(providerTokens.usedAt)))
      .returning({ token: providerTokens.token });
    return used.length === 1;
  }

  async insertToken(record: TokenRecord): Promise<void> {
    await this.db
      .insert(providerTokens)
      .values({
        token: record.token,
        kind: 'card',
        ...cardToColumns(record.card),
        createdAt: new Date(record.createdAt),
      })
      .onConflictDoNothing();
  }

  async findToken(token: string): Promise<TokenRecord | null> {
    const [row] = await this.prepared.token.execute({ token, kind: 'card' });
    return row === undefined ? null : tokenFromRow(row);
  }

  async insertRecurrent(record: RecurrentRecord): Promise<void> {
    await this.db.insert(providerTokens).values({
      token: record.recurrentToken,
      kind: 'recurrent',
      ...cardToColumns(record.card),
      customerReference: record.customerReference,
      createdAt: new Date(record.createdAt),
    });
  }

  async findSessionAndToken(reference: string | null, token: string | null, kind: 'card' | 'recurrent') {
    const [row] = await this.prepared.sessionAndToken.execute({ reference, token, kind });
    const card = row?.token == null ? null : cardFromColumns(row.token);
    return {
      session: row?.session == null ? null : sessionFromRow(row.session),
      token: card === null ? null : { card, customerReference: row!.token!.customerReference },
    };
  }

  async insertSession(
    session: SandboxSession,
    event: ProviderEventRecord | null,
  ): Promise<{ session: SandboxSession; created: boolean }> {
    const row = sessionToRow(session);
    const inserted =
      event === null
        ? await this.db
            .insert(providerSessions)
            .values(row)
            .onConflictDoNothing({ target: providerSessions.reference })
            .returning({ id: providerSessions.id })
        : // sessionToRow names every column, as the prepared insert's placeholders do.
          await this.prepared.insertWithEvent.execute({
            ...rawValues(row),
            metadata: row.metadata === null ? null : JSON.stringify(row.metadata),
            ...eventValues(event),
          });
    if (inserted.length > 0) return { session, created: true };
    const existing = await this.findSessionByReference(session.reference);
    if (existing === null) throw new Error(`session for ${session.reference} vanished`);
    return { session: existing, created: false };
  }

  /**
   * A CTE that records `event` for the session a `changed` CTE (an insert or update returning the session's id)
   * touched: the change and its event in one statement, so one round trip and no transaction to open and commit, and
   * the event exists exactly when the change happened.
   */
  private recorded(event: ProviderEventRecord) {
    const row = eventToRow(event);
    return this.db.$with('recorded', {})
      .as(sql`insert into ${providerEvents} (id, session_id, body, attempts, delivered_at, created_at)
      select ${row.id}, changed.id, ${row.body}, ${row.attempts ?? 0}, ${row.deliveredAt?.toISOString() ?? null}::timestamptz, ${row.createdAt.toISOString()}::timestamptz from changed`);
  }

  async findSession(id: string): Promise<SandboxSession | null> {
    const [row] = await this.prepared.sessionById.execute({ id });
    return row === undefined ? null : sessionFromRow(row);
  }

  async findSessionByReference(reference: string): Promise<SandboxSession | null> {
    const [row] = await this.prepared.sessionByReference.execute({ reference });
    return row === undefined ? null : sessionFromRow(row);
  }

  async findSessionByPublicToken(publicToken: string): Promise<SandboxSession | null> {
    const [row] = await this.db.select().from(providerSessions).where(eq(providerSessions.publicToken, publicToken));
    return row === undefined ? null : sessionFromRow(row);
  }

  async transition(
    id: string,
    from: readonly DoubleStatus[],
    patch: SessionPatch,
    event: ProviderEventRecord | null,
  ): Promise<SandboxSession | null> {
    const update = this.db
      .update(providerSessions)
      .set(patchToColumns(patch))
      .where(and(eq(providerSessions.id, id), inArray(providerSessions.status, [...from])))
      .returning();
    const changed = this.db.$with('changed').as(update);
    const [row] =
      event === null ? await update : await this.db.with(changed, this.recorded(event)).select().from(changed);
    return row === undefined ? null : sessionFromRow(row);
  }

  async moveSession(
    id: string,
    from: readonly DoubleStatus[],
    move: SessionMove,
    event: ProviderEventRecord,
  ): Promise<SandboxSession | null> {
    const columns = patchToColumns(move);
    const values = Object.fromEntries(MOVE_COLUMNS.map((key) => [key, columns[key] ?? null]));
    const [row] = await this.prepared.move.execute({
      ...rawValues(values),
      id,
      from: `{${from.join(',')}}`,
      ...eventValues(event),
    });
    return row === undefined ? null : sessionFromRow(row);
  }

  async openSessions(limit: number): Promise<SandboxSession[]> {
    const rows = await this.db
      .select()
      .from(providerSessions)
      .where(inArray(providerSessions.status, ['pending', 'ready', 'action_required']))
      .limit(limit);
    return rows.map(sessionFromRow);
  }

  async undeliveredEvents(limit: number): Promise<ProviderEventRecord[]> {
    const rows = await this.db
      .select()
      .from(providerEvents)
      .where(and(isNull(providerEvents.deliveredAt), isNull(providerEvents.givenUpAt)))
      .orderBy(asc(providerEvents.createdAt), asc(providerEvents.id))
      .limit(limit);
    return rows.map((row) => ({
      id: row.id,
      sessionId: row.sessionId,
      body: row.body,
      attempts: row.attempts,
      deliveredAt: row.deliveredAt?.getTime() ?? null,
      createdAt: row.createdAt.getTime(),
    }));
  }

  /**
   * Attempts that end in the same turn of the event loop are written by one statement: at load, concurrent payments
   * finish webhooks at once, and one update per webhook was two of the double's eight statements per payment.
   */
  markEventAttempt(id: string, deliveredAt: number | null): Promise<void> {
    this.attempts.push({ id, delivered_at: deliveredAt === null ? null : new Date(deliveredAt).toISOString() });
    this.attemptsWritten ??= new Promise<void>((resolve, reject) =>
      setImmediate(() => {
        const batch = this.attempts;
        this.attempts = [];
        this.attemptsWritten = null;
        this.writeAttempts(batch).then(resolve, reject);
      }),
    );
    return this.attemptsWritten;
  }

  private attempts: { id: string; delivered_at: string | null }[] = [];
  private attemptsWritten: Promise<void> | null = null;

  private async writeAttempts(batch: readonly { id: string; delivered_at: string | null }[]): Promise<void> {
    // An event attempted twice in one batch (a sweep beside a first delivery) counts twice, delivered if either was;
    // one delivered in an earlier batch stays delivered.
    await this.db.execute(sql`update ${providerEvents} set attempts = ${providerEvents.attempts} + counted.times,
        delivered_at = coalesce(counted.delivered_at, ${providerEvents.deliveredAt})
      from (select id, count(*)::integer as times, max(delivered_at) as delivered_at
            from jsonb_to_recordset(${JSON.stringify(batch)}::jsonb) as attempt(id text, delivered_at timestamptz) group by id) as counted
      where ${providerEvents.id} = counted.id`);
  }

  async insertEvent(event: ProviderEventRecord): Promise<void> {
    await this.db.insert(providerEvents).values(eventToRow(event));
  }

  async giveUpEvent(id: string, at: number): Promise<void> {
    await this.db
      .update(providerEvents)
      .set({ givenUpAt: new Date(at) })
      .where(eq(providerEvents.id, id));
  }

  async markRefunded(sessionId: string, at: number): Promise<SandboxSession | null> {
    await this.db
      .update(providerSessions)
      .set({ refundedAt: new Date(at), updatedAt: new Date(at) })
      .where(
        and(
          eq(providerSessions.id, sessionId),
          eq(providerSessions.status, 'paid'),
          isNull(providerSessions.refundedAt),
        ),
      );
    return this.findSession(sessionId);
  }

  async setSessionAmount(sessionId: string, amountMinor: number, at: number): Promise<SandboxSession | null> {
    await this.db
      .update(providerSessions)
      .set({ amount: amountMinor, updatedAt: new Date(at) })
      .where(eq(providerSessions.id, sessionId));
    return this.findSession(sessionId);
  }

  async markPayoutReturned(sessionId: string, at: number): Promise<PayoutRecord | null> {
    await this.db
      .update(providerPayouts)
      .set({ returnedAt: new Date(at), updatedAt: new Date(at) })
      .where(
        and(
          eq(providerPayouts.sessionId, sessionId),
          eq(providerPayouts.status, 'succeeded'),
          isNull(providerPayouts.returnedAt),
        ),
      );
    return this.findPayoutBySession(sessionId);
  }

  async insertPayout(
    payout: PayoutRecord,
    event: ProviderEventRecord | null,
  ): Promise<{ payout: PayoutRecord; created: boolean }> {
    const created = await this.db.transaction(async (tx) => {
      const inserted = await tx
        .insert(providerPayouts)
        .values({
          id: payout.id,
          sessionId: payout.sessionId,
          reference: payout.reference,
          amount: payout.amountMinor,
          currency: payout.currency,
          destination: payout.destination,
          metadata: payout.metadata ?? null,
          status: payout.status,
          errorCode: payout.errorCode,
          errorDescription: payout.errorDescription,
          createdAt: new Date(payout.createdAt),
          updatedAt: new Date(payout.updatedAt),
        })
        .onConflictDoNothing({ target: providerPayouts.reference })
        .returning({ id: providerPayouts.id });
      if (inserted.length === 0) return false;
      if (event !== null) await tx.insert(providerEvents).values(eventToRow(event));
      return true;
    });
    const [row] = await this.db.select().from(providerPayouts).where(eq(providerPayouts.reference, payout.reference));
    return { payout: payoutFromRow(row), created };
  }

  async findPayoutBySession(sessionId: string): Promise<PayoutRecord | null> {
    const [row] = await this.db.select().from(providerPayouts).where(eq(providerPayouts.sessionId, sessionId));
    return row === undefined ? null : payoutFromRow(row);
  }

  async finishPayout(
    sessionId: string,
    patch: Pick<PayoutRecord, 'status' | 'errorCode' | 'errorDescription' | 'updatedAt'>,
    event: ProviderEventRecord,
  ): Promise<PayoutRecord | null> {
    return this.db.transaction(async (tx) => {
      const [row] = await tx
        .update(providerPayouts)
        .set({
          status: patch.status,
          errorCode: patch.errorCode,
          errorDescription: patch.errorDescription,
          updatedAt: new Date(patch.updatedAt),
        })
        .where(and(eq(providerPayouts.sessionId, sessionId), eq(providerPayouts.status, 'ready')))
        .returning();
      if (row === undefined) return null;
      await tx.insert(providerEvents).values(eventToRow(event));
      return payoutFromRow(row);
    });
  }
}

function payoutFromRow(row: typeof providerPayouts.$inferSelect): PayoutRecord {
  return {
    id: row.id,
    sessionId: row.sessionId ?? row.id,
    reference: row.reference,
    amountMinor: Number(row.amount),
    currency: row.currency as Currency,
    destination: row.destination as Record<string, unknown>,
    metadata: row.metadata,
    status: row.status,
    errorCode: row.errorCode,
    errorDescription: row.errorDescription,
    createdAt: row.createdAt.getTime(),
    updatedAt: (row.updatedAt ?? row.createdAt).getTime(),
    ...(row.returnedAt === null ? {} : { returnedAt: row.returnedAt.getTime() }),
  };
}
