import { IN_MEMORY_TOKENIZE_URL } from './InMemoryProviderGateway';
import { type Currency, type PayoutCurrency, compareCurrencies, money } from '../../domain/money';
import type { Bank, WithdrawalCard } from '../../domain/entities';
import { type PayoutAccountCatalog, checkPayoutAccount } from '../../domain/payout-account';
import { announcePayouts, nextPayoutDate, payoutDateString } from '../../domain/payout';
import type {
  BanksQuery,
  PayoutParameters,
  PayoutRepository,
  PayoutState,
  SavedWithdrawalAccount,
  WithdrawalAccountInput,
} from '../../application/ports/PayoutRepository';
import { type InMemoryBackend, type InMemorySession, fail } from './InMemoryBackend';
import type { UserRecord } from './records';
import { inTransactionList } from './transactionLists';
import { transactionPage } from './views';

function sortedMoney(amounts: Map<Currency, number>) {
  return [...amounts.entries()]
    .sort(([a], [b]) => compareCurrencies(a, b))
    .map(([currency, minor]) => money(minor, currency));
}

/** Every refusal of an account is error_fields_required with the field and its message, as the server answers. */
export class InMemoryPayoutRepository implements PayoutRepository {
  constructor(
    private readonly backend: InMemoryBackend,
    private readonly session: InMemorySession = backend.session,
  ) {}

  async state(): Promise<PayoutState> {
    const actor = this.creator();
    const payoutBalances = sortedMoney(actor.balances.payout);
    const nextAt = nextPayoutDate(this.backend.nowMs());
    // The fake keeps no earning dates: the whole payout balance counts as due at the next run.
    const announced = announcePayouts(payoutBalances, payoutBalances, actor.withdrawalAccount?.currency ?? null);
    return {
      payoutBalances,
      activeBalances: sortedMoney(actor.balances.active),
      nextPayoutDate: payoutDateString(nextAt),
      nextPayoutBalances: announced.next,
      laterPayoutBalances: announced.later,
      laterPayoutDate: payoutDateString(nextPayoutDate(nextAt)),
      withdrawalCard: actor.withdrawalCard ? { ...actor.withdrawalCard } : null,
      withdrawalAccount: actor.withdrawalAccount ? { ...actor.withdrawalAccount } : null,
      withdrawals: transactionPage(this.backend, actor.user.id, inTransactionList('creator', 'withdrawals'), null),
      // The in-memory provider pays out at once: every withdrawal has arrived.
      payouts: [...this.backend.transactions.values()]
        .filter((record) => record.userId === actor.user.id && record.transaction.type === 'withdrawal')
        .map((record) => record.transaction)
        .sort((a, b) => b.createdAt - a.createdAt)
        .slice(0, 6)
        .map((transaction) => ({
          payoutDate: payoutDateString(transaction.createdAt * 1000),
          amount: transaction.total,
          status: 'arrived' as const,
          requestedAt: transaction.createdAt,
          sentAt: transaction.createdAt,
          finishedAt: transaction.createdAt,
        })),
    };
  }

  async parameters(): Promise<PayoutParameters> {
    const actor = this.creator();
    const { payout } = this.backend.config;
    return {
      token: payout.publicToken,
      tokenizeUrl: IN_MEMORY_TOKENIZE_URL,
      supportedCountries: payout.supportedCountries.map((c) => ({
        ...c,
        availablePayoutMethods: [...c.availablePayoutMethods],
      })),
      userCountry: actor.country,
      requirements: payout.requirements.map((r) => ({ ...r, fields: r.fields.map((f) => ({ ...f })) })),
    };
  }

  async banks(query: BanksQuery): Promise<readonly Bank[]> {
    this.creator();
    return this.banksFor(query.country, query.currency);
  }

  /** Checks the account with the shared rule (src/domain/payout-account.ts) over this backend's payout catalog, then saves it. */
  async saveAccount(input: WithdrawalAccountInput): Promise<SavedWithdrawalAccount> {
    const actor = this.creator();
    const checked = await checkPayoutAccount(
      input,
      this.catalog(),
      async (token) => this.backend.providerTokens.get(token) ?? null,
    );
    if (!checked.ok) {
      const { code, message, ...extra } = checked.error;
      fail(code, message, extra);
    }
    const account = checked.value;
    const card: WithdrawalCard | null = account.card
      ? {
          brand: account.card.brand,
          maskedNumber: account.card.maskedNumber,
          last4: account.card.last4,
          country: account.card.country,
        }
      : null;
    actor.withdrawalCard = card;
    actor.withdrawalAccount = {
      country: account.countryIso2,
      methodType: account.methodType,
      currency: account.currency,
      params: { ...account.params },
    };
    actor.country ??= account.countryIso2;
    return {
      card: card ? { ...card } : null,
      withdrawalAccount: { ...actor.withdrawalAccount, params: { ...account.params } },
    };
  }

  /** This backend's (configurable) payout catalog as the account rule reads it. */
  private catalog(): PayoutAccountCatalog {
    const { supportedCountries, offers, requirements } = this.backend.config.payout;
    return {
      supportedCountries,
      currencyOf: (country, method) =>
        offers.find((offer) => offer.country === country && offer.method === method)?.currency as
          PayoutCurrency | undefined,
      banks: (country, currency) => this.banksFor(country, currency),
      requirements: (country, currency, method, bankExternalId) =>
        requirements.find(
          (set) =>
            set.country === country &&
            set.currency === currency &&
            set.methodType === method &&
            (set.bankExternalId === undefined || set.bankExternalId === bankExternalId),
        )?.fields ?? null,
    };
  }

  private banksFor(country: string, currency: Currency): Bank[] {
    return this.backend.config.payout.banks
      .filter((b) => b.country === country && b.currency === currency)
      .map((b) => ({ ...b.bank }));
  }

  /** Payouts belong to verified creators. */
  private creator(): UserRecord {
    const actor = this.backend.actor(this.session);
    if (actor.verification !== 'approved') fail('verification_required', 'Verification required');
    return actor;
  }
}
