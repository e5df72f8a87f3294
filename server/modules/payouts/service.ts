/**
 * Payouts for verified creators (spec sections 3, 5, 7, 8, 9): what the payout page shows (balances, what the next
 * payout sends and what waits, the account, withdrawals) and saving the payout account. Answers domain values and
 * rows; server/modules/payouts/routes.ts maps them to the wire.
 */
import { type Currency, type Money, type PayoutCurrency, PAYOUT_CURRENCIES } from '../../../src/domain/money';
import { type AnnouncedPayouts, type ExchangeRate, announcePayouts, nextPayoutDate } from '../../../src/domain/payout';
import type { ExchangeRates } from '../payments/rates';
import type { ServerClock } from '../../platform/clock';
import { toPage } from '../../platform/db/cursor';
import type { MoneyDb } from '../../platform/db/moneyDb';
import type { PayoutAccountRow } from '../../platform/db/schema';
import { AppError } from '../../platform/errors';
import { asc, desc, eq } from 'drizzle-orm';
import { payoutRuns } from '../../platform/db/schema-money';
import { balancesOf } from '../payments/ledger/ledger';
import type { PayoutRunRow } from '../payments/payoutUpdates';
import type { PaymentProvider } from '../payments/PaymentProvider';
import { type TransactionView, TransactionsRepository, ledgerPosition } from '../transactions/repository';
import { dueAtPayout } from './job';
import { PayoutAccountsRepository } from './repository';
import { type PayoutAccountInput, validatePayoutAccount } from './validateAccount';

export interface PayoutOverview {
  readonly payoutBalances: readonly Money[];
  readonly activeBalances: readonly Money[];
  /** Epoch ms of the next payout run and of the one after it. */
  readonly nextPayoutAt: number;
  readonly laterPayoutAt: number;
  readonly announced: AnnouncedPayouts;
  readonly account: PayoutAccountRow | undefined;
  readonly withdrawals: { readonly items: TransactionView[]; readonly nextFrom: string | null };
  /** The latest payout runs, newest first, for the tracker. */
  readonly payouts: readonly PayoutRunRow[];
}

/** How many payouts the tracker shows. */
const TRACKED_PAYOUTS = 6;

export class PayoutService {
  private readonly accounts: PayoutAccountsRepository;

  constructor(
    private readonly db: MoneyDb,
    private readonly clock: ServerClock,
    private readonly provider: () => PaymentProvider | null,
    private readonly rates: ExchangeRates | null = null,
  ) {
    this.accounts = new PayoutAccountsRepository(db);
  }

  accountOf(userId: number): Promise<PayoutAccountRow | undefined> {
    return this.accounts.byUser(userId);
  }

  /** Today's rates from each due currency into the account's (the payout run converts at its own day's rate). */
  private async ratesFor(
    due: readonly Money[],
    accountCurrency: Currency | null,
  ): Promise<Map<Currency, ExchangeRate>> {
    const rates = new Map<Currency, ExchangeRate>();
    if (
      this.rates === null ||
      accountCurrency === null ||
      !(PAYOUT_CURRENCIES as readonly string[]).includes(accountCurrency)
    )
      return rates;
    for (const { currency } of due) {
      if (currency === accountCurrency) continue;
      const rate = await this.rates.rate(currency, accountCurrency as PayoutCurrency);
      if (rate !== null) rates.set(currency, rate);
    }
    return rates;
  }

  async overview(userId: number): Promise<PayoutOverview> {
    const nowMs = this.clock.now();
    const nextPayoutAt = nextPayoutDate(nowMs);
    const [balances, account, rows, due, runs] = await Promise.all([
      balancesOf(this.db, userId, nowMs),
      this.accounts.byUser(userId),
      new TransactionsRepository(this.db).pageForUser(userId, 'creator', 'withdrawals', null),
      dueAtPayout(this.db, userId, nextPayoutAt),
      this.db
        .select()
        .from(payoutRuns)
        .where(eq(payoutRuns.userId, userId))
        .orderBy(desc(payoutRuns.createdAt), asc(payoutRuns.currency), desc(payoutRuns.payoutDate))
        .limit(TRACKED_PAYOUTS),
    ]);
    return {
      payoutBalances: balances.payout,
      activeBalances: balances.active,
      nextPayoutAt,
      laterPayoutAt: nextPayoutDate(nextPayoutAt),
      announced: announcePayouts(
        balances.payout,
        due,
        account?.currency ?? null,
        await this.ratesFor(due, account?.currency ?? null),
      ),
      account,
      withdrawals: toPage(rows, ledgerPosition),
      payouts: runs,
    };
  }

  /** Validates with the client's domain rules and replaces the previous account; the account's country becomes the user's. */
  async saveAccount(userId: number, input: PayoutAccountInput): Promise<PayoutAccountRow> {
    const provider = this.provider();
    const checked = await validatePayoutAccount(input, (token) =>
      provider === null ? Promise.resolve(null) : provider.describeToken(token),
    );
    if (!checked.ok) {
      const { code, message, ...extra } = checked.error;
      throw new AppError(code, message, extra);
    }
    return this.accounts.save(userId, checked.value, new Date(this.clock.now()));
  }
}
