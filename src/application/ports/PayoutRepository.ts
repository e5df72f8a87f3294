import type { Currency, Money } from '../../domain/money';
import type {
  Bank,
  CardBrand,
  PayoutFieldRequirement,
  PayoutMethod,
  SupportedCountry,
  Transaction,
  WithdrawalAccount,
  WithdrawalCard,
} from '../../domain/entities';
import type { PayoutProgress } from '../../domain/payout';
import type { Page } from './Page';

export interface PayoutState {
  /** Earnings waiting for the next payout, one per currency. */
  readonly payoutBalances: readonly Money[];
  readonly activeBalances: readonly Money[];
  /** ISO date (yyyy-MM-dd) of the next payout (the 10th or the 25th). */
  readonly nextPayoutDate: string;
  /** Exactly what the next payout sends, per currency (due in its window, above the minimum, in the account's currency). */
  readonly nextPayoutBalances: readonly Money[];
  /** The rest of the payout balances: not paid by the next payout; the earliest they can go is laterPayoutDate. */
  readonly laterPayoutBalances: readonly Money[];
  readonly laterPayoutDate: string;
  readonly withdrawalCard: WithdrawalCard | null;
  readonly withdrawalAccount: WithdrawalAccount | null;
  readonly withdrawals: Page<Transaction>;
  /** The latest payouts, newest first, and where each one is. */
  readonly payouts: readonly PayoutTracking[];
}

/** One payout on its way: requested at the run, sent when the provider took it, then arrived or failed. */
export interface PayoutTracking {
  /** ISO date (yyyy-MM-dd) of the payout day. */
  readonly payoutDate: string;
  readonly amount: Money;
  readonly status: PayoutProgress;
  /** Epoch seconds. */
  readonly requestedAt: number;
  readonly sentAt?: number;
  readonly finishedAt?: number;
  /** While under way: when it should be on the account. */
  readonly expectedArrivalAt?: number;
  /** Why it failed (its money is back in the balance). */
  readonly error?: { readonly code: string; readonly message: string };
}

/** Server-supplied field requirements for one country, currency, method and (optionally) bank. */
export interface PayoutRequirementSet {
  readonly country: string;
  readonly currency: Currency;
  readonly methodType: PayoutMethod;
  readonly bankExternalId?: string;
  readonly fields: readonly PayoutFieldRequirement[];
}

export interface PayoutParameters {
  /** Provider public token for one card tokenisation. */
  readonly token: string;
  /** Where the card is tokenised with that token. */
  readonly tokenizeUrl: string;
  readonly supportedCountries: readonly SupportedCountry[];
  /** ISO2 country of the user, when known. */
  readonly userCountry: string | null;
  readonly requirements: readonly PayoutRequirementSet[];
}

export interface BanksQuery {
  /** ISO2. */
  readonly country: string;
  readonly currency: Currency;
}

/** The account to save; for bank_card the card is a provider token, never the number. */
export interface WithdrawalAccountInput {
  readonly currency: Currency;
  readonly countryIso3: string;
  readonly methodType: PayoutMethod;
  readonly card?: {
    readonly token: string;
    readonly network: CardBrand;
    readonly type: string;
    readonly maskedNumber: string;
  };
  readonly bank?: { readonly externalId: string; readonly bankName: string };
  readonly params: Readonly<Record<string, string>>;
}

export interface SavedWithdrawalAccount {
  readonly card: WithdrawalCard | null;
  readonly withdrawalAccount: WithdrawalAccount;
}

/** Payouts of the signed-in (verified) creator. */
export interface PayoutRepository {
  state(): Promise<PayoutState>;
  parameters(): Promise<PayoutParameters>;
  /** Banks for a country and currency; empty when no bank choice is needed. */
  banks(query: BanksQuery): Promise<readonly Bank[]>;
  /**
   * Saves the payout account. Rejects error_fields_required (message names the fields) and
   * error_country_mismatch with `cardCountry` (ISO2) in the error body.
   */
  saveAccount(account: WithdrawalAccountInput): Promise<SavedWithdrawalAccount>;
}
