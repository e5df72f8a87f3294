import { type Currency, compareCurrencies, money } from '../../domain/money';
import type { Balance, BalanceKind, Channel, Role, Transaction } from '../../domain/entities';
import type {
  Dashboard,
  DashboardRepository,
  DashboardTransactionsQuery,
  MembershipsPage,
} from '../../application/ports/DashboardRepository';
import type { Cursor, Page } from '../../application/ports/Page';
import { type InMemoryBackend, type InMemorySession, fail } from './InMemoryBackend';
import { migrationStatus } from './migrationStatus';
import type { UserRecord } from './records';
import { paginate } from './paging';
import { inTransactionList } from './transactionLists';
import { cardView, channelView, memberView, subscriptionView, transactionPage } from './views';

function balances(kind: BalanceKind, amounts: Map<Currency, number>): Balance[] {
  return [...amounts.entries()]
    .sort(([a], [b]) => compareCurrencies(a, b))
    .map(([currency, minor]) => ({ kind, amount: money(minor, currency) }));
}

export class InMemoryDashboardRepository implements DashboardRepository {
  constructor(
    private readonly backend: InMemoryBackend,
    private readonly session: InMemorySession = backend.session,
  ) {}

  /** Creator mode needs an answered migration offer (migration_required) and a passed verification (verification_required). */
  async load(requested?: Role): Promise<Dashboard> {
    const actor = this.backend.actor(this.session);
    const isCreator = this.backend.isCreator(actor);
    const mode = requested ?? (isCreator ? 'creator' : 'follower');
    const migration = migrationStatus(this.backend, actor);
    // Like the server: an unanswered migration offer comes before the verification check.
    if (mode === 'creator' && migration.required)
      fail('migration_required', 'Move your channels from the previous product first');
    if (mode === 'creator' && actor.verification !== 'approved') fail('verification_required', 'Verification required');
    // Like the server: the first page of each list is half a page.
    const size = this.backend.pairedPageSize;
    const channels = this.channelPage(actor, null, size);
    const memberships = this.membershipPage(actor, null, size);
    return {
      mode,
      isCreator,
      user: { ...actor.user },
      balances: [...balances('active', actor.balances.active), ...balances('payout', actor.balances.payout)],
      channels: channels.items,
      channelsNextFrom: channels.nextFrom,
      transactions: transactionPage(this.backend, actor.user.id, inTransactionList(mode, 'all'), null, size),
      withdrawalAccount: actor.withdrawalAccount ? { ...actor.withdrawalAccount } : null,
      migrationAvailable: migration.available,
      subscriptionMembers: memberships.subscriptionMembers,
      subscriptionMembersNextFrom: memberships.nextFrom,
      subscriptions: memberships.subscriptions,
      channelsOfSubscriptions: memberships.channelsOfSubscriptions,
      cards: [...this.backend.cards.values()].filter((c) => c.userId === actor.user.id).map(cardView),
    };
  }

  async transactions(query: DashboardTransactionsQuery): Promise<Page<Transaction>> {
    const actor = this.backend.actor(this.session);
    return transactionPage(
      this.backend,
      actor.user.id,
      inTransactionList(query.mode, query.list ?? 'all'),
      query.startFrom,
    );
  }

  /** Like the server: verification_required until verified. */
  async channels(startFrom: Cursor): Promise<Page<Channel>> {
    const actor = this.backend.actor(this.session);
    if (actor.verification !== 'approved') fail('verification_required', 'Verification required');
    return this.channelPage(actor, startFrom);
  }

  async subscriptions(startFrom: Cursor): Promise<MembershipsPage> {
    return this.membershipPage(this.backend.actor(this.session), startFrom);
  }

  /** The own channels in the order they were added (the server's oldest first), a page at a time. */
  private channelPage(actor: UserRecord, startFrom: Cursor, size = this.backend.pageSize): Page<Channel> {
    const owned = [...this.backend.channels.values()].filter((c) => c.ownerId === actor.user.id && !c.isDeleted);
    const page = paginate(owned, startFrom, size);
    return { items: page.items.map((c) => channelView(this.backend, c)), nextFrom: page.nextFrom };
  }

  /** The memberships newest first (ties by the larger id), a page at a time, with what the page shows of them. */
  private membershipPage(actor: UserRecord, startFrom: Cursor, size = this.backend.pageSize): MembershipsPage {
    const memberships = [...this.backend.members.values()]
      .filter((m) => m.userId === actor.user.id)
      .sort((a, b) => b.activatedAt - a.activatedAt || b.id - a.id);
    const page = paginate(memberships, startFrom, size);
    const subscriptions = page.items.flatMap((m) => {
      const record = this.backend.subscriptions.get(m.subscriptionId);
      return record ? [record] : [];
    });
    const channelIds = new Set(subscriptions.map((s) => s.channelId));
    return {
      subscriptionMembers: page.items.map(memberView),
      subscriptions: subscriptions.map((s) => subscriptionView(this.backend, s)),
      channelsOfSubscriptions: [...this.backend.channels.values()]
        .filter((c) => channelIds.has(c.id))
        .map((c) => channelView(this.backend, c)),
      nextFrom: page.nextFrom,
    };
  }
}
