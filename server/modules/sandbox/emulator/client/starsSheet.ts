import { byId, el } from './dom';
import type { StarsPayment, StarsSheet } from './sandboxApi';

/** How the sheet closed, as invoice_closed reports it to the mini-app. */
export type SheetOutcome = 'paid' | 'cancelled' | 'failed';

export interface StarsSheetBackend {
  sheet(link: string): Promise<StarsSheet>;
  pay(link: string): Promise<StarsPayment>;
  /** The demo top-up: the balance becomes `stars`; answers the new balance. */
  topUp(stars: number): Promise<number>;
}

const stars = (count: number): string => `⭐\u00a0${count.toLocaleString('en-US')}`;
const starsWords = (count: number): string => `${count.toLocaleString('en-US')} ${count === 1 ? 'Star' : 'Stars'}`;

/**
 * Telegram's Stars payment sheet over the mini-app (as Telegram's clients draw it: the balance, what is bought and
 * for how many Stars, Pay). Without enough Stars, Pay leads to the top-up message (here: demo Stars from the
 * sandbox); paying goes through the Bot API double, so the bot hears pre_checkout_query and successful_payment.
 * Closing it without paying reports cancelled; a payment the bot refused or that could not go through, failed.
 */
export class StarsSheetView {
  private readonly layer = byId('stars-layer');
  private readonly sheetElement = byId('stars-sheet');
  private finish: ((outcome: SheetOutcome) => void) | undefined;
  private busy = false;
  /** What the host's Close reports: cancelled, or failed once a payment failed. */
  private finishAs: SheetOutcome = 'cancelled';

  constructor(private readonly setAppInert: (inert: boolean) => void) {
    this.layer.addEventListener('keydown', (event) => {
      if (event.key === 'Escape' && !this.busy) {
        event.preventDefault();
        this.close(this.finishAs);
      }
    });
  }

  get isOpen(): boolean {
    return !this.layer.hidden;
  }

  /** Opens the sheet for an invoice link; resolves with how it closed. Undefined while another sheet is open. */
  open(link: string, backend: StarsSheetBackend): Promise<SheetOutcome> | undefined {
    if (this.isOpen) return undefined;
    const done = new Promise<SheetOutcome>((resolve) => {
      this.finish = resolve;
    });
    this.finishAs = 'cancelled';
    this.setAppInert(true);
    this.layer.hidden = false;
    this.render([el('p', { className: 'stars-text' }, 'Loading the invoice…')]);
    backend.sheet(link).then(
      (sheet) => this.confirm(sheet, backend),
      (error: unknown) => this.problem(`This invoice cannot be paid: ${messageOf(error)}`),
    );
    return done;
  }

  /** Closes the sheet (the host's Close, Escape, or the end of a payment) and reports the outcome once. */
  close(outcome: SheetOutcome): void {
    if (!this.isOpen) return;
    this.layer.hidden = true;
    this.sheetElement.replaceChildren();
    this.setAppInert(false);
    this.busy = false;
    const finish = this.finish;
    this.finish = undefined;
    finish?.(outcome);
  }

  private confirm(sheet: StarsSheet, backend: StarsSheetBackend, error = ''): void {
    if (!this.isOpen) return;
    const renews = sheet.subscriptionPeriod !== null;
    const pay = el(
      'button',
      {
        type: 'button',
        className: 'primary stars-pay',
        'data-testid': 'stars-pay',
        'aria-label': `Pay ${starsWords(sheet.stars)}`,
      },
      `Pay ${stars(sheet.stars)}`,
    );
    pay.addEventListener('click', () => void this.pay(sheet, backend, pay));
    this.render([
      balanceLine(sheet.balance),
      el('h3', { id: 'stars-title' }, renews ? 'Subscribe with Stars' : 'Confirm your purchase'),
      el(
        'p',
        { className: 'stars-text', id: 'stars-text' },
        renews
          ? `Subscribe to “${sheet.title}” for ${starsWords(sheet.stars)} a month?`
          : `Do you want to buy “${sheet.title}” for ${starsWords(sheet.stars)}?`,
      ),
      sheet.description ? el('p', { className: 'stars-description' }, sheet.description) : undefined,
      el('p', { className: 'error stars-error', role: 'alert' }, error),
      pay,
      renews
        ? el('p', { className: 'hint stars-note' }, 'Renews every 30 days. You can cancel it any time in Settings.')
        : undefined,
    ]);
    pay.focus();
  }

  private async pay(sheet: StarsSheet, backend: StarsSheetBackend, button: HTMLButtonElement): Promise<void> {
    if (this.busy) return;
    // Telegram checks the balance first and offers a top-up instead of trying.
    if (sheet.balance < sheet.stars) return this.topUp(sheet, backend);
    this.busy = true;
    button.disabled = true;
    button.setAttribute('aria-busy', 'true');
    let payment: StarsPayment;
    try {
      payment = await backend.pay(sheet.link);
    } catch (error) {
      this.busy = false;
      return this.confirm(sheet, backend, `The payment did not go through: ${messageOf(error)}`);
    }
    this.busy = false;
    if (payment.status === 'paid') return this.close('paid');
    if (payment.reason === 'not_enough_stars') {
      const fresh = await backend.sheet(sheet.link).catch(() => sheet);
      return this.topUp(fresh, backend);
    }
    this.problem(
      payment.reason === 'no_answer'
        ? 'The bot did not confirm the payment in time. No Stars were charged.'
        : `${payment.errorMessage ?? 'The bot refused the payment.'} No Stars were charged.`,
    );
  }

  /** Telegram's "not enough Stars": how many are missing and a way to buy them (the sandbox adds demo Stars). */
  private topUp(sheet: StarsSheet, backend: StarsSheetBackend): void {
    const missing = Math.max(sheet.stars - sheet.balance, 1);
    const buy = el(
      'button',
      { type: 'button', className: 'primary stars-pay', 'data-testid': 'stars-top-up' },
      `Buy ${starsWords(missing)} (demo)`,
    );
    buy.addEventListener('click', () => {
      if (this.busy) return;
      this.busy = true;
      buy.disabled = true;
      backend.topUp(sheet.balance + missing).then(
        (balance) => {
          this.busy = false;
          this.confirm({ ...sheet, balance }, backend);
        },
        (error: unknown) => {
          this.busy = false;
          this.confirm(sheet, backend, `Stars could not be added: ${messageOf(error)}`);
        },
      );
    });
    this.render([
      balanceLine(sheet.balance),
      el('h3', { id: 'stars-title' }, 'Not enough Stars'),
      el(
        'p',
        { className: 'stars-text', id: 'stars-text' },
        `You need ${starsWords(missing)} more to pay for “${sheet.title}”. Buy Stars to continue.`,
      ),
      buy,
    ]);
    buy.focus();
  }

  /** Something went wrong before or while paying: says so; closing reports failed. */
  private problem(text: string): void {
    if (!this.isOpen) return;
    const ok = el('button', { type: 'button', className: 'primary stars-pay' }, 'OK');
    ok.addEventListener('click', () => this.close('failed'));
    this.render([
      el('h3', { id: 'stars-title' }, 'Payment failed'),
      el('p', { className: 'stars-text', id: 'stars-text' }, text),
      ok,
    ]);
    this.finishAs = 'failed';
    ok.focus();
  }

  private render(children: (Node | undefined)[]): void {
    const close = el('button', { type: 'button', className: 'stars-close', 'aria-label': 'Close' }, '×');
    close.addEventListener('click', () => {
      if (!this.busy) this.close(this.finishAs);
    });
    this.sheetElement.replaceChildren(close, ...children.filter((child): child is Node => child !== undefined));
  }
}

function balanceLine(balance: number): HTMLElement {
  return el(
    'p',
    { className: 'stars-balance', 'data-testid': 'stars-balance' },
    'Balance ',
    el('strong', {}, stars(balance)),
  );
}

function messageOf(error: unknown): string {
  return error instanceof Error ? error.message : String(error);
}
