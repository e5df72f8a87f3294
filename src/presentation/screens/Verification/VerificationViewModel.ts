import { makeAutoObservable, runInAction } from 'mobx';
import type { MessengerPlatform } from '../../../application/ports/MessengerPlatform';
import type { PollVerification } from '../../../application/use-cases/verification/PollVerification';
import type { StartVerification } from '../../../application/use-cases/verification/StartVerification';
import type { VerificationState, VerificationStatus } from '../../../domain/entities';
import { type VerificationView, WIDGET_INVALID_TOKEN_ERROR, verificationView } from '../../../domain/verification';
import { EXTERNAL_LINKS, openExternal } from '../../shared/externalLinks';
import { LOADING, READY, type ScreenState } from '../../shell/screenState';
import type { ToastStore } from '../../toasts/ToastStore';

/** The intro's two steps: the benefits with Get, then the terms checkbox with Continue. */
export type IntroStep = 'benefits' | 'terms';

/** What pressing Continue led to; the screen shows the terms alert (it owns the translations). */
export type StartOutcome = 'terms_required' | 'started' | 'failed' | 'busy';

/**
 * /verification (spec section 4): reads the status (polling every 5 s while a decision can come, retrying after
 * 2 s on errors: PollVerification over the Scheduler port), starts the identity check after the terms are ticked,
 * and fetches a fresh widget token when the widget reports invalid-token.
 */
export class VerificationViewModel {
  status: VerificationStatus | null = null;
  token: string | undefined = undefined;
  widgetUrl: string | undefined = undefined;
  /** in_kyc without an identity-check provider: an operator reviews the application. */
  manualReview = false;
  introStep: IntroStep = 'benefits';
  termsAccepted = false;
  starting = false;
  private polling: AbortController | null = null;
  private disposed = false;

  constructor(
    private readonly pollVerification: PollVerification,
    private readonly startVerification: StartVerification,
    private readonly platform: MessengerPlatform,
    private readonly toasts: ToastStore,
  ) {
    makeAutoObservable<
      VerificationViewModel,
      'pollVerification' | 'startVerification' | 'platform' | 'toasts' | 'polling' | 'disposed'
    >(
      this,
      {
        pollVerification: false,
        startVerification: false,
        platform: false,
        toasts: false,
        polling: false,
        disposed: false,
      },
      { autoBind: true },
    );
  }

  /** iOS runs the identity check on an external page instead of the embedded widget. */
  get isIos(): boolean {
    return this.platform.launchInfo().platform === 'ios';
  }

  get view(): VerificationView | null {
    return this.status === null ? null : verificationView(this.status, { isIos: this.isIos }, this.manualReview);
  }

  /** Until the first status arrives the screen shows the delayed spinner (reads are retried every 2 s). */
  get state(): ScreenState {
    return this.status === null ? LOADING : READY;
  }

  /** Starts reading the status; polls while the check runs or waits for the final decision. */
  load(): void {
    this.poll();
  }

  /** Reads the status now (e.g. the widget reported a decision), then keeps polling. */
  refreshNow(): void {
    this.poll();
  }

  private poll(): void {
    this.polling?.abort();
    if (this.disposed) return;
    const controller = new AbortController();
    this.polling = controller;
    void this.pollVerification.execute({
      signal: controller.signal,
      onStatus: (state) => this.apply(state, controller),
    });
  }

  private apply(state: VerificationState, controller: AbortController): void {
    if (controller.signal.aborted) return;
    runInAction(() => {
      this.status = state.status;
      this.manualReview = state.manualReview === true;
      if (state.token !== undefined) {
        this.token = state.token;
        this.widgetUrl = state.widgetUrl;
      } else if (state.status !== 'in_kyc') {
        this.token = undefined;
        this.widgetUrl = undefined;
      }
    });
  }

  /** Get: shows the terms step. */
  showTerms(): void {
    this.introStep = 'terms';
  }

  setTermsAccepted(accepted: boolean): void {
    this.termsAccepted = accepted;
  }

  /** Continue: starts the identity check (GET /verification/start) once the terms are ticked. */
  async start(): Promise<StartOutcome> {
    if (this.starting) return 'busy';
    this.starting = true;
    try {
      const result = await this.startVerification.execute({ termsAccepted: this.termsAccepted });
      if (this.disposed) return 'failed';
      if (!result.ok) {
        if (result.error.kind === 'invalid') return 'terms_required';
        this.toasts.fail('verification.startFailed');
        return 'failed';
      }
      runInAction(() => {
        this.status = 'in_kyc';
        this.manualReview = result.value.manualReview === true;
        this.token = result.value.token;
        this.widgetUrl = result.value.widgetUrl;
      });
      // On iOS the check runs on an external page: open it once, right after starting.
      if (this.isIos && !this.manualReview) this.openWidgetPage();
      this.poll();
      return 'started';
    } finally {
      runInAction(() => (this.starting = false));
    }
  }

  /** Try again after a rejection for retry (kyc_rejected): the terms were accepted when the check first started. */
  async retry(): Promise<StartOutcome> {
    this.termsAccepted = true;
    return this.start();
  }

  /**
   * The widget's token expired (its invalid-token error): a fresh token from GET /verification/start, which the
   * widget's expiration handler hands back to the widget. Rejects when none can be had (the status is re-read).
   */
  async freshToken(): Promise<string> {
    const result = await this.startVerification.execute({ termsAccepted: true });
    if (!this.disposed && result.ok && result.value.token !== undefined) {
      const token = result.value.token;
      runInAction(() => {
        this.token = token;
        this.widgetUrl = result.value.widgetUrl;
      });
      return token;
    }
    this.refreshNow();
    throw new Error('No fresh identity-check token');
  }

  /** The widget's own errors other than invalid-token: the status is re-read. */
  onWidgetError(code: string): void {
    if (code === WIDGET_INVALID_TOKEN_ERROR) void this.freshToken().catch(() => undefined);
    else this.refreshNow();
  }

  /** The identity check's page outside the app (iOS). */
  openWidgetPage(): void {
    if (this.widgetUrl !== undefined) this.platform.openLink(this.widgetUrl);
  }

  /** Continue with the host's alert (`termsAlert`, translated by the screen) when the terms are not ticked. */
  async startWithAlert(termsAlert: string): Promise<StartOutcome> {
    const outcome = await this.start();
    if (outcome === 'terms_required') await this.platform.showAlert(termsAlert);
    return outcome;
  }

  openSupport(): void {
    openExternal(this.platform, EXTERNAL_LINKS.support);
  }

  openTerms(): void {
    openExternal(this.platform, EXTERNAL_LINKS.terms);
  }

  /** Closes the mini-app (the waiting state: the decision comes by message). */
  close(): void {
    this.platform.close();
  }

  dispose(): void {
    this.disposed = true;
    this.polling?.abort();
    this.polling = null;
  }
}
