import { type Currency, compareCurrencies, money } from '../../domain/money';
import type { Balance, BalanceKind, Role, Transaction } from '../../domain/entities';
import type {
  Dashboard,
  DashboardRepository,
  DashboardTransactionsQuery,
} from '../../application/ports/DashboardRepository';
import type { Page } from '../../application/ports/Page';
import { type InMemoryBackend, type InMemorySession, fail } from './InMemoryBackend';
import { migrationStatus } from './migrationStatus';
import type { UserRecord } from './records';
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
    const memberships = [...this.backend.members.values()]
      .filter((m) => m.userId === actor.user.id)
      .sort((a, b) => b.activatedAt - a.activatedAt);
    const subscriptions = [...new Set(memberships.map((m) => m.subscriptionId))].flatMap((id) => {
      const record = this.backend.subscriptions.get(id);
      return record ? [record] : [];
    });
    const channelIds = new Set(subscriptions.map((s) => s.channelId));
    return {
      mode,
      isCreator,
      user: { ...actor.user },
      balances: [...balances('active', actor.balances.active), ...balances('payout', actor.balances.payout)],
      channels: this.ownedChannels(actor).map((c) => channelView(this.backend, c)),
      transactions: transactionPage(this.backend, actor.user.id, inTransactionList(mode, 'all'), null),
      withdrawalAccount: actor.withdrawalAccount ? { ...actor.withdrawalAccount } : null,
      migrationAvailable: migration.available,
      subscriptionMembers: memberships.map(memberView),
      subscriptions: subscriptions.map((s) => subscriptionView(this.backend, s)),
      channelsOfSubscriptions: [...this.backend.channels.values()]
        .filter((c) => channelIds.has(c.id))
        .map((c) => channelView(this.backend, c)),
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

  private ownedChannels(actor: UserRecord) {
    return [...this.backend.channels.values()].filter((c) => c.ownerId === actor.user.id && !c.isDeleted);
  }
}
