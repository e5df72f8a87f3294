import { makeAutoObservable, observableRef, observableShallow, runInAction } from 'mobx';
import type { Clock } from '../../../application/ports/Clock';
import type { Dashboard, DashboardRepository, MembershipsPage } from '../../../application/ports/DashboardRepository';
import type { Links } from '../../../application/ports/Links';
import type { Cursor } from '../../../application/ports/Page';
import { errorCodeOf } from '../../../application/ports/RepositoryError';
import type { Channel, Role, SavedCard, Subscription, SubscriptionMember, Transaction } from '../../../domain/entities';
import { followerSubscriptionView, type FollowerSubscriptionView } from '../../../domain/follower-subscription';
import { redirectForError } from '../../../domain/errors';
import { DEFAULT_LOAD_STATUS, type LoadStatus, loadStatusFromErrorCode } from '../../../domain/load-status';
import { type Currency, type Money, compareCurrencies, money } from '../../../domain/money';
import { LOADING, READY, type ScreenState, failed } from '../../shell/screenState';
import type { DashboardSession } from './DashboardSession';
import { mergeFirstPage } from '../../shared/mergeFirstPage';

/** Where the screen sends the user after loading (always replacing the dashboard entry). */
export type DashboardRedirect = '/migration' | `/dashboard/${Role}`;

/** One currency of the creator's balances: what is accruing now and what goes out with the next payout. */
export interface BalanceRow {
  readonly currency: Currency;
  readonly active: Money;
  readonly payout: Money;
}

/** A membership of the follower with what the dashboard row shows. */
export interface MembershipRow {
  readonly member: SubscriptionMember;
  readonly subscription: Subscription | undefined;
  readonly channel: Channel | undefined;
  readonly view: FollowerSubscriptionView;
}

export type MoreStatus = 'idle' | 'loading' | 'error';

/** The dashboard's lists that page besides the transactions. */
type PagedList = 'channels' | 'subscriptions';

/**
 * The dashboard (spec section 2): loads the creator or follower view, decides the redirect after loading
 * (to /dashboard/{mode}, /migration; the shell's ErrorRedirect handles migration_required and verification_required
 * answers), and pages its lists as the user scrolls: the transactions, the creator's channels and the follower's
 * memberships (the answer holds the first page of each). One instance per mode: a mode switch is a new route, so its
 * loading starts again at pending.
 */
export class DashboardViewModel {
  /** Spec section 4's load status: null, pending, success, or the failure it ended in. */
  loadStatus: LoadStatus = DEFAULT_LOAD_STATUS;
  errorCode: string | null = null;
  dashboard: Dashboard | null = null;
  transactions: Transaction[] = [];
  nextFrom: Cursor = null;
  moreStatus: MoreStatus = 'idle';
  /** The creator's channels loaded so far (the answer's first page, then each page appended). */
  channelList: Channel[] = [];
  /** The follower's memberships loaded so far, with the subscriptions and channels the loaded pages named. */
  memberList: SubscriptionMember[] = [];
  private subscriptionsById = new Map<number, Subscription>();
  private channelsById = new Map<number, Channel>();
  /** Next-page cursor and paging status per list. */
  listNextFrom: Record<PagedList, Cursor> = { channels: null, subscriptions: null };
  listStatus: Record<PagedList, MoreStatus> = { channels: 'idle', subscriptions: 'idle' };
  redirect: DashboardRedirect | null = null;
  /** How far down to scroll once the kept lists show again (Back to the dashboard); null once done. */
  scrollToRestore: number | null = null;
  private generation = 0;

  constructor(
    private readonly repository: DashboardRepository,
    private readonly session: DashboardSession,
    private readonly clock: Clock,
    private readonly links: Links,
    /** The route's mode; undefined on / and /dashboard (the server or the last shown mode decides). */
    readonly requestedMode: Role | undefined,
  ) {
    makeAutoObservable<
      DashboardViewModel,
      'repository' | 'session' | 'clock' | 'links' | 'generation' | 'subscriptionsById' | 'channelsById'
    >(
      this,
      // The answer is replaced whole, never changed in place, and the lists are only appended: observing the
      // references spares converting every channel, card and row to observables on the first render.
      {
        repository: false,
        session: false,
        clock: false,
        links: false,
        generation: false,
        requestedMode: false,
        now: false,
        dashboard: observableRef,
        transactions: observableShallow,
        channelList: observableShallow,
        memberList: observableShallow,
        subscriptionsById: observableShallow,
        channelsById: observableShallow,
      },
      { autoBind: true },
    );
  }

  /** The time list stamps are shown relative to (read on every call: it is not observable). */
  now(): number {
    return this.clock.now();
  }

  /** Our news channel (in the messenger). */
  openNews(): Promise<void> {
    return this.openExternalLink('news');
  }

  /** The creators' help pages. */
  openHelp(): Promise<void> {
    return this.openExternalLink('help');
  }

  /** The link table loads on first use, off the first screen (main.tsx loads it right after, with the server's addresses). */
  private async openExternalLink(name: 'news' | 'help'): Promise<void> {
    const { EXTERNAL_LINKS, openExternal } = await import('../../shared/externalLinks');
    openExternal(this.links, EXTERNAL_LINKS[name]);
  }

  get mode(): Role | null {
    return this.dashboard?.mode ?? this.requestedMode ?? null;
  }

  /** What the screen frame shows: a redirect in progress (ours, or the shell's ErrorRedirect for the code) keeps the loading state. */
  get state(): ScreenState {
    if (this.redirect !== null || (this.errorCode !== null && redirectForError(this.errorCode) !== null))
      return LOADING;
    if (this.loadStatus === 'success') return READY;
    if (this.loadStatus === null || this.loadStatus === 'pending') return LOADING;
    return failed(this.errorCode ?? this.loadStatus);
  }

  /**
   * Opens the screen: coming back (Back), the lists as the user left them, every page loaded and scrolled where it
   * was, so the row they opened is in view again; else a fresh load.
   */
  async open(back: boolean): Promise<void> {
    const kept = back && this.requestedMode ? this.session.takeKept(this.requestedMode, this.clock.now()) : null;
    if (kept === null) return this.load();
    this.generation++;
    this.dashboard = kept.dashboard;
    this.transactions = [...kept.transactions];
    this.nextFrom = kept.nextFrom;
    this.moreStatus = 'idle';
    this.channelList = [...kept.channelList];
    this.memberList = [...kept.memberList];
    this.subscriptionsById = new Map(kept.subscriptions.map((subscription) => [subscription.id, subscription]));
    this.channelsById = new Map(kept.channels.map((channel) => [channel.id, channel]));
    this.listNextFrom = { ...kept.listNextFrom };
    this.listStatus = { channels: 'idle', subscriptions: 'idle' };
    this.errorCode = null;
    this.redirect = null;
    this.loadStatus = 'success';
    this.scrollToRestore = kept.scrollY;
    this.session.remember(kept.dashboard.mode, kept.dashboard.user.id);
    void this.revalidate(this.generation);
  }

  /**
   * The kept lists are shown at once, then brought up to date from a fresh first page without losing the user's place:
   * balances and the rest of the summary are replaced, rows shown already take their new values, and rows that are
   * new come in where their list puts them (newest-first lists at the top; the oldest-first channel list at its end
   * once every page is loaded, else with its next page). A failure leaves the kept view as it is.
   */
  private async revalidate(generation: number): Promise<void> {
    let fresh: Dashboard;
    try {
      fresh = await this.repository.load(this.requestedMode ?? this.session.lastMode ?? undefined);
    } catch {
      return;
    }
    if (generation !== this.generation || fresh.mode !== this.dashboard?.mode) return;
    runInAction(() => {
      this.dashboard = fresh;
      this.transactions = mergeFirstPage(this.transactions, fresh.transactions.items, 'newest-first', false);
      this.channelList = mergeFirstPage(
        this.channelList,
        fresh.channels,
        'oldest-first',
        this.listNextFrom.channels === null,
      );
      this.memberList = mergeFirstPage(this.memberList, fresh.subscriptionMembers, 'newest-first', false);
      for (const subscription of fresh.subscriptions) this.subscriptionsById.set(subscription.id, subscription);
      for (const channel of fresh.channelsOfSubscriptions) this.channelsById.set(channel.id, channel);
    });
  }

  /** The screen is left with the page scrolled to `scrollY`: keeps what it shows for a return by Back. */
  leave(scrollY: number): void {
    const dashboard = this.dashboard;
    if (this.loadStatus !== 'success' || dashboard === null || this.requestedMode === undefined) return;
    this.session.keep({
      dashboard,
      transactions: this.transactions,
      nextFrom: this.nextFrom,
      channelList: this.channelList,
      memberList: this.memberList,
      subscriptions: [...this.subscriptionsById.values()],
      channels: [...this.channelsById.values()],
      listNextFrom: { ...this.listNextFrom },
      scrollY,
      keptAt: this.clock.now(),
    });
  }

  scrollRestored(): void {
    this.scrollToRestore = null;
  }

  async load(): Promise<void> {
    const generation = ++this.generation;
    this.loadStatus = 'pending';
    this.errorCode = null;
    this.redirect = null;
    const handedOver = this.requestedMode ? this.session.take(this.requestedMode) : null;
    try {
      const dashboard =
        handedOver ?? (await this.repository.load(this.requestedMode ?? this.session.lastMode ?? undefined));
      if (generation !== this.generation) return;
      runInAction(() => this.loaded(dashboard));
    } catch (error) {
      if (generation !== this.generation) return;
      const code = errorCodeOf(error);
      runInAction(() => {
        this.errorCode = code;
        this.loadStatus = loadStatusFromErrorCode(code);
      });
    }
  }

  private loaded(dashboard: Dashboard): void {
    this.dashboard = dashboard;
    this.transactions = [...dashboard.transactions.items];
    this.nextFrom = dashboard.transactions.nextFrom;
    this.moreStatus = 'idle';
    this.channelList = [...dashboard.channels];
    this.memberList = [];
    this.subscriptionsById = new Map();
    this.channelsById = new Map();
    this.addMemberships(dashboard);
    this.listNextFrom = { channels: dashboard.channelsNextFrom, subscriptions: dashboard.subscriptionMembersNextFrom };
    this.listStatus = { channels: 'idle', subscriptions: 'idle' };
    this.loadStatus = 'success';
    this.session.remember(dashboard.mode, dashboard.user.id);
    if (dashboard.mode === 'creator' && dashboard.migrationAvailable && !this.session.migrationDismissed) {
      this.redirect = '/migration';
    } else if (this.requestedMode === undefined) {
      this.session.handOver(dashboard);
      this.redirect = `/dashboard/${dashboard.mode}`;
    }
  }

  get hasMoreTransactions(): boolean {
    return this.nextFrom !== null;
  }

  /** The next page of transactions (POST /dashboard/transactions); a failure shows Retry in the list. */
  async loadMoreTransactions(): Promise<void> {
    const mode = this.dashboard?.mode;
    const startFrom = this.nextFrom;
    if (mode === undefined || startFrom === null || this.moreStatus === 'loading') return;
    const generation = this.generation;
    this.moreStatus = 'loading';
    try {
      const page = await this.repository.transactions({ mode, list: 'all', startFrom });
      if (generation !== this.generation) return;
      runInAction(() => {
        const known = new Set(this.transactions.map((transaction) => transaction.id));
        this.transactions.push(...page.items.filter((transaction) => !known.has(transaction.id)));
        this.nextFrom = page.nextFrom;
        this.moreStatus = 'idle';
      });
    } catch {
      if (generation === this.generation) runInAction(() => (this.moreStatus = 'error'));
    }
  }

  /** A page of memberships appended; a membership already shown (the same id) is left as it was. */
  private addMemberships(
    page: Pick<MembershipsPage, 'subscriptionMembers' | 'subscriptions' | 'channelsOfSubscriptions'>,
  ) {
    const known = new Set(this.memberList.map((member) => member.id));
    this.memberList.push(...page.subscriptionMembers.filter((member) => !known.has(member.id)));
    for (const subscription of page.subscriptions) this.subscriptionsById.set(subscription.id, subscription);
    for (const channel of page.channelsOfSubscriptions) this.channelsById.set(channel.id, channel);
  }

  get hasMoreChannels(): boolean {
    return this.listNextFrom.channels !== null;
  }

  get hasMoreSubscriptions(): boolean {
    return this.listNextFrom.subscriptions !== null;
  }

  /** The next page of the creator's channels (POST /dashboard/channels); a failure shows Retry in the list. */
  loadMoreChannels(): Promise<void> {
    return this.loadMore(
      'channels',
      (from) => this.repository.channels(from),
      (page) => {
        const known = new Set(this.channelList.map((channel) => channel.id));
        this.channelList.push(...page.items.filter((channel) => !known.has(channel.id)));
      },
    );
  }

  /** The next page of the follower's memberships (POST /dashboard/subscriptions); a failure shows Retry. */
  loadMoreSubscriptions(): Promise<void> {
    return this.loadMore(
      'subscriptions',
      (from) => this.repository.subscriptions(from),
      (page) => this.addMemberships(page),
    );
  }

  /** One page of a list, at most one request at a time per list, dropped when the dashboard was loaded again since. */
  private async loadMore<P extends { readonly nextFrom: Cursor }>(
    list: PagedList,
    fetch: (startFrom: string) => Promise<P>,
    append: (page: P) => void,
  ): Promise<void> {
    const startFrom = this.listNextFrom[list];
    if (this.dashboard === null || startFrom === null || this.listStatus[list] === 'loading') return;
    const generation = this.generation;
    this.listStatus[list] = 'loading';
    try {
      const page = await fetch(startFrom);
      if (generation !== this.generation) return;
      runInAction(() => {
        append(page);
        this.listNextFrom[list] = page.nextFrom;
        this.listStatus[list] = 'idle';
      });
    } catch {
      if (generation === this.generation) runInAction(() => (this.listStatus[list] = 'error'));
    }
  }

  // ---- creator view

  /** Active and payout balance per currency, eur first; a creator without any sees zero euros. */
  get balances(): BalanceRow[] {
    const byCurrency = new Map<Currency, { active: number; payout: number }>();
    for (const balance of this.dashboard?.balances ?? []) {
      const row = byCurrency.get(balance.amount.currency) ?? { active: 0, payout: 0 };
      row[balance.kind] += balance.amount.minor;
      byCurrency.set(balance.amount.currency, row);
    }
    if (byCurrency.size === 0) byCurrency.set('eur', { active: 0, payout: 0 });
    return [...byCurrency.entries()]
      .sort(([a], [b]) => compareCurrencies(a, b))
      .map(([currency, row]) => ({
        currency,
        active: money(row.active, currency),
        payout: money(row.payout, currency),
      }));
  }

  /** No withdrawal account yet: the creator view offers the payout-details row. */
  get needsPayoutDetails(): boolean {
    return this.dashboard !== null && this.dashboard.mode === 'creator' && this.dashboard.withdrawalAccount === null;
  }

  get channels(): readonly Channel[] {
    return this.channelList.filter((channel) => !channel.isDeleted);
  }

  // ---- follower view

  /** The memberships loaded so far, in the server's order (newest first). */
  private get memberships(): MembershipRow[] {
    const now = this.clock.now();
    return this.memberList.map((member) => {
      const subscription = this.subscriptionsById.get(member.subscriptionId);
      const channel = subscription === undefined ? undefined : this.channelsById.get(subscription.channelId);
      const view = followerSubscriptionView(member, { isDeleted: subscription?.isDeleted ?? false }, now);
      return { member, subscription, channel, view };
    });
  }

  /** Memberships that still renew or give access without renewal (one-time). */
  get activeSubscriptions(): MembershipRow[] {
    return this.memberships.filter((row) => !row.view.cancelled && !row.view.expired);
  }

  /** Cancelled (also by a deleted subscription) or expired memberships. */
  get inactiveSubscriptions(): MembershipRow[] {
    return this.memberships.filter((row) => row.view.cancelled || row.view.expired);
  }

  /** The card the payment-methods row names: the primary one, else the first. */
  get primaryCard(): SavedCard | null {
    const cards = this.dashboard?.cards ?? [];
    return cards.find((card) => card.primary) ?? cards[0] ?? null;
  }

  get cardCount(): number {
    return this.dashboard?.cards.length ?? 0;
  }

  /** A follower who is also a creator gets the link to the creator view. */
  get showsCreatorSwitch(): boolean {
    return this.dashboard?.mode === 'follower' && this.dashboard.isCreator;
  }

  /**
   * Everyone else gets the "earn" link. It opens the verification, where the creator mode starts: such a user has no
   * channel and is not verified, so the creator dashboard would only refuse them (403 verification_required).
   */
  get showsEarnLink(): boolean {
    return this.dashboard?.mode === 'follower' && !this.dashboard.isCreator;
  }

  dispose(): void {
    this.generation += 1;
  }
}
