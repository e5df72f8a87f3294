import { makeAutoObservable, runInAction } from 'mobx';
import type { Dialogs } from '../../../application/ports/Dialogs';
import type { Links } from '../../../application/ports/Links';
import type { MigrationRepository, MigrationState } from '../../../application/ports/MigrationRepository';
import { errorCodeOf } from '../../../application/ports/RepositoryError';
import type { Scheduler } from '../../../application/ports/Scheduler';
import type { ConfirmMigration } from '../../../application/use-cases/migration/ConfirmMigration';
import type { RefuseMigration } from '../../../application/use-cases/migration/RefuseMigration';
import type { RequestFailure } from '../../../application/use-cases/shared/failures';
import type { Channel, MigrationChannel, MigrationRequest } from '../../../domain/entities';
import { connectedChatIds, isMigrationComplete, markConnected } from '../../../domain/migration';
import { EXTERNAL_LINKS, openExternal } from '../../shared/externalLinks';
import { AsyncState } from '../../shell/screenState';
import type { DashboardSession } from '../Dashboard/DashboardSession';
import type { ToastStore } from '../../toasts/ToastStore';
import { failureMessage } from '../../toasts/failureMessage';

/**
 * How often the screens re-read the migration while the creator is connecting channels elsewhere (the
 * messenger's channel picker): connected channels get their mark without leaving the screen. Not in the spec.
 */
export const MIGRATION_REFRESH_MS = 5_000;

/**
 * What the migration screens show:
 * - offer: no request yet (what moves over, terms, confirm);
 * - waiting: queued (takes up to 24 hours; support, add bot, connect channels, stop);
 * - importing: the older product hands over subscriptions and payout data;
 * - completed: every donation channel is connected.
 */
export type MigrationView = 'offer' | 'waiting' | 'importing' | 'completed';

/** Spec section 3's confirm and refuse statuses. */
export type MigrationActionStatus = null | 'pending' | 'success' | 'failed';

export type ConfirmOutcome = 'confirmed' | 'terms_required' | 'failed';

export type MigrationChannelRow = MigrationChannel & { readonly connected: boolean };

/**
 * The migration from the older donation product (spec sections 2 and 4) behind /migration, /migration/terms and
 * /migration/connectChannels: one instance per screen mount, each loading GET /migration. Confirming (terms
 * ticked) queues a request; refusing (or stopping a queued one, which loses the place in line) clears it, and
 * the screen then goes to the creator dashboard.
 */
export class MigrationViewModel {
  readonly loading = new AsyncState(errorCodeOf);
  request: MigrationRequest | null = null;
  channels: readonly Channel[] = [];
  donateChannels: readonly MigrationChannel[] = [];
  termsAccepted = false;
  confirmStatus: MigrationActionStatus = null;
  refuseStatus: MigrationActionStatus = null;
  private refreshing: AbortController | null = null;
  private disposed = false;

  constructor(
    private readonly repository: MigrationRepository,
    private readonly confirmMigration: ConfirmMigration,
    private readonly refuseMigration: RefuseMigration,
    private readonly scheduler: Scheduler,
    private readonly toasts: ToastStore,
    private readonly dialogs: Dialogs,
    private readonly links: Links,
    private readonly session: DashboardSession,
  ) {
    makeAutoObservable<
      MigrationViewModel,
      | 'repository'
      | 'confirmMigration'
      | 'refuseMigration'
      | 'scheduler'
      | 'toasts'
      | 'dialogs'
      | 'links'
      | 'session'
      | 'refreshing'
      | 'disposed'
    >(
      this,
      {
        repository: false,
        confirmMigration: false,
        refuseMigration: false,
        scheduler: false,
        toasts: false,
        dialogs: false,
        links: false,
        session: false,
        refreshing: false,
        disposed: false,
        loading: false,
      },
      { autoBind: true },
    );
  }

  get state() {
    return this.loading.state;
  }

  /** The first load (spinner, error with Retry). */
  async load(): Promise<void> {
    await this.loading.run(() => this.repository.get(), this.apply);
  }

  private apply(state: MigrationState): void {
    this.request = state.request;
    this.channels = state.channels;
    this.donateChannels = state.donateChannels;
    if (state.termsAccepted === true) this.termsAccepted = true;
  }

  private get connected(): ReadonlySet<number> {
    return connectedChatIds(this.channels);
  }

  /** Donation channels, most active subscribers first, each marked connected or not. */
  get channelRows(): MigrationChannelRow[] {
    return markConnected(this.donateChannels, this.connected);
  }

  get connectedCount(): number {
    return this.channelRows.filter((row) => row.connected).length;
  }

  /** Every channel of the donation list is connected (or the server already says completed). */
  get complete(): boolean {
    if (this.request?.status === 'completed') return true;
    return this.donateChannels.length > 0 && isMigrationComplete(this.donateChannels, this.connected);
  }

  get view(): MigrationView {
    if (this.request === null) return 'offer';
    // An import under way is shown as such even when every channel is connected already.
    if (this.request.status === 'importing') return 'importing';
    if (this.complete) return 'completed';
    return 'waiting';
  }

  /** While importing: records imported of the export's total (the server's progress), when known. */
  get importProgress(): { done: number; total: number } | null {
    return this.request?.status === 'importing' ? (this.request.progress ?? null) : null;
  }

  /** 1-based place in the queue while queued. */
  get positionInQueue(): number | null {
    return this.request?.status === 'queued' ? (this.request.positionInQueue ?? null) : null;
  }

  setTermsAccepted(accepted: boolean): void {
    this.termsAccepted = accepted;
  }

  /** Queues the request (ConfirmMigration); an unticked checkbox answers terms_required (the screen alerts). */
  async confirm(): Promise<ConfirmOutcome> {
    if (this.confirmStatus === 'pending') return 'failed';
    this.confirmStatus = 'pending';
    const result = await this.confirmMigration.execute({ termsAccepted: this.termsAccepted });
    if (result.ok) {
      runInAction(() => {
        this.request = result.value;
        this.confirmStatus = 'success';
      });
      return 'confirmed';
    }
    const error = result.error;
    runInAction(() => (this.confirmStatus = error.kind === 'invalid' ? null : 'failed'));
    if (error.kind === 'invalid') return 'terms_required';
    this.showFailure(error);
    return 'failed';
  }

  /** confirm(), and the host's alert with `termsAlert` (translated by the screen) when the checkbox is not ticked. */
  async confirmWithAlert(termsAlert: string): Promise<ConfirmOutcome> {
    const outcome = await this.confirm();
    if (outcome === 'terms_required') await this.dialogs.showAlert(termsAlert);
    return outcome;
  }

  /** Asks `question` in the host's confirm (the place in line is lost), then refuse(); false when declined. */
  async refuseAfterConfirm(question: string): Promise<boolean> {
    if (this.busy || !(await this.dialogs.showConfirm(question))) return false;
    return this.refuse();
  }

  openSupport(): void {
    openExternal(this.links, EXTERNAL_LINKS.support);
  }

  openTerms(): void {
    openExternal(this.links, EXTERNAL_LINKS.terms);
  }

  /** Clears the request (losing the place in line) and the offer; true when the screen should go to the creator dashboard. */
  async refuse(): Promise<boolean> {
    if (this.refuseStatus === 'pending') return false;
    this.refuseStatus = 'pending';
    const result = await this.refuseMigration.execute();
    runInAction(() => {
      this.refuseStatus = result.ok ? 'success' : 'failed';
      if (result.ok) this.request = null;
    });
    if (!result.ok) this.showFailure(result.error);
    return result.ok;
  }

  /**
   * Not now while a request waits: keeps the place in line and stops the dashboard from opening this screen again
   * (remembered on the device); the screen then goes to the creator dashboard.
   */
  dismiss(): void {
    this.session.dismissMigration();
  }

  get busy(): boolean {
    return this.confirmStatus === 'pending' || this.refuseStatus === 'pending';
  }

  /**
   * Re-reads the migration every 5 s while it waits for channels to be connected (silently: a failed read keeps
   * what is shown). Stops when complete, on dispose or when called again.
   */
  async keepFresh(): Promise<void> {
    this.refreshing?.abort();
    const controller = new AbortController();
    this.refreshing = controller;
    while (!controller.signal.aborted && !this.disposed && this.view === 'waiting') {
      try {
        await this.scheduler.delay(MIGRATION_REFRESH_MS, controller.signal);
        const state = await this.repository.get();
        if (controller.signal.aborted || this.disposed) return;
        runInAction(() => this.apply(state));
      } catch {
        if (controller.signal.aborted) return;
      }
    }
  }

  private showFailure(error: RequestFailure): void {
    this.toasts.fail(failureMessage(error));
  }

  dispose(): void {
    this.disposed = true;
    this.refreshing?.abort();
    this.loading.dispose();
  }
}
