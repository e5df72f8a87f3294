import type { GiftStats } from '../../../application/ports/GiftRepository';
import { type TrialStats, isOnTrial } from '../../../domain/trial';
import { makeAutoObservable, runInAction } from 'mobx';
import type { Clock } from '../../../application/ports/Clock';
import type { MessengerPlatform } from '../../../application/ports/MessengerPlatform';
import type { Cursor } from '../../../application/ports/Page';
import { errorCodeOf } from '../../../application/ports/RepositoryError';
import type {
  MemberGroup,
  StarsPrice,
  SubscriptionRepository,
} from '../../../application/ports/SubscriptionRepository';
import type { DeleteSubscription } from '../../../application/use-cases/subscriptions/DeleteSubscription';
import type { RestoreSubscription } from '../../../application/use-cases/subscriptions/RestoreSubscription';
import { canPublish, creatorActionsEnabled } from '../../../domain/channel';
import type { Channel, MemberFilter, Subscription, SubscriptionMember, User } from '../../../domain/entities';
import { isRenewalRetrying, memberDisplayStatus, memberFiltersFor } from '../../../domain/members';
import { AsyncState } from '../../shell/screenState';
import type { ConfirmTexts } from '../../shared/dialogs';
import type { ToastStore } from '../../toasts/ToastStore';
import { failureMessage } from '../../toasts/failureMessage';
import { mergeFirstPage } from '../../shared/mergeFirstPage';
import type { KeepsPlace } from '../../navigation/keptScreens';

/** One member list (a group under a filter), paged by its own next-from cursor. */
export interface MemberList {
  readonly items: readonly SubscriptionMember[];
  readonly nextFrom: Cursor;
  /** A first page arrived (the list may still be empty). */
  readonly loaded: boolean;
  readonly loading: boolean;
  readonly failed: boolean;
}

const EMPTY_LIST: MemberList = { items: [], nextFrom: null, loaded: false, loading: false, failed: false };

export const MEMBER_GROUPS: readonly MemberGroup[] = ['live', 'inactive'];

/** What the member row shows: who, and the member's active, expiring or expired label. */
export interface MemberRow {
  readonly member: SubscriptionMember;
  readonly user: User | undefined;
  readonly status: 'active' | 'expiring' | 'expired';
  /** A renewal charge failed and is tried again before access ends: shown instead of the label. */
  readonly renewalRetrying: boolean;
  /** On a free trial: when it ends (epoch seconds), shown instead of the label; null: not on one. */
  readonly trialUntil: number | null;
}

const listKey = (group: MemberGroup, filter: MemberFilter) => `${group}:${filter}`;

/**
 * The creator's subscription page (spec sections 2 and 4): header, actions (edit, publish for public channels,
 * command, delete with confirmation, restore when deleted) and the members in two groups (live and inactive) with
 * filters, each list paged by its own cursor. Keeps the user's place for Back (`resume`).
 */
export class SubscriptionViewModel implements KeepsPlace {
  readonly loader = new AsyncState(errorCodeOf);
  subscription: Subscription | null = null;
  channel: Channel | null = null;
  group: MemberGroup = 'live';
  filter: MemberFilter = 'all';
  /** Lists by "group:filter". */
  lists = new Map<string, MemberList>();
  users = new Map<number, User>();
  busy: 'delete' | 'restore' | null = null;
  /** Its price in Telegram Stars and how Stars sell it, once read (a failure shows none). */
  starsPrice: StarsPrice | null = null;
  /** Its gifts sold and accepted, once read (a failure shows none). */
  giftStats: GiftStats | null = null;
  /** Its free trials' figures, once read (a failure shows none). */
  trialStats: TrialStats | null = null;
  private disposed = false;

  constructor(
    private readonly subscriptions: SubscriptionRepository,
    private readonly deleteSubscription: DeleteSubscription,
    private readonly restoreSubscription: RestoreSubscription,
    private readonly platform: MessengerPlatform,
    private readonly toasts: ToastStore,
    private readonly clock: Clock,
    readonly subscriptionId: number,
  ) {
    makeAutoObservable<
      SubscriptionViewModel,
      'subscriptions' | 'deleteSubscription' | 'restoreSubscription' | 'platform' | 'toasts' | 'clock' | 'disposed'
    >(
      this,
      {
        subscriptions: false,
        deleteSubscription: false,
        restoreSubscription: false,
        platform: false,
        toasts: false,
        clock: false,
        loader: false,
        subscriptionId: false,
        disposed: false,
      },
      { autoBind: true },
    );
  }

  get state() {
    return this.loader.state;
  }

  /** Loads the subscription with the first page of both groups (filter all). */
  /** Reads the Stars price beside the page (it is one line of the header: a failure leaves it out). */
  private loadGiftStats(): void {
    void this.subscriptions.giftStats(this.subscriptionId).then(
      (stats) => {
        if (!this.disposed) runInAction(() => (this.giftStats = stats));
      },
      () => undefined,
    );
  }

  private loadStarsPrice(): void {
    void this.subscriptions.starsPrice(this.subscriptionId).then(
      (price) => {
        if (!this.disposed) runInAction(() => (this.starsPrice = price));
      },
      () => undefined,
    );
  }

  /** Reads the trial figures beside the page (a small block: a failure leaves it out). */
  private loadTrialStats(): void {
    void this.subscriptions.trialStats(this.subscriptionId).then(
      (stats) => {
        if (!this.disposed) runInAction(() => (this.trialStats = stats));
      },
      () => undefined,
    );
  }

  /** The trial block shows while the subscription offers a trial or has had any. */
  get showsTrialStats(): boolean {
    const stats = this.trialStats;
    if (stats === null) return false;
    return this.subscription?.trialDays !== undefined || stats.onTrial + stats.ended > 0;
  }

  async load(): Promise<void> {
    this.loadStarsPrice();
    this.loadGiftStats();
    this.loadTrialStats();
    await this.loader.run(
      () => this.subscriptions.detail(this.subscriptionId),
      (detail) => {
        this.subscription = detail.subscription;
        this.channel = detail.channel;
        this.addUsers(detail.users);
        this.lists = new Map([
          [
            listKey('live', 'all'),
            { ...EMPTY_LIST, items: detail.members.live.items, nextFrom: detail.members.live.nextFrom, loaded: true },
          ],
          [
            listKey('inactive', 'all'),
            {
              ...EMPTY_LIST,
              items: detail.members.inactive.items,
              nextFrom: detail.members.inactive.nextFrom,
              loaded: true,
            },
          ],
        ]);
        if (!this.filters.includes(this.filter)) this.filter = 'all';
      },
    );
  }

  /**
   * Shown again by Back (KeepsPlace): the tab, the filter and every loaded page stay; the subscription, its channel
   * and the first page of both groups come fresh and are merged in (members newest first); a failure leaves what is
   * shown.
   */
  resume(): void {
    if (this.loader.state.status !== 'ready') {
      void this.load();
      return;
    }
    this.loadStarsPrice();
    this.loadTrialStats();
    void this.subscriptions.detail(this.subscriptionId).then(
      (detail) => {
        if (this.disposed) return;
        runInAction(() => {
          this.subscription = detail.subscription;
          this.channel = detail.channel;
          this.addUsers(detail.users);
          for (const group of MEMBER_GROUPS) {
            const key = listKey(group, 'all');
            const list = this.lists.get(key);
            if (list?.loaded)
              this.lists.set(key, {
                ...list,
                items: mergeFirstPage(list.items, detail.members[group].items, 'newest-first', false),
              });
          }
        });
      },
      () => undefined,
    );
  }

  /** One-time subscriptions offer only all and active. */
  get filters(): MemberFilter[] {
    return memberFiltersFor(this.subscription?.period ?? 'monthly');
  }

  get isDeleted(): boolean {
    return this.subscription?.isDeleted ?? false;
  }

  /** Publishing needs a public handle (section 6) and a subscription on sale. */
  get canPublish(): boolean {
    return this.channel !== null && canPublish(this.channel) && !this.isDeleted;
  }

  /** Editing and publishing need the bot connected (section 6); a removed subscription must be restored first. */
  get canEdit(): boolean {
    return this.channel !== null && creatorActionsEnabled(this.channel) && !this.isDeleted;
  }

  get currentList(): MemberList {
    return this.lists.get(listKey(this.group, this.filter)) ?? EMPTY_LIST;
  }

  get rows(): MemberRow[] {
    const now = this.clock.now();
    return this.currentList.items.map((member) => ({
      member,
      user: this.users.get(member.userId),
      status: memberDisplayStatus(member, now),
      renewalRetrying: isRenewalRetrying(member, now),
      trialUntil: isOnTrial(member, now) ? member.trialEndsAt! : null,
    }));
  }

  selectGroup(group: MemberGroup): void {
    this.group = group;
    this.ensureLoaded();
  }

  selectFilter(filter: MemberFilter): void {
    if (!this.filters.includes(filter)) return;
    this.filter = filter;
    this.ensureLoaded();
  }

  private ensureLoaded(): void {
    const list = this.currentList;
    if (!list.loaded && !list.loading) void this.loadPage(this.group, this.filter, null);
  }

  /** Next page of the visible list (infinite loading). */
  loadMore(): void {
    const list = this.currentList;
    if (list.loading) return;
    if (!list.loaded || list.failed) void this.loadPage(this.group, this.filter, list.loaded ? list.nextFrom : null);
    else if (list.nextFrom !== null) void this.loadPage(this.group, this.filter, list.nextFrom);
  }

  private async loadPage(group: MemberGroup, filter: MemberFilter, startFrom: Cursor): Promise<void> {
    const key = listKey(group, filter);
    const before = this.lists.get(key) ?? EMPTY_LIST;
    this.lists.set(key, { ...before, loading: true, failed: false });
    try {
      const page = await this.subscriptions.members(this.subscriptionId, { filter, group, startFrom });
      if (this.disposed) return;
      runInAction(() => {
        this.addUsers(page.users);
        const current = this.lists.get(key) ?? EMPTY_LIST;
        const items = startFrom === null ? page.items : [...current.items, ...page.items];
        this.lists.set(key, { items, nextFrom: page.nextFrom, loaded: true, loading: false, failed: false });
      });
    } catch {
      if (this.disposed) return;
      runInAction(() => this.lists.set(key, { ...(this.lists.get(key) ?? EMPTY_LIST), loading: false, failed: true }));
    }
  }

  private addUsers(users: readonly User[]): void {
    for (const user of users) this.users.set(user.id, user);
  }

  /** Asks for confirmation, then removes the subscription from sale. */
  async remove(texts: ConfirmTexts): Promise<void> {
    if (this.busy !== null || this.subscription === null) return;
    const answer = await this.platform.showPopup({
      title: texts.title,
      message: texts.message,
      buttons: [
        { id: 'cancel', type: 'cancel' },
        { id: 'delete', type: 'destructive', text: texts.confirm },
      ],
    });
    if (answer !== 'delete') return;
    runInAction(() => (this.busy = 'delete'));
    const result = await this.deleteSubscription.execute({ subscriptionId: this.subscriptionId });
    runInAction(() => {
      this.busy = null;
      if (!result.ok) {
        this.toasts.fail(failureMessage(result.error));
        return;
      }
      if (this.subscription !== null) this.subscription = { ...this.subscription, isDeleted: true };
      this.toasts.success('subscription.detail.deletedToast');
    });
  }

  async restore(): Promise<void> {
    if (this.busy !== null) return;
    this.busy = 'restore';
    const result = await this.restoreSubscription.execute({ subscriptionId: this.subscriptionId });
    runInAction(() => {
      this.busy = null;
      if (!result.ok) {
        this.toasts.fail(failureMessage(result.error));
        return;
      }
      this.subscription = result.value;
      this.toasts.success('subscription.detail.restoredToast');
    });
  }

  dispose(): void {
    this.disposed = true;
    this.loader.dispose();
  }
}
