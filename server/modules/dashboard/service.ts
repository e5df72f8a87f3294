/**
 * The dashboard in both modes (spec sections 2 and 7). Creator mode answers migration_required while a migration
 * is due and not started, then verification_required until verification is approved. Follower mode always answers
 * (a new user's first screen). Without `mode`, creators get the creator view and everyone else the follower view.
 */
import type { DashboardResponse, TransactionsPage } from '../../../src/contract/api';
import type { Role } from '../../../src/domain/entities';
import { type Money, toMajor } from '../../../src/domain/money';
import { isUnexpired } from '../payments/invoiceTargets';
import { AppError } from '../../platform/errors';
import { decodeCursor, toPage } from '../../platform/db/cursor';
import type { TransactionList } from '../transactions/repository';
import type { UserFlags } from '../users/repository';
import type { UserRow } from '../../platform/db/schema';
import { nextWindowStart } from '../payments/ledger/windows';
import { requireVerified } from '../channels/access';
import type { ServiceDeps } from '../../platform/serviceDeps';
import { cardDto, channelDto, memberDto, subscriptionDto, transactionDto, userDto, withdrawalAccountDto } from '../../platform/dto';
import { type DashboardHead, type DashboardQueries, dashboardQueries } from './queries';
import { DashboardCache } from './cache';
import { migrationState } from '../migration/rules';

type CreatorPart = Omit<DashboardResponse, 'mode' | 'isCreator' | 'user' | 'migrationAvailable'>;
/** What the cache keeps of a creator view: everything but the user row, which is read fresh on every request. */
interface CachedCreator {
  readonly flags: UserFlags;
  readonly part: CreatorPart;
  /** The last encoded answer and the user state it was made for (see userStamp). */
  encoded?: { readonly userStamp: string; readonly body: Buffer };
}

/** Everything of the user row a creator answer depends on: the user DTO, the verification and the migration refusal. */
const userStamp = (user: UserRow): string => `${user.verificationStatus}|${user.migrationRefused}|${JSON.stringify(userDto(user))}`;

/** Turns an answer into the JSON the route sends (the route's response serializer). */
export type DashboardEncoder = (answer: DashboardResponse) => string;

const balanceDtos = (balances: readonly Money[]) => balances.map((b) => ({ currency: b.currency, amount: toMajor(b.minor, b.currency) }));

export class DashboardService {
  private readonly queries: DashboardQueries;
  private readonly cache = new DashboardCache<CachedCreator>();

  constructor(private readonly deps: ServiceDeps) {
    this.queries = dashboardQueries(deps.db);
  }

  /**
   * GET /dashboard as encoded JSON. A verified user asking for (or defaulting to) the creator view gets it from memory
   * while the dashboard version is unchanged (else read at once, three round trips), encoded once per user state and
   * sent again as the same bytes; encoding is most of the work left on that path. Everyone else is read fresh.
   */
  async loadEncoded(user: UserRow, requestedMode: Role | undefined, dashboardVersion: number, encode: DashboardEncoder): Promise<Buffer> {
    const nowMs = this.deps.clock.now();
    if (user.verificationStatus === 'approved' && requestedMode !== 'follower') {
      const cached = await this.cachedCreator(user, dashboardVersion, nowMs);
      const stamp = userStamp(user);
      if (cached.encoded?.userStamp === stamp) return cached.encoded.body;
      const body = Buffer.from(encode(this.creatorAnswer(user, cached.flags, cached.part)));
      cached.encoded = { userStamp: stamp, body };
      return body;
    }
    return Buffer.from(encode(await this.uncachedAnswer(user, requestedMode, nowMs)));
  }

  /** The follower view, or an unverified user's creator view (which answers migration_required or verification_required). */
  private async uncachedAnswer(user: UserRow, requestedMode: Role | undefined, nowMs: number): Promise<DashboardResponse> {
    // Asked for the follower view: read it together with the flags (one wave of queries).
    const followerPart = requestedMode === 'follower' ? this.followerPart(user, nowMs) : undefined;
    followerPart?.catch(() => undefined);
    const { flags } = await this.queries.head(user.id, nowMs, false);
    const isCreator = flags.hasChannels || user.verificationStatus === 'approved';
    const mode: Role = requestedMode ?? (isCreator ? 'creator' : 'follower');
    const migration = migrationState(flags, user.migrationRefused);
    if (mode === 'creator') {
      // Only unverified users get here: migration_required or verification_required, before reading anything else.
      if (migration.required) throw new AppError('migration_required', 'Move your channels from the previous product first');
      requireVerified(user);
      return this.creatorAnswer(user, flags, await this.creatorPart(user, this.queries.head(user.id, nowMs, true), nowMs));
    }
    return { mode, isCreator, user: userDto(user), migrationAvailable: migration.available, ...(await (followerPart ?? this.followerPart(user, nowMs))) };
  }

  /** The creator view from its parts: migration_required first, then verification_required. */
  private creatorAnswer(user: UserRow, flags: UserFlags, part: CreatorPart): DashboardResponse {
    const migration = migrationState(flags, user.migrationRefused);
    if (migration.required) throw new AppError('migration_required', 'Move your channels from the previous product first');
    requireVerified(user);
    return { mode: 'creator', isCreator: true, user: userDto(user), migrationAvailable: migration.available, ...part };
  }

  /** The creator view from memory while the dashboard version is unchanged, else read at once (three round trips). */
  private async cachedCreator(user: UserRow, dashboardVersion: number, nowMs: number): Promise<CachedCreator> {
    return this.cache.get(user.id, dashboardVersion, nowMs) ?? this.fillCreator(user, dashboardVersion, nowMs);
  }

  private async fillCreator(user: UserRow, dashboardVersion: number, nowMs: number): Promise<CachedCreator> {
    const head = this.queries.head(user.id, nowMs, true);
    const [{ flags, nextExpiryMs }, part] = await Promise.all([head, this.creatorPart(user, head, nowMs)]);
    const entry = { flags, part };
    const validUntilMs = Math.min(nextWindowStart(nowMs), nextExpiryMs ?? Number.POSITIVE_INFINITY);
    this.cache.set(user.id, { version: dashboardVersion, computedAtMs: nowMs, validUntilMs, value: entry });
    return entry;
  }

  private async creatorPart(user: UserRow, head: Promise<DashboardHead>, nowMs: number): Promise<CreatorPart> {
    const [channels, transactions, { balances, account }] = await Promise.all([
      this.queries.channelsWithCounts(user.id, new Date(nowMs)),
      this.queries.transactions(user.id, 'creator', 'all', null),
      head,
    ]);
    const page = toPage(transactions, (view) => ({ t: view.transaction.createdAt.getTime(), id: view.transaction.id }));
    return {
      balances: { active: balanceDtos(balances.active), payout: balanceDtos(balances.payout) },
      channels: channels.map((row) => channelDto(row.channel, row.activeSubscribers)),
      transactions: page.items.map(transactionDto),
      transactionsNextFrom: page.nextFrom,
      withdrawalAccount: account ? withdrawalAccountDto(account) : null,
      subscriptionMembers: [],
      subscriptions: [],
      channelsOfSubscriptions: [],
      cards: [],
    };
  }

  private async followerPart(user: UserRow, nowMs: number) {
    const [memberships, cards, transactions] = await Promise.all([
      this.queries.memberships(user.id, new Date(nowMs)),
      this.queries.cards(user.id),
      this.queries.transactions(user.id, 'follower', 'all', null),
    ]);
    // A channel shows once however many of its subscriptions the follower has.
    const channels = new Map(memberships.map(({ channel, channelSubscribers }) => [channel.id, channelDto(channel, channelSubscribers)]));
    const page = toPage(transactions, (view) => ({ t: view.transaction.createdAt.getTime(), id: view.transaction.id }));
    return {
      balances: { active: [], payout: [] },
      channels: [],
      transactions: page.items.map(transactionDto),
      transactionsNextFrom: page.nextFrom,
      withdrawalAccount: null,
      subscriptionMembers: memberships.map(({ member }) => memberDto(member)),
      // Members see the channel links while their membership gives access.
      subscriptions: memberships.map(({ member, subscription, subscribers, channel }) =>
        subscriptionDto(subscription, subscribers, isUnexpired(member, nowMs) ? channel : undefined)),
      channelsOfSubscriptions: [...channels.values()],
      cards: cards.map(cardDto),
    };
  }

  /** POST /dashboard/transactions: the next page of the mode's ledger, or the withdrawals. */
  async transactions(user: UserRow, input: { list?: TransactionList; mode: Role; startFrom?: string | null }): Promise<TransactionsPage> {
    const list = input.list ?? 'all';
    if (input.mode === 'creator' || list === 'withdrawals') requireVerified(user);
    const cursor = decodeCursor(input.startFrom);
    const rows = await this.queries.transactions(user.id, input.mode, list, cursor);
    const page = toPage(rows, (view) => ({ t: view.transaction.createdAt.getTime(), id: view.transaction.id }));
    return { transactions: page.items.map(transactionDto), nextFrom: page.nextFrom };
  }
}
