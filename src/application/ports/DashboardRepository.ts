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
  readonly channels: readonly Channel[];
  readonly transactions: Page<Transaction>;
  readonly withdrawalAccount: WithdrawalAccount | null;
  readonly migrationAvailable: boolean;
  /** Follower mode: the user's memberships with their subscriptions and channels. */
  readonly subscriptionMembers: readonly SubscriptionMember[];
  readonly subscriptions: readonly Subscription[];
  readonly channelsOfSubscriptions: readonly Channel[];
  readonly cards: readonly SavedCard[];
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
}
