import { makeAutoObservable } from 'mobx';
import type { Clock } from '../../../application/ports/Clock';
import type { PaymentFlowStore } from '../../payment/PaymentFlowStore';

/**
 * How long the bank page is given (documented decision: the spec shows a countdown but not its length; three
 * minutes is the sandbox provider's challenge time and a common 3-D Secure limit). At zero the screen keeps waiting
 * for the provider's final answer, which then is a timeout error.
 */
export const REDIRECT_COUNTDOWN_SECONDS = 180;

/**
 * /payment/redirect: the bank's 3-D Secure page embedded in a frame, with a countdown. Meanwhile the payment is
 * followed every second (through the shared flow, so it survives leaving this screen); a final status replaces
 * the route with the invoice page, which shows the result.
 */
export class PaymentRedirectViewModel {
  secondsLeft = REDIRECT_COUNTDOWN_SECONDS;
  private deadline: number | null = null;
  private timer: ReturnType<typeof setInterval> | undefined;

  constructor(
    private readonly flow: PaymentFlowStore,
    private readonly clock: Clock,
  ) {
    makeAutoObservable<PaymentRedirectViewModel, 'flow' | 'clock' | 'deadline' | 'timer'>(
      this,
      { flow: false, clock: false, deadline: false, timer: false },
      { autoBind: true },
    );
  }

  get flowNavigation(): Pick<PaymentFlowStore, 'navigation' | 'consumeNavigation'> {
    return this.flow;
  }

  /** The bank page to embed, or null when no payment waits for one. */
  get redirectUrl(): string | null {
    return this.flow.payment.status === 'action_required' ? (this.flow.payment.redirectUrl ?? null) : null;
  }

  /** The payment moved on (paid, failed) and the flow is about to show the invoice page. */
  get settled(): boolean {
    return this.redirectUrl === null && this.flow.payment.status !== null;
  }

  /** Starts the countdown and follows the payment until it is final. */
  start(): void {
    if (this.redirectUrl === null) return;
    this.deadline = this.clock.now() + REDIRECT_COUNTDOWN_SECONDS * 1000;
    clearInterval(this.timer);
    this.timer = setInterval(this.tick, 1000);
    void this.flow.followRedirect();
  }

  tick(): void {
    if (this.deadline === null) return;
    this.secondsLeft = Math.max(0, Math.ceil((this.deadline - this.clock.now()) / 1000));
    if (this.secondsLeft === 0) clearInterval(this.timer);
  }

  /** "2:05" */
  get countdownText(): string {
    return `${Math.floor(this.secondsLeft / 60)}:${String(this.secondsLeft % 60).padStart(2, '0')}`;
  }

  dispose(): void {
    clearInterval(this.timer);
  }
}
