/**
 * The dashboard in both modes (spec sections 2 and 7). Creator mode answers migration_required while a migration
 * is due and not started, then verification_required until verification is approved. Follower mode always answers
 * (a new user's first screen). Without `mode`, creators get the creator view and everyone else the follower view.
 */
import type { DashboardResponse, TransactionsPage } from '../../src/contract/api';
import type { Role } from '../../src/domain/entities';
import { type Money, toMajor } from '../../src/domain/money';
import { balancesOf } from '../ledger/ledger';
import { isUnexpired } from '../payments/invoiceTargets';
import { AppError } from '../errors';
import { decodeCursor, toPage } from '../store/cursor';
import { CardsRepository } from '../store/repositories/cards';
import { ChannelsRepository } from '../store/repositories/channels';
import { MembersRepository } from '../store/repositories/members';
import { PayoutAccountsRepository } from '../store/repositories/payoutAccounts';
import { SubscriptionsRepository } from '../store/repositories/subscriptions';
import { type TransactionList, TransactionsRepository } from '../store/repositories/transactions';
import { userFlags } from '../store/repositories/users';
import type { UserRow } from '../store/schema';
import { requireVerified } from './access';
import { type ServiceDeps, nowDate } from './context';
import { cardDto, channelDto, memberDto, subscriptionDto, transactionDto, userDto, withdrawalAccountDto } from './dto';
import { migrationState } from './migrationRules';

const balanceDtos = (balances: readonly Money[]) => balances.map((b) => ({ currency: b.currency, amount: toMajor(b.minor, b.currency) }));

export class DashboardService {
  constructor(private readonly deps: ServiceDeps) {}

  async load(user: UserRow, requestedMode: Role | undefined): Promise<DashboardResponse> {
    const { db } = this.deps;
    const verified = user.verificationStatus === 'approved';
    // A verified creator asking for (or defaulting to) the creator view: read everything at once, one round trip
    // (the migration check below may still discard it).
    const speculative = verified && requestedMode !== 'follower' ? this.creatorPart(user) : null;
    speculative?.catch(() => undefined);
    const flags = await userFlags(db, user.id);
    const isCreator = flags.hasChannels || verified;
    const mode: Role = requestedMode ?? (isCreator ? 'creator' : 'follower');
    const migration = migrationState(flags, user.migrationRefused);
    const base = {
      mode,
      isCreator,
      user: userDto(user),
      migrationAvailable: migration.available,
    };
    if (mode === 'creator') {
      if (migration.required) throw new AppError('migration_required', 'Move your channels from the previous product first');
      requireVerified(user);
      return { ...base, ...(await (speculative ?? this.creatorPart(user))) };
    }
    return { ...base, ...(await this.followerPart(user)) };
  }

  private async creatorPart(user: UserRow) {
    const { db, clock } = this.deps;
    const now = nowDate(clock);
    const [channels, balances, transactions, account] = await Promise.all([
      new ChannelsRepository(db).listByOwnerWithCounts(user.id, now),
      balancesOf(db, user.id, clock.now()),
      new TransactionsRepository(db).pageForUser(user.id, 'creator', 'all', null),
      new PayoutAccountsRepository(db).byUser(user.id),
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

  private async followerPart(user: UserRow) {
    const { db, clock } = this.deps;
    const now = nowDate(clock);
    const [members, cards, transactions] = await Promise.all([
      new MembersRepository(db).listByUser(user.id),
      new CardsRepository(db).listByUser(user.id),
      new TransactionsRepository(db).pageForUser(user.id, 'follower', 'all', null),
    ]);
    const subscriptionIds = members.map((member) => member.subscriptionId);
    const subscriptionsRepo = new SubscriptionsRepository(db);
    const [subscriptions, subscriberCounts] = await Promise.all([
      subscriptionsRepo.byIds(subscriptionIds),
      subscriptionsRepo.activeSubscribers(subscriptionIds, now),
    ]);
    const channelsRepo = new ChannelsRepository(db);
    const channelIds = subscriptions.map((subscription) => subscription.channelId);
    const [channels, channelCounts] = await Promise.all([channelsRepo.byIds(channelIds), channelsRepo.activeSubscribers(channelIds, now)]);
    const channelById = new Map(channels.map((channel) => [channel.id, channel]));
    const withAccess = new Set(members.filter((member) => isUnexpired(member, clock.now())).map((member) => member.subscriptionId));
    const page = toPage(transactions, (view) => ({ t: view.transaction.createdAt.getTime(), id: view.transaction.id }));
    return {
      balances: { active: [], payout: [] },
      channels: [],
      transactions: page.items.map(transactionDto),
      transactionsNextFrom: page.nextFrom,
      withdrawalAccount: null,
      subscriptionMembers: members.map(memberDto),
      // Members see the channel links while their membership gives access.
      subscriptions: subscriptions.map((s) =>
        subscriptionDto(s, subscriberCounts.get(s.id) ?? 0, withAccess.has(s.id) ? channelById.get(s.channelId) : undefined)),
      channelsOfSubscriptions: channels.map((channel) => channelDto(channel, channelCounts.get(channel.id) ?? 0)),
      cards: cards.map(cardDto),
    };
  }

  /** POST /dashboard/transactions: the next page of the mode's ledger, or the withdrawals. */
  async transactions(user: UserRow, input: { list?: TransactionList; mode: Role; startFrom: string | null | undefined }): Promise<TransactionsPage> {
    const list = input.list ?? 'all';
    if (input.mode === 'creator' || list === 'withdrawals') requireVerified(user);
    const cursor = decodeCursor(input.startFrom);
    const rows = await new TransactionsRepository(this.deps.db).pageForUser(user.id, input.mode, list, cursor);
    const page = toPage(rows, (view) => ({ t: view.transaction.createdAt.getTime(), id: view.transaction.id }));
    return { transactions: page.items.map(transactionDto), nextFrom: page.nextFrom };
  }
}
