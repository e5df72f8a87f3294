import { makeAutoObservable, runInAction } from 'mobx';
import type { ChannelRepository } from '../../../application/ports/ChannelRepository';
import type { Clock } from '../../../application/ports/Clock';
import type { MessengerPlatform } from '../../../application/ports/MessengerPlatform';
import type { Cursor } from '../../../application/ports/Page';
import { errorCodeOf } from '../../../application/ports/RepositoryError';
import type { Scheduler } from '../../../application/ports/Scheduler';
import type { DeleteChannel } from '../../../application/use-cases/channels/DeleteChannel';
import type { SetChannelLanguage } from '../../../application/use-cases/channels/SetChannelLanguage';
import type { SkipOnboardingStep } from '../../../application/use-cases/channels/SkipOnboardingStep';
import { canPublish, creatorActionsEnabled, shouldRetryChannelLoad } from '../../../domain/channel';
import type {
  Channel,
  Language,
  LanguageCode,
  OnboardingStep,
  Subscription,
  Transaction,
} from '../../../domain/entities';
import { redirectForError } from '../../../domain/errors';
import { CHANNEL_LOAD_RETRY_MS } from '../../timings';
import type { ToastStore } from '../../toasts/ToastStore';
import { GUIDELINES_URL } from '../../shared/channelLinks';
import { failureMessage } from '../../toasts/failureMessage';
import { mergeFirstPage } from '../../shared/mergeFirstPage';
import type { KeepsPlace } from '../../navigation/keptScreens';
import {
  type DeleteChannelDialogs,
  type DeleteChannelOutcome,
  type DeleteChannelTexts,
  deleteChannelFlow,
  hostDeleteChannelDialogs,
} from '../../shared/channelDeletion';

/** What the channel page shows (spec sections 2, 4 and 8). */
export type ChannelView =
  | { readonly kind: 'loading' }
  /** A load failed; retried after 3 s unless the code says a retry is pointless. */
  | { readonly kind: 'error'; readonly code: string }
  /** Moderation blocks the channel: a placeholder, never retried. */
  | { readonly kind: 'moderation'; readonly state: 'in_progress' | 'rejected' }
  /** verification_required, migration_required, banned: the shell (ErrorRedirect) replaces the route; the screen waits. */
  | { readonly kind: 'redirect'; readonly to: string }
  | { readonly kind: 'deleted' }
  | { readonly kind: 'onboarding'; readonly step: Exclude<OnboardingStep, 'completed'> }
  | { readonly kind: 'main' };

/** Paging of one list (subscriptions or transactions). */
export type ListStatus = 'idle' | 'loading' | 'error';

type Loaded = { readonly status: 'loaded' };
type LoadState = { readonly status: 'loading' } | { readonly status: 'failed'; readonly code: string } | Loaded;

/**
 * /channel/{channelId}: loads the channel page (GET /channel/{id}), retrying failed loads after 3 s through the
 * Scheduler port; walks the onboarding steps (language, subscription, publish or share, donation); and runs the
 * main view's lists and the delete flow. Keeps the user's place for Back (`resume`).
 */
export class ChannelViewModel implements KeepsPlace {
  private loadState: LoadState = { status: 'loading' };
  private redirectTo: string | null = null;
  channel: Channel | null = null;
  languages: readonly Language[] = [];
  subscriptions: readonly Subscription[] = [];
  subscriptionsNextFrom: Cursor = null;
  subscriptionsStatus: ListStatus = 'idle';
  transactions: readonly Transaction[] = [];
  transactionsNextFrom: Cursor = null;
  transactionsStatus: ListStatus = 'idle';
  /** The language picked on the select-language step (defaults to the channel's). */
  selectedLanguage: LanguageCode | null = null;
  /** An onboarding action (save language, skip) is in flight. */
  busy = false;
  private aborter: AbortController | null = null;

  constructor(
    private readonly channels: ChannelRepository,
    private readonly setChannelLanguage: SetChannelLanguage,
    private readonly skipOnboardingStep: SkipOnboardingStep,
    private readonly deleteChannelUseCase: DeleteChannel,
    private readonly scheduler: Scheduler,
    private readonly platform: MessengerPlatform,
    private readonly toasts: ToastStore,
    private readonly clock: Clock,
    readonly channelId: number,
  ) {
    makeAutoObservable<
      ChannelViewModel,
      | 'channels'
      | 'setChannelLanguage'
      | 'skipOnboardingStep'
      | 'deleteChannelUseCase'
      | 'scheduler'
      | 'platform'
      | 'toasts'
      | 'clock'
      | 'aborter'
    >(
      this,
      {
        channels: false,
        setChannelLanguage: false,
        skipOnboardingStep: false,
        deleteChannelUseCase: false,
        scheduler: false,
        platform: false,
        toasts: false,
        clock: false,
        aborter: false,
        channelId: false,
        now: false,
      },
      { autoBind: true },
    );
  }

  get view(): ChannelView {
    if (this.redirectTo !== null) return { kind: 'redirect', to: this.redirectTo };
    if (this.loadState.status === 'loading') return { kind: 'loading' };
    if (this.loadState.status === 'failed') {
      if (this.loadState.code === 'moderation_in_progress') return { kind: 'moderation', state: 'in_progress' };
      if (this.loadState.code === 'moderation_rejected') return { kind: 'moderation', state: 'rejected' };
      return { kind: 'error', code: this.loadState.code };
    }
    const channel = this.channel;
    if (channel === null) return { kind: 'loading' };
    if (channel.moderation === 'in_progress' || channel.moderation === 'rejected')
      return { kind: 'moderation', state: channel.moderation };
    if (channel.isDeleted) return { kind: 'deleted' };
    if (channel.onboardingStep !== 'completed') return { kind: 'onboarding', step: channel.onboardingStep };
    return { kind: 'main' };
  }

  /** Donation and subscription buttons, publish: need the bot connected (spec section 6). */
  get actionsEnabled(): boolean {
    return this.channel !== null && creatorActionsEnabled(this.channel);
  }

  get isDisconnected(): boolean {
    return this.channel !== null && !this.channel.connected;
  }

  /** Publishing needs a public handle; a private channel shares its invite link instead. */
  get isPublic(): boolean {
    return this.channel !== null && canPublish(this.channel);
  }

  /** The subscription the "subscription created" step is about: the newest one that is not deleted. */
  get createdSubscription(): Subscription | null {
    const live = this.subscriptions.filter((subscription) => !subscription.isDeleted);
    return live.reduce<Subscription | null>(
      (newest, subscription) => (newest === null || subscription.id > newest.id ? subscription : newest),
      null,
    );
  }

  /**
   * The link a private channel's creator shares after creating a subscription: the subscription's payment page in
   * the mini-app. Never the channel's own invite link, which would let anyone in without paying; payers get their own.
   */
  get shareLink(): string | null {
    return this.createdSubscription?.shareLink ?? null;
  }

  get liveSubscriptionCount(): number {
    return this.subscriptions.filter((subscription) => !subscription.isDeleted).length;
  }

  get hasMoreSubscriptions(): boolean {
    return this.subscriptionsNextFrom !== null;
  }

  get hasMoreTransactions(): boolean {
    return this.transactionsNextFrom !== null;
  }

  /**
   * Loads the page. Failures other than moderation states and redirects are retried every 3 s until one
   * succeeds or the screen goes away; a manual retry (the Retry button) starts over at once.
   */
  async load(): Promise<void> {
    this.aborter?.abort();
    const aborter = new AbortController();
    this.aborter = aborter;
    this.loadState = { status: 'loading' };
    for (;;) {
      try {
        const detail = await this.channels.get(this.channelId);
        const languages =
          detail.channel.onboardingStep === 'select_language' ? await this.channels.languages() : detail.languages;
        if (aborter.signal.aborted) return;
        runInAction(() => {
          this.applyChannel(detail.channel);
          this.languages = languages;
          this.subscriptions = detail.subscriptions.items;
          this.subscriptionsNextFrom = detail.subscriptions.nextFrom;
          this.transactions = detail.transactions.items;
          this.transactionsNextFrom = detail.transactions.nextFrom;
          this.loadState = { status: 'loaded' };
        });
        return;
      } catch (error) {
        if (aborter.signal.aborted) return;
        const code = errorCodeOf(error);
        const redirect = redirectForError(code);
        runInAction(() => {
          if (redirect !== null) this.redirectTo = redirect;
          else this.loadState = { status: 'failed', code };
        });
        if (redirect !== null || !shouldRetryChannelLoad(code)) return;
        try {
          await this.scheduler.delay(CHANNEL_LOAD_RETRY_MS, aborter.signal);
        } catch {
          return; // aborted: disposed, or a manual retry took over
        }
        if (aborter.signal.aborted) return;
      }
    }
  }

  /**
   * Shown again by Back (KeepsPlace): the lists stay as they were, with every page loaded, while the channel and the
   * first page of each list come fresh and are merged in; a failure leaves what is shown. A page that never loaded
   * loads now.
   */
  resume(): void {
    if (this.loadState.status !== 'loaded') {
      void this.load();
      return;
    }
    const aborter = new AbortController();
    this.aborter?.abort();
    this.aborter = aborter;
    void this.channels.get(this.channelId).then(
      (detail) => {
        if (aborter.signal.aborted) return;
        runInAction(() => {
          this.applyChannel(detail.channel);
          this.subscriptions = mergeFirstPage(this.subscriptions, detail.subscriptions.items, 'newest-first', false);
          this.transactions = mergeFirstPage(this.transactions, detail.transactions.items, 'newest-first', false);
        });
      },
      () => undefined,
    );
  }

  selectLanguage(code: LanguageCode): void {
    this.selectedLanguage = code;
  }

  /** Select-language step: saves the choice; the server moves the channel to the next step. */
  async saveLanguage(): Promise<void> {
    if (this.busy || this.selectedLanguage === null) return;
    this.busy = true;
    const result = await this.setChannelLanguage.execute({
      channelId: this.channelId,
      language: this.selectedLanguage,
    });
    runInAction(() => {
      this.busy = false;
      if (result.ok) this.applyChannel(result.value);
    });
    if (!result.ok) this.toasts.fail(failureMessage(result.error));
  }

  /** Skips the current onboarding step (create subscription, publish, donation) and shows the channel's next one. */
  async skipStep(): Promise<void> {
    if (this.busy || this.channel === null) return;
    this.busy = true;
    const result = await this.skipOnboardingStep.execute(this.channel);
    runInAction(() => {
      this.busy = false;
      if (result.ok) this.applyChannel(result.value);
    });
    if (!result.ok) this.toasts.fail(failureMessage(result.error));
  }

  /** Private channel, "subscription created" step: copies the subscription link with the copied toast. */
  async copyShareLink(): Promise<void> {
    const link = this.shareLink;
    if (link === null) return;
    if (await this.platform.copyToClipboard(link)) this.toasts.copied();
    else this.toasts.fail('common.toast.failed');
  }

  async loadMoreSubscriptions(): Promise<void> {
    if (this.subscriptionsStatus === 'loading' || this.subscriptionsNextFrom === null) return;
    this.subscriptionsStatus = 'loading';
    try {
      const page = await this.channels.subscriptions(this.channelId, this.subscriptionsNextFrom);
      runInAction(() => {
        const known = new Set(this.subscriptions.map((subscription) => subscription.id));
        this.subscriptions = [
          ...this.subscriptions,
          ...page.items.filter((subscription) => !known.has(subscription.id)),
        ];
        this.subscriptionsNextFrom = page.nextFrom;
        this.subscriptionsStatus = 'idle';
      });
    } catch {
      runInAction(() => (this.subscriptionsStatus = 'error'));
    }
  }

  async loadMoreTransactions(): Promise<void> {
    if (this.transactionsStatus === 'loading' || this.transactionsNextFrom === null) return;
    this.transactionsStatus = 'loading';
    try {
      const page = await this.channels.transactions(this.channelId, this.transactionsNextFrom);
      runInAction(() => {
        const known = new Set(this.transactions.map((transaction) => transaction.id));
        this.transactions = [...this.transactions, ...page.items.filter((transaction) => !known.has(transaction.id))];
        this.transactionsNextFrom = page.nextFrom;
        this.transactionsStatus = 'idle';
      });
    } catch {
      runInAction(() => (this.transactionsStatus = 'error'));
    }
  }

  /** The time transaction dates are shown relative to (read on every call: it is not observable). */
  now(): number {
    return this.clock.now();
  }

  /** The moderation guidelines (linked when the channel was rejected). */
  openGuidelines(): void {
    this.platform.openLink(GUIDELINES_URL);
  }

  /** The delete flow of the More menu with the host's popups; the screen goes to the dashboard on `deleted`. */
  deleteWithPopups(texts: DeleteChannelTexts): Promise<DeleteChannelOutcome> {
    return this.deleteChannel(hostDeleteChannelDialogs(this.platform, texts));
  }

  /** The delete flow over the given dialogs: a failure toasts the server's words, a deletion says so. */
  async deleteChannel(dialogs: DeleteChannelDialogs): Promise<DeleteChannelOutcome> {
    const outcome = await deleteChannelFlow(
      this.deleteChannelUseCase,
      { channelId: this.channelId, liveSubscriptionCount: this.liveSubscriptionCount },
      dialogs,
    );
    if (outcome.kind === 'failed') this.toasts.fail(failureMessage(outcome));
    if (outcome.kind === 'deleted') this.toasts.success('channel.delete.done');
    return outcome;
  }

  dispose(): void {
    this.aborter?.abort();
    this.aborter = null;
  }

  private applyChannel(channel: Channel): void {
    this.channel = channel;
    if (this.selectedLanguage === null || channel.onboardingStep !== 'select_language')
      this.selectedLanguage = channel.language.code;
  }
}
