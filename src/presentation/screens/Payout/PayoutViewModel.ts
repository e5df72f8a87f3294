import { makeAutoObservable, runInAction } from 'mobx';
import type { Clock } from '../../../application/ports/Clock';
import type { DashboardRepository } from '../../../application/ports/DashboardRepository';
import type { Links } from '../../../application/ports/Links';
import type { Cursor } from '../../../application/ports/Page';
import type { PayoutRepository, PayoutState, PayoutTracking } from '../../../application/ports/PayoutRepository';
import { errorCodeOf } from '../../../application/ports/RepositoryError';
import type { Transaction } from '../../../domain/entities';
import { type Currency, type Money, compareCurrencies, money } from '../../../domain/money';
import { EXTERNAL_LINKS, openExternal } from '../../shared/externalLinks';
import { AsyncState } from '../../shell/screenState';
import { mergeFirstPage } from '../../shared/mergeFirstPage';
import type { KeepsPlace } from '../../navigation/keptScreens';

/** One balance row: what is earning (active) and what the next payout sends (payout), in one currency. */
export interface BalanceRow {
  readonly currency: Currency;
  readonly active: Money;
  readonly payout: Money;
}

/** Joins the two balance lists by currency (eur first), filling a missing side with zero. */
export function balanceRows(state: Pick<PayoutState, 'activeBalances' | 'payoutBalances'>): BalanceRow[] {
  const currencies = new Set<Currency>(
    [...state.activeBalances, ...state.payoutBalances].map((balance) => balance.currency),
  );
  const find = (list: readonly Money[], currency: Currency) =>
    list.find((balance) => balance.currency === currency) ?? money(0, currency);
  return [...currencies].sort(compareCurrencies).map((currency) => ({
    currency,
    active: find(state.activeBalances, currency),
    payout: find(state.payoutBalances, currency),
  }));
}

/** yyyy-MM-dd (the API's next payout date) as epoch seconds at the start of that day, UTC; null when malformed. */
export function payoutDateSeconds(isoDate: string): number | null {
  const match = /^(\d{4})-(\d{2})-(\d{2})$/.exec(isoDate);
  if (match === null) return null;
  return Date.UTC(Number(match[1]), Number(match[2]) - 1, Number(match[3])) / 1000;
}

/**
 * The payout page (spec section 2): balances per currency, the next payout date, the payout account row and the
 * withdrawals, further pages through POST /dashboard/transactions with list 'withdrawals'. Keeps the user's place for
 * Back (`resume`).
 */
export class PayoutViewModel implements KeepsPlace {
  readonly loader = new AsyncState(errorCodeOf);
  payout: PayoutState | null = null;
  withdrawals: Transaction[] = [];
  nextFrom: Cursor = null;
  moreStatus: 'idle' | 'loading' | 'error' = 'idle';

  constructor(
    private readonly payouts: PayoutRepository,
    private readonly dashboard: DashboardRepository,
    private readonly clock: Clock,
    private readonly links: Links,
  ) {
    makeAutoObservable<PayoutViewModel, 'payouts' | 'dashboard' | 'clock' | 'links'>(
      this,
      { payouts: false, dashboard: false, clock: false, links: false, loader: false, now: false },
      { autoBind: true },
    );
  }

  /** The time payout dates are shown relative to (read on every call: it is not observable). */
  now(): number {
    return this.clock.now();
  }

  /** The help page about payout dates, minimums and arrival times. */
  openHelp(): void {
    openExternal(this.links, EXTERNAL_LINKS.payouts);
  }

  get state() {
    return this.loader.state;
  }

  async load(): Promise<void> {
    await this.loader.run(
      () => this.payouts.state(),
      (state) => {
        this.payout = state;
        this.withdrawals = [...state.withdrawals.items];
        this.nextFrom = state.withdrawals.nextFrom;
        this.moreStatus = 'idle';
      },
    );
  }

  /**
   * Shown again by Back (KeepsPlace): the withdrawals stay with every page loaded; the balances, dates and the first
   * page come fresh and are merged in (newest first); a failure leaves what is shown.
   */
  resume(): void {
    if (this.loader.state.status !== 'ready') {
      void this.load();
      return;
    }
    void this.payouts.state().then(
      (state) =>
        runInAction(() => {
          this.payout = state;
          this.withdrawals = mergeFirstPage(this.withdrawals, state.withdrawals.items, 'newest-first', false);
        }),
      () => undefined,
    );
  }

  get balances(): BalanceRow[] {
    return this.payout === null ? [] : balanceRows(this.payout);
  }

  get nextPayoutSeconds(): number | null {
    return this.payout === null ? null : payoutDateSeconds(this.payout.nextPayoutDate);
  }

  /** Exactly what the next payout sends (eur first); empty when it sends nothing. */
  get nextPayoutAmounts(): Money[] {
    return this.payout === null
      ? []
      : [...this.payout.nextPayoutBalances].sort((a, b) => compareCurrencies(a.currency, b.currency));
  }

  /** The payout account's currency when the next payout converts balances in other currencies into it, else null. */
  get convertsInto(): string | null {
    const target = this.payout?.withdrawalAccount?.currency;
    return target !== undefined && this.nextPayoutAmounts.some((amount) => amount.currency !== target)
      ? target.toUpperCase()
      : null;
  }

  /** The rest of the payout balances, which the next payout does not send (eur first). */
  get laterPayoutAmounts(): Money[] {
    return this.payout === null
      ? []
      : [...this.payout.laterPayoutBalances].sort((a, b) => compareCurrencies(a.currency, b.currency));
  }

  /** The earliest payout the rest can go with (start of that day, UTC, epoch seconds). */
  get laterPayoutSeconds(): number | null {
    return this.payout === null ? null : payoutDateSeconds(this.payout.laterPayoutDate);
  }

  /** The latest payouts and where each one is (requested, sent, arrived, failed). */
  get tracked(): readonly PayoutTracking[] {
    return this.payout?.payouts ?? [];
  }

  get hasAccount(): boolean {
    return this.payout?.withdrawalAccount != null;
  }

  get hasMore(): boolean {
    return this.nextFrom !== null;
  }

  /** The next page of withdrawals; a failure leaves the cursor so Retry asks again. */
  async loadMore(): Promise<void> {
    const startFrom = this.nextFrom;
    if (startFrom === null || this.moreStatus === 'loading') return;
    this.moreStatus = 'loading';
    try {
      const page = await this.dashboard.transactions({ mode: 'creator', list: 'withdrawals', startFrom });
      runInAction(() => {
        const known = new Set(this.withdrawals.map((transaction) => transaction.id));
        this.withdrawals.push(...page.items.filter((transaction) => !known.has(transaction.id)));
        this.nextFrom = page.nextFrom;
        this.moreStatus = 'idle';
      });
    } catch {
      runInAction(() => (this.moreStatus = 'error'));
    }
  }

  dispose(): void {
    this.loader.dispose();
  }
}
