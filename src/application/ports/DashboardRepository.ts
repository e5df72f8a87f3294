import type {
  Balance,
  Channel,
  Role,
  SavedCard,
  Subscription,
  SubscriptionMember,
  Transaction,
  User,
  WithdrawalAccount,
} from '../../domain/entities';
import type { Cursor, Page } from './Page';

/** What the dashboard shows for one mode (GET /dashboard). */
export interface Dashboard {
  readonly mode: Role;
  /** Owns a channel or passed verification: the follower view shows the switch link. */
  readonly isCreator: boolean;
  readonly user: User;
  /** Active and payout balances, one per currency and kind. */
  readonly balances: readonly Balance[];
  /** Creator mode: the first page of the own channels, oldest first; `channels()` reads the next. */
  readonly channels: readonly Channel[];
  readonly channelsNextFrom: Cursor;
  readonly transactions: Page<Transaction>;
  readonly withdrawalAccount: WithdrawalAccount | null;
  readonly migrationAvailable: boolean;
  /** Follower mode: the first page of the user's memberships (newest first) with their subscriptions and channels. */
  readonly subscriptionMembers: readonly SubscriptionMember[];
  /** Where `subscriptions()` reads the next page of memberships; null when there is none. */
  readonly subscriptionMembersNextFrom: Cursor;
  readonly subscriptions: readonly Subscription[];
  readonly channelsOfSubscriptions: readonly Channel[];
  readonly cards: readonly SavedCard[];
}

/** A page of the follower's memberships with the subscription and the channel of each (POST /dashboard/subscriptions). */
export interface MembershipsPage {
  readonly subscriptionMembers: readonly SubscriptionMember[];
  readonly subscriptions: readonly Subscription[];
  readonly channelsOfSubscriptions: readonly Channel[];
  /** Cursor of the next page; null on the last page. */
  readonly nextFrom: Cursor;
}

/** Which transaction list to page: the dashboard's (all) or the payout page's withdrawals. */
export type TransactionList = 'all' | 'withdrawals';

export interface DashboardTransactionsQuery {
  readonly mode: Role;
  readonly list?: TransactionList;
  readonly startFrom: Cursor;
}

/** The dashboard of the signed-in user. */
export interface DashboardRepository {
  /** Loads the dashboard; without `mode` the server picks the user's default mode. */
  load(mode?: Role): Promise<Dashboard>;
  /** Next page of the user's transactions (POST /dashboard/transactions). */
  transactions(query: DashboardTransactionsQuery): Promise<Page<Transaction>>;
  /** A page of the creator's own channels, oldest first (POST /dashboard/channels); verification_required until verified. */
  channels(startFrom: Cursor): Promise<Page<Channel>>;
  /** A page of the follower's memberships, newest first (POST /dashboard/subscriptions). */
  subscriptions(startFrom: Cursor): Promise<MembershipsPage>;
}
