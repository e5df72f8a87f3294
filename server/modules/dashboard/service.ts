/**
 * The dashboard in both modes (spec sections 2 and 7). Creator mode answers migration_required while a migration
 * is due and not started, then verification_required until verification is approved. Follower mode always answers
 * (a new user's first screen). Without `mode`, creators get the creator view and everyone else the follower view.
 * Both views are answered from memory while nothing they show has changed, their subscriber counts read again on
 * every hit (./cache.ts).
 */
import type {
  DashboardChannelsPage,
  DashboardResponse,
  DashboardSubscriptionsPage,
  TransactionsPage,
} from '../../../src/contract/api';
import type { Role } from '../../../src/domain/entities';
import { type Money, toMajor } from '../../../src/domain/money';
import { isUnexpired } from '../payments/invoiceTargets';
import { AppError } from '../../platform/errors';
import { type CursorPosition, PAGE_SIZE, PAIRED_PAGE_SIZE, decodeCursor, toPage } from '../../platform/db/cursor';
import { type TransactionList, ledgerPosition } from '../transactions/repository';
import type { UserFlags } from '../users/repository';
import type { UserRow } from '../../platform/db/schema';
import { nextWindowStart } from '../payments/ledger/windows';
import { requireVerified } from '../channels/access';
import { CompressibleBody } from '../../platform/http/compression';
import type { ServiceDeps } from '../../platform/serviceDeps';
import {
  cardDto,
  channelDto,
  memberDto,
  subscriptionDto,
  transactionDto,
  userDto,
  withdrawalAccountDto,
} from '../../platform/dto';
import { type DashboardHead, type DashboardQueries, type Membership, type ShownRow, dashboardQueries } from './queries';
import { BatchLoader } from '../../platform/db/batchLoader';
import { DashboardCache } from './cache';
import { migrationState } from '../migration/rules';

type ViewPart = Omit<DashboardResponse, 'mode' | 'isCreator' | 'user' | 'migrationAvailable'>;
/** What the cache keeps of a view: everything but the user row, which is read fresh on every request. */
interface CachedView {
  readonly flags: UserFlags;
  readonly part: ViewPart;
  /** The last encoded answer and the user state it was made for (see userStamp). */
  encoded?: { readonly userStamp: string; readonly body: CompressibleBody };
}

/**
 * A kept follower view, besides the view: the row versions (xmin) of the subscriptions and channels it shows, as read
 * with them, keyed `s<id>` and `c<id>`.
 */
interface FollowerView extends CachedView {
  readonly stamps: ReadonlyMap<string, string>;
  /** Its first membership expiry, or its time to live. */
  readonly validUntilMs: number;
}

/**
 * Follower views kept per process. A view at 100× data is ~25 kB of answer and its parts: the cap bounds the memory
 * (the creator views have their own cache).
 */
const FOLLOWER_ENTRIES = 1_000;
/**
 * Creator views kept per process: of the same order each (a page of channels and one of ledger lines, the answer and
 * its compressed forms), so 2,000 hold tens of MB. At the cache's default (10,000) they alone could take the server
 * past its 400 MB on a busy deployment.
 */
const CREATOR_ENTRIES = 2_000;
/** A follower view is read again at least this often, whatever else holds it. */
const FOLLOWER_TTL_MS = 60 * 60 * 1000;

/**
 * The DTOs with each one's subscriber count as `liveOf` reads it now: the same array when no count moved (a kept view
 * stays as it is and is not encoded again), else a copy with new objects for those that did.
 */
function withCounts<T extends { readonly activeSubscribers: number }>(
  dtos: T[],
  liveOf: (dto: T, index: number) => number,
): T[] {
  let moved: T[] | undefined;
  dtos.forEach((dto, index) => {
    const live = liveOf(dto, index);
    if (live === dto.activeSubscribers) return;
    moved ??= [...dtos];
    moved[index] = { ...dto, activeSubscribers: live };
  });
  return moved ?? dtos;
}

/** Everything of the user row a creator answer depends on: the user DTO, the verification and the migration refusal. */
const userStamp = (user: UserRow): string =>
  `${user.verificationStatus}|${user.migrationRefused}|${JSON.stringify(userDto(user))}`;

/** Turns an answer into the JSON the route sends (the route's response serializer). */
export type DashboardEncoder = (answer: DashboardResponse) => string;

const balanceDtos = (balances: readonly Money[]) =>
  balances.map((b) => ({ currency: b.currency, amount: toMajor(b.minor, b.currency) }));

export class DashboardService {
  private readonly queries: DashboardQueries;
  private readonly cache = new DashboardCache<CachedView>(CREATOR_ENTRIES);
  private readonly followers = new DashboardCache<FollowerView>(FOLLOWER_ENTRIES);
  /**
   * The row versions and counts kept views check (a creator's: its channels' counts), one statement for all the hits
   * of one turn of the event loop (many followers of the same big channels ask for the same rows), read at the time
   * it is sent.
   */
  private readonly shown: BatchLoader<string, ShownRow>;

  constructor(private readonly deps: ServiceDeps) {
    this.queries = dashboardQueries(deps.db);
    this.shown = new BatchLoader(
      (keys) => this.queries.shownRows(keys, new Date(this.deps.clock.now())),
      (row) => row.key,
    );
  }

  /**
   * GET /dashboard as encoded JSON. A verified user asking for (or defaulting to) the creator view gets it from memory
   * while the dashboard version is unchanged, with its channels' subscriber counts read again (else read at once,
   * three round trips), encoded once per user state and counts and sent again as the same bytes: encoding is most of
   * the work left on that path. The follower view likewise, while its subscriptions and channels are the rows it read
   * (else read at once, one wave). An unverified user asking for the creator view is refused from the flags.
   */
  async loadEncoded(
    user: UserRow,
    requestedMode: Role | undefined,
    dashboardVersion: number,
    encode: DashboardEncoder,
  ): Promise<CompressibleBody> {
    const nowMs = this.deps.clock.now();
    if (user.verificationStatus === 'approved' && requestedMode !== 'follower') {
      return this.encodedOnce(user, await this.cachedCreator(user, dashboardVersion, nowMs), encode, (cached) =>
        this.creatorAnswer(user, cached.flags, cached.part),
      );
    }
    if (requestedMode === 'creator') this.refuseCreator(user, (await this.queries.head(user.id, nowMs, false)).flags);
    const cached = await this.cachedFollower(user, dashboardVersion, nowMs);
    // Without a mode, a user with channels gets the creator view: refused, as the user is not verified.
    if (requestedMode === undefined && cached.flags.hasChannels) this.refuseCreator(user, cached.flags);
    // One user's answer, asked again now and then: compressed at the quality of any other answer.
    return this.encodedOnce(user, cached, encode, (view) => this.followerAnswer(user, view.flags, view.part), false);
  }

  /**
   * The answer of a cached view as bytes (and their compressed forms, made once when first asked for), encoded again
   * only when the user row changed what it shows.
   */
  private encodedOnce<V extends CachedView>(
    user: UserRow,
    cached: V,
    encode: DashboardEncoder,
    answer: (view: V) => DashboardResponse,
    sentOften = true,
  ): CompressibleBody {
    const stamp = userStamp(user);
    if (cached.encoded?.userStamp === stamp) return cached.encoded.body;
    const body = new CompressibleBody(Buffer.from(encode(answer(cached))), sentOften);
    cached.encoded = { userStamp: stamp, body };
    return body;
  }

  /** An unverified user's creator view: migration_required while a migration is due, else verification_required. */
  private refuseCreator(user: UserRow, flags: UserFlags): never {
    if (migrationState(flags, user.migrationRefused).required)
      throw new AppError('migration_required', 'Move your channels from the previous product first');
    requireVerified(user);
    throw new AppError('verification_required', 'Verification is required to use creator features');
  }

  private followerAnswer(user: UserRow, flags: UserFlags, part: ViewPart): DashboardResponse {
    const isCreator = flags.hasChannels || user.verificationStatus === 'approved';
    return {
      mode: 'follower',
      isCreator,
      user: userDto(user),
      migrationAvailable: migrationState(flags, user.migrationRefused).available,
      ...part,
    };
  }

  /** The creator view from its parts: migration_required first, then verification_required. */
  private creatorAnswer(user: UserRow, flags: UserFlags, part: ViewPart): DashboardResponse {
    const migration = migrationState(flags, user.migrationRefused);
    if (migration.required)
      throw new AppError('migration_required', 'Move your channels from the previous product first');
    requireVerified(user);
    return { mode: 'creator', isCreator: true, user: userDto(user), migrationAvailable: migration.available, ...part };
  }

  /**
   * The creator view from memory while the dashboard version is unchanged and the earnings window the same, else read
   * at once (three round trips). Member expiry writes nothing and comes often with a big audience, so it does not end
   * an entry: the shown channels' subscriber counts are read on every hit (one statement for the hits of a turn,
   * this.shown), and a view whose counts moved is kept again with them (and encoded again).
   */
  private async cachedCreator(user: UserRow, dashboardVersion: number, nowMs: number): Promise<CachedView> {
    const cached = this.cache.get(user.id, dashboardVersion, nowMs);
    if (cached === undefined) return this.fillCreator(user, dashboardVersion, nowMs);
    if (cached.part.channels.length === 0) return cached;
    const counts = await Promise.all(cached.part.channels.map((channel) => this.shown.load(`c${channel.id}`)));
    const channels = withCounts(cached.part.channels, (_, index) => counts[index]?.live ?? 0);
    if (channels === cached.part.channels) return cached;
    const moved: CachedView = { flags: cached.flags, part: { ...cached.part, channels } };
    this.keepCreator(user.id, dashboardVersion, nowMs, moved);
    return moved;
  }

  private async fillCreator(user: UserRow, dashboardVersion: number, nowMs: number): Promise<CachedView> {
    const head = this.queries.head(user.id, nowMs, true);
    const [{ flags }, part] = await Promise.all([head, this.creatorPart(user, head, nowMs)]);
    const entry = { flags, part };
    this.keepCreator(user.id, dashboardVersion, nowMs, entry);
    return entry;
  }

  /** Kept until the next earnings window (active → payout balances) or a new dashboard version. */
  private keepCreator(userId: number, dashboardVersion: number, nowMs: number, view: CachedView): void {
    this.cache.set(userId, {
      version: dashboardVersion,
      computedAtMs: nowMs,
      validUntilMs: nextWindowStart(nowMs),
      value: view,
    });
  }

  /**
   * The follower view from memory while the dashboard version is unchanged (the follower's own memberships, cards,
   * ledger lines, flags and counterparties' names bump it: migrations 0004, 0014) and every subscription and channel it
   * shows is the row version it read (one statement for the hits of a turn, which also reads their subscriber counts: a
   * view whose counts moved is kept again with them). Other owners' writes end no entry unless they change a row it
   * shows. It ends at the first expiry of a membership it shows (the channel's links go), and within FOLLOWER_TTL_MS.
   */
  private async cachedFollower(user: UserRow, dashboardVersion: number, nowMs: number): Promise<FollowerView> {
    const cached = this.followers.get(user.id, dashboardVersion, nowMs);
    if (cached === undefined) return this.fillFollower(user, dashboardVersion, nowMs);
    if (cached.stamps.size === 0) return cached;
    const rows = await Promise.all([...cached.stamps.keys()].map((key) => this.shown.load(key)));
    const live = new Map<string, number>();
    for (const [index, stamp] of [...cached.stamps.values()].entries()) {
      const row = rows[index];
      if (row?.stamp !== stamp) return this.fillFollower(user, dashboardVersion, nowMs);
      live.set(row.key, row.live);
    }
    const subscriptions = withCounts(
      cached.part.subscriptions,
      (dto) => live.get(`s${dto.id}`) ?? dto.activeSubscribers,
    );
    const channels = withCounts(
      cached.part.channelsOfSubscriptions,
      (dto) => live.get(`c${dto.id}`) ?? dto.activeSubscribers,
    );
    if (subscriptions === cached.part.subscriptions && channels === cached.part.channelsOfSubscriptions) return cached;
    const moved: FollowerView = {
      ...cached,
      part: { ...cached.part, subscriptions, channelsOfSubscriptions: channels },
      encoded: undefined,
    };
    this.keepFollower(user.id, dashboardVersion, nowMs, moved);
    return moved;
  }

  /** The follower view read in one wave, kept with the row versions it showed. */
  private async fillFollower(user: UserRow, dashboardVersion: number, nowMs: number): Promise<FollowerView> {
    const [{ flags, cards }, { part, stamps, ends }] = await Promise.all([
      this.queries.head(user.id, nowMs, false),
      this.followerPart(user, nowMs),
    ]);
    const view: FollowerView = {
      flags,
      part: { ...part, cards: cards.map(cardDto) },
      stamps,
      validUntilMs: Math.min(ends, nowMs + FOLLOWER_TTL_MS),
    };
    this.keepFollower(user.id, dashboardVersion, nowMs, view);
    return view;
  }

  private keepFollower(userId: number, dashboardVersion: number, nowMs: number, view: FollowerView): void {
    this.followers.set(userId, {
      version: dashboardVersion,
      computedAtMs: nowMs,
      validUntilMs: view.validUntilMs,
      value: view,
    });
  }

  private async creatorPart(user: UserRow, head: Promise<DashboardHead>, nowMs: number): Promise<ViewPart> {
    const [channels, transactions, { balances, account }] = await Promise.all([
      this.channelsPage(user.id, nowMs, null, true),
      this.queries.transactions(user.id, 'creator', 'all', null, true),
      head,
    ]);
    const page = toPage(transactions, ledgerPosition, PAIRED_PAGE_SIZE);
    return {
      balances: { active: balanceDtos(balances.active), payout: balanceDtos(balances.payout) },
      channels: channels.channels,
      channelsNextFrom: channels.nextFrom,
      transactions: page.items.map(transactionDto),
      transactionsNextFrom: page.nextFrom,
      withdrawalAccount: account ? withdrawalAccountDto(account) : null,
      subscriptionMembers: [],
      subscriptionMembersNextFrom: null,
      subscriptions: [],
      channelsOfSubscriptions: [],
      cards: [],
    };
  }

  /**
   * The follower view's lists, with the row versions of the subscriptions and channels they show and when the first
   * of its memberships ends (links shown while a membership is unexpired).
   */
  private async followerPart(
    user: UserRow,
    nowMs: number,
  ): Promise<{ part: ViewPart; stamps: Map<string, string>; ends: number }> {
    const [rows, transactions] = await Promise.all([
      this.queries.memberships(user.id, new Date(nowMs), null, true),
      this.queries.transactions(user.id, 'follower', 'all', null, true),
    ]);
    const memberships = this.membershipsPageOf(rows, nowMs, PAIRED_PAGE_SIZE);
    const page = toPage(transactions, ledgerPosition, PAIRED_PAGE_SIZE);
    const stamps = new Map<string, string>();
    let ends = Number.POSITIVE_INFINITY;
    for (const { member, subscription, channel, subscriptionStamp, channelStamp } of rows.slice(0, PAIRED_PAGE_SIZE)) {
      stamps.set(`s${subscription.id}`, subscriptionStamp);
      stamps.set(`c${channel.id}`, channelStamp);
      const expires = member.expiresAt?.getTime();
      if (expires !== undefined && expires > nowMs) ends = Math.min(ends, expires);
    }
    for (const line of page.items) {
      if (line.channel && line.channelStamp) stamps.set(`c${line.channel.id}`, line.channelStamp);
      if (line.subscription && line.subscriptionStamp) stamps.set(`s${line.subscription.id}`, line.subscriptionStamp);
    }
    const part: ViewPart = {
      balances: { active: [], payout: [] },
      channels: [],
      channelsNextFrom: null,
      transactions: page.items.map(transactionDto),
      transactionsNextFrom: page.nextFrom,
      withdrawalAccount: null,
      subscriptionMembers: memberships.subscriptionMembers,
      subscriptionMembersNextFrom: memberships.nextFrom,
      subscriptions: memberships.subscriptions,
      channelsOfSubscriptions: memberships.channelsOfSubscriptions,
      // The saved cards come with the flags (fillFollower).
      cards: [],
    };
    return { part, stamps, ends };
  }

  /**
   * A page of the creator's channels, oldest first (keyset on created_at, then id); the dashboard's own first page
   * (`opens`) is half a page, as each list of an answer that holds two (PAIRED_PAGE_SIZE).
   */
  private async channelsPage(
    userId: number,
    nowMs: number,
    cursor: CursorPosition | null,
    opens = false,
  ): Promise<DashboardChannelsPage> {
    const rows = await this.queries.channelsWithCounts(userId, new Date(nowMs), cursor, opens);
    const page = toPage(
      rows,
      (row) => ({ t: row.channel.createdAt.getTime(), id: row.channel.id }),
      opens ? PAIRED_PAGE_SIZE : PAGE_SIZE,
    );
    return {
      channels: page.items.map((row) => channelDto(row.channel, row.activeSubscribers)),
      nextFrom: page.nextFrom,
    };
  }

  /**
   * A page of the follower's memberships, newest first (keyset on created_at, then id), with the subscription and the
   * channel of each: a channel shows once per page however many of its subscriptions the follower has.
   */
  private async membershipsPage(
    userId: number,
    nowMs: number,
    cursor: CursorPosition | null,
  ): Promise<DashboardSubscriptionsPage> {
    return this.membershipsPageOf(await this.queries.memberships(userId, new Date(nowMs), cursor), nowMs);
  }

  private membershipsPageOf(rows: readonly Membership[], nowMs: number, size = PAGE_SIZE): DashboardSubscriptionsPage {
    const page = toPage(rows, ({ member }: Membership) => ({ t: member.createdAt.getTime(), id: member.id }), size);
    const channels = new Map(
      page.items.map(({ channel, channelSubscribers }) => [channel.id, channelDto(channel, channelSubscribers)]),
    );
    return {
      subscriptionMembers: page.items.map(({ member }) => memberDto(member)),
      // Members see the channel links while their membership gives access (a private channel: their own link).
      subscriptions: page.items.map(({ member, subscription, subscribers, channel }) =>
        subscriptionDto(
          subscription,
          subscribers,
          isUnexpired(member, nowMs) ? channel : undefined,
          member.accessRemovedAt === null ? member.inviteLink : null,
        ),
      ),
      channelsOfSubscriptions: [...channels.values()],
      nextFrom: page.nextFrom,
    };
  }

  /** POST /dashboard/channels: the next page of the creator's channels (read fresh: later pages are not cached). */
  async channels(user: UserRow, input: { startFrom?: string | null }): Promise<DashboardChannelsPage> {
    requireVerified(user);
    return this.channelsPage(user.id, this.deps.clock.now(), decodeCursor(input.startFrom));
  }

  /** POST /dashboard/subscriptions: the next page of the follower's memberships (read fresh: not cached). */
  async subscriptions(user: UserRow, input: { startFrom?: string | null }): Promise<DashboardSubscriptionsPage> {
    return this.membershipsPage(user.id, this.deps.clock.now(), decodeCursor(input.startFrom));
  }

  /** POST /dashboard/transactions: the next page of the mode's ledger, or the withdrawals. */
  async transactions(
    user: UserRow,
    input: { list?: TransactionList; mode: Role; startFrom?: string | null },
  ): Promise<TransactionsPage> {
    const list = input.list ?? 'all';
    if (input.mode === 'creator' || list === 'withdrawals') requireVerified(user);
    const cursor = decodeCursor(input.startFrom);
    const rows = await this.queries.transactions(user.id, input.mode, list, cursor);
    const page = toPage(rows, ledgerPosition);
    return { transactions: page.items.map(transactionDto), nextFrom: page.nextFrom };
  }
}
