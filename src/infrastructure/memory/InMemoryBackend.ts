/**
 * A stateful fake of the Backers API for tests, demos and backend teams: one shared state that every
 * InMemory*Repository reads and changes, applying the same rules as the server (ownership, not_found, moderation,
 * connected bot, idempotent payments, cursor paging). Each repository acts for one session (the signed-in user).
 */
import type { Clock } from '../../application/ports/Clock';
import { RepositoryError } from '../../application/ports/RepositoryError';
import { DEFAULT_SERVICE_FEE_BPS } from '../../domain/fees';
import { countLiveSubscribers } from '../../domain/members';
import { defaultBackendConfig } from './defaults';
import type {
  BackendConfig,
  CardRecord,
  ChannelRecord,
  DonationRecord,
  GiftRecord,
  MemberRecord,
  RenewalTermsRecord,
  TrialRecord,
  PaymentRecord,
  ProviderCardTokenRecord,
  ProviderSessionRecord,
  SubscriptionRecord,
  TransactionRecord,
  UserRecord,
} from './records';

export interface InMemoryBackendOptions {
  /** Time source; defaults to the system clock. */
  readonly clock?: Clock;
  readonly pageSize?: number;
  /** Session status reads that answer pending before a new-card payment settles. */
  readonly providerPendingReads?: number;
  /** Service fee kept from every sale, in basis points of the price. */
  readonly serviceFeeBps?: number;
  readonly config?: BackendConfig;
}

/** The signed-in user a repository acts for; null before sign-in (calls answer unauthorized). */
export interface InMemorySession {
  userId: number | null;
}

const systemClock: Clock = { now: () => Date.now(), timezoneOffsetMinutes: () => -new Date().getTimezoneOffset() };

export class InMemoryBackend {
  readonly users = new Map<number, UserRecord>();
  readonly channels = new Map<number, ChannelRecord>();
  readonly subscriptions = new Map<number, SubscriptionRecord>();
  readonly members = new Map<number, MemberRecord>();
  readonly trials = new Map<number, TrialRecord>();
  /** Member id → the discount its next renewals keep (a promo code or a retention offer). */
  readonly renewalTerms = new Map<number, RenewalTermsRecord>();
  /** Member id → the Stars of its last payment, for memberships paid in Telegram Stars (the server's stars_price). */
  readonly memberStars = new Map<number, number>();
  /** Gift subscriptions by code. */
  readonly gifts = new Map<string, GiftRecord>();
  readonly donations = new Map<number, DonationRecord>();
  readonly cards = new Map<number, CardRecord>();
  readonly transactions: TransactionRecord[] = [];
  readonly payments = new Map<string, PaymentRecord>();
  /** `${userId}:${idempotencyKey}` to the first request's fingerprint and answer (a payment id, or the refusal). */
  readonly paymentKeys = new Map<string, { fingerprint: string; paymentId?: string; refusal?: RepositoryError }>();
  readonly providerTokens = new Map<string, ProviderCardTokenRecord>();
  /** Card tokenisations issued, by public token: whose each is and whether it paid (one payment each, as the server). */
  readonly tokenizations = new Map<string, { userId: number; used: boolean }>();
  readonly providerSessions = new Map<string, ProviderSessionRecord>();
  /** The default session, shared by repositories built without their own. */
  readonly session: InMemorySession = { userId: null };
  readonly config: BackendConfig;
  readonly pageSize: number;
  /**
   * The first page of each list of an answer that opens a screen with two (the dashboard, the channel page, the
   * subscription page's member groups): half a page, as the server's PAIRED_PAGE_SIZE.
   */
  readonly pairedPageSize: number;
  readonly providerPendingReads: number;
  readonly serviceFeeBps: number;
  private readonly clock: Clock;
  private lastId = 0;

  constructor(options: InMemoryBackendOptions = {}) {
    this.clock = options.clock ?? systemClock;
    this.pageSize = options.pageSize ?? 20;
    this.pairedPageSize = Math.ceil(this.pageSize / 2);
    this.providerPendingReads = options.providerPendingReads ?? 1;
    this.serviceFeeBps = options.serviceFeeBps ?? DEFAULT_SERVICE_FEE_BPS;
    this.config = options.config ?? defaultBackendConfig();
  }

  nextId(): number {
    this.lastId += 1;
    return this.lastId;
  }

  nextToken(prefix: string): string {
    return `${prefix}_${this.nextId().toString(36)}${Math.random().toString(36).slice(2, 10)}`;
  }

  nowMs(): number {
    return this.clock.now();
  }

  nowSeconds(): number {
    return Math.floor(this.clock.now() / 1000);
  }

  /** The caller of a request: unauthorized without a session, banned for banned accounts. */
  actor(session: InMemorySession): UserRecord {
    const record = session.userId === null ? undefined : this.users.get(session.userId);
    if (record === undefined) fail('unauthorized', 'Not signed in');
    if (record.banned) fail('banned', 'Account banned');
    return record;
  }

  userRecord(userId: number): UserRecord {
    return this.users.get(userId) ?? fail('not_found', 'User not found');
  }

  /** A channel the actor owns; others' and deleted channels are not_found. */
  /** `includeDeleted`: a deleted channel still opens for its owner (isDeleted), as on the server; changes answer not_found. */
  ownedChannel(actor: UserRecord, channelId: number, includeDeleted = false): ChannelRecord {
    const channel = this.channels.get(channelId);
    if (channel === undefined || (channel.isDeleted && !includeDeleted) || channel.ownerId !== actor.user.id)
      fail('not_found', 'Channel not found');
    return channel;
  }

  /** Moderation blocks a channel's page and every creator action on it. */
  approvedChannel(actor: UserRecord, channelId: number, includeDeleted = false): ChannelRecord {
    const channel = this.ownedChannel(actor, channelId, includeDeleted);
    if (channel.moderation === 'in_progress') fail('moderation_in_progress', 'Channel moderation in progress');
    if (channel.moderation === 'rejected') fail('moderation_rejected', 'Channel not approved');
    return channel;
  }

  /** Actions that post into the channel need the bot to be an admin there. */
  connectedChannel(actor: UserRecord, channelId: number): ChannelRecord {
    const channel = this.approvedChannel(actor, channelId);
    if (!channel.connected) fail('channel_disconnected', 'The bot has no access to the channel');
    return channel;
  }

  /** A subscription of a channel the actor owns (deleted ones included: they can be restored). */
  ownedSubscription(
    actor: UserRecord,
    subscriptionId: number,
  ): { subscription: SubscriptionRecord; channel: ChannelRecord } {
    const subscription = this.subscriptions.get(subscriptionId);
    if (subscription === undefined) fail('not_found', 'Subscription not found');
    const channel = this.channels.get(subscription.channelId);
    if (channel === undefined || channel.isDeleted || channel.ownerId !== actor.user.id)
      fail('not_found', 'Subscription not found');
    return { subscription, channel };
  }

  /**
   * A creator's subscription as the server's growth calls check it (server/modules/subscriptions/access.ts): an
   * approved verification, an own channel (a deleted one can be read, not changed), approved by moderation, and the
   * bot connected for calls that need it.
   */
  creatorSubscription(
    actor: UserRecord,
    subscriptionId: number,
    access: { readonly write?: boolean; readonly needsBot?: boolean } = {},
  ): { subscription: SubscriptionRecord; channel: ChannelRecord } {
    if (actor.verification !== 'approved')
      fail('verification_required', 'Verification is required to use creator features');
    const subscription = this.subscriptions.get(subscriptionId);
    const channel = subscription === undefined ? undefined : this.channels.get(subscription.channelId);
    if (
      subscription === undefined ||
      channel === undefined ||
      channel.ownerId !== actor.user.id ||
      (access.write === true && channel.isDeleted)
    )
      fail('not_found', 'Subscription not found');
    if (channel.moderation === 'in_progress') fail('moderation_in_progress', 'Channel moderation in progress');
    if (channel.moderation === 'rejected') fail('moderation_rejected', 'Channel not approved');
    if (access.needsBot === true && !channel.connected)
      fail('channel_disconnected', 'The bot has no access to the channel');
    return { subscription, channel };
  }

  channelOf(subscription: SubscriptionRecord): ChannelRecord {
    return this.channels.get(subscription.channelId) ?? fail('not_found', 'Channel not found');
  }

  membersOf(subscriptionId: number): MemberRecord[] {
    return [...this.members.values()].filter((m) => m.subscriptionId === subscriptionId);
  }

  /** Members who count as subscribers (src/domain/members.ts isLiveMember). */
  activeSubscribersOf(subscriptionId: number): number {
    return countLiveSubscribers(this.membersOf(subscriptionId), this.nowMs());
  }

  /** Distinct people who count as subscribers of any of the channel's subscriptions. */
  channelActiveSubscribers(channelId: number): number {
    const members = [...this.members.values()].filter(
      (m) => this.subscriptions.get(m.subscriptionId)?.channelId === channelId,
    );
    return countLiveSubscribers(members, this.nowMs());
  }

  /** The user is a creator once they own a channel or passed verification. */
  isCreator(user: UserRecord): boolean {
    return (
      user.verification === 'approved' ||
      [...this.channels.values()].some((c) => c.ownerId === user.user.id && !c.isDeleted)
    );
  }
}

/** Rejects the current call with a coded error, as the server answers `{ code, message }`. */
export function fail(code: string, message: string = code, details: Readonly<Record<string, unknown>> = {}): never {
  throw new RepositoryError(code, message, details);
}
