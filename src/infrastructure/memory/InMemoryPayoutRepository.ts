import { type Currency, compareCurrencies, money } from '../../domain/money';
import type { Bank, PayoutFieldName, SupportedCountry, WithdrawalCard } from '../../domain/entities';
import { announcePayouts, nextPayoutDate, payoutDateString } from '../../domain/payout';
import {
  countryMismatchDecision, formatIdExpirationDate, requireBank, validateRequirements, validateSwiftFields,
} from '../../domain/payout-fields';
import type {
  BanksQuery, PayoutParameters, PayoutRepository, PayoutState, SavedWithdrawalAccount, WithdrawalAccountInput,
} from '../../application/ports/PayoutRepository';
import { type InMemoryBackend, type InMemorySession, fail } from './InMemoryBackend';
import type { UserRecord } from './records';
import { inTransactionList } from './transactionLists';
import { transactionPage } from './views';

function sortedMoney(amounts: Map<Currency, number>) {
  return [...amounts.entries()].sort(([a], [b]) => compareCurrencies(a, b)).map(([currency, minor]) => money(minor, currency));
}

/** Every refusal of an account is error_fields_required with the field and its message, as the server answers. */
function fieldsRequired(message: string, field: string): never {
  fail('error_fields_required', message, { field });
}

export class InMemoryPayoutRepository implements PayoutRepository {
  constructor(private readonly backend: InMemoryBackend, private readonly session: InMemorySession = backend.session) {}

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
    };
  }

  async parameters(): Promise<PayoutParameters> {
    const actor = this.creator();
    const { payout } = this.backend.config;
    return {
      token: payout.publicToken,
      supportedCountries: payout.supportedCountries.map((c) => ({ ...c, availablePayoutMethods: [...c.availablePayoutMethods] })),
      userCountry: actor.country,
      requirements: payout.requirements.map((r) => ({ ...r, fields: r.fields.map((f) => ({ ...f })) })),
    };
  }

  async banks(query: BanksQuery): Promise<readonly Bank[]> {
    this.creator();
    return this.banksFor(query.country, query.currency);
  }

  /**
   * Checks the account the way the payout provider would: supported country, method and its currency; a card issued
   * in the account's country (error_country_mismatch with cardCountry otherwise); the fields of the method
   * (error_fields_required with the field and its message otherwise).
   */
  async saveAccount(input: WithdrawalAccountInput): Promise<SavedWithdrawalAccount> {
    const actor = this.creator();
    const { supportedCountries, offers } = this.backend.config.payout;
    const country = supportedCountries.find((c) => c.countryCodeIso3 === input.countryIso3.toUpperCase());
    if (country === undefined) fieldsRequired('Payouts are not available in this country', 'countryIso3');
    const offer = offers.find((o) => o.country === country.countryCodeIso2 && o.method === input.methodType);
    if (offer === undefined) fieldsRequired('This payout method is not available in this country', 'methodType');
    if (input.currency !== offer.currency) fieldsRequired(`Payouts by this method are made in ${offer.currency.toUpperCase()}`, 'currency');

    let card: WithdrawalCard | null = null;
    let params: Record<string, string>;
    if (input.methodType === 'bank_card') {
      card = this.checkCard(input, country);
      params = {};
    } else if (input.methodType === 'swift') params = checkSwift(input.params);
    else params = this.checkRequirements(input, country);

    actor.withdrawalCard = card;
    actor.withdrawalAccount = { country: country.countryCodeIso2, methodType: input.methodType, currency: input.currency, params };
    actor.country ??= country.countryCodeIso2;
    return { card: card ? { ...card } : null, withdrawalAccount: { ...actor.withdrawalAccount, params: { ...params } } };
  }

  private checkCard(input: WithdrawalAccountInput, country: SupportedCountry): WithdrawalCard {
    const token = input.card && this.backend.providerTokens.get(input.card.token);
    if (input.card === undefined) fieldsRequired('Enter the card number', 'cardNumber');
    if (token === undefined) fieldsRequired('The card could not be read, enter it again', 'cardNumber');
    if (countryMismatchDecision(country.countryCodeIso2, token.country, this.backend.config.payout.supportedCountries) !== 'same') {
      fail('error_country_mismatch', `The card was issued in ${token.country}, not in ${country.countryCodeIso2}`, { cardCountry: token.country });
    }
    return { brand: token.brand, maskedNumber: token.maskedNumber, last4: token.last4, country: token.country };
  }

  private checkRequirements(input: WithdrawalAccountInput, country: SupportedCountry): Record<string, string> {
    const banks = this.banksFor(country.countryCodeIso2, input.currency);
    const bank = requireBank(banks, input.bank?.externalId);
    if (!bank.ok) fieldsRequired('Select a bank', 'bank');
    const bankId = bank.value?.externalId;
    const set = this.backend.config.payout.requirements.find(
      (r) => r.country === country.countryCodeIso2 && r.currency === input.currency && r.methodType === input.methodType
        && (r.bankExternalId === undefined || r.bankExternalId === bankId),
    );
    if (set === undefined) fieldsRequired('This payout method is not available in this country', 'methodType');
    const values: Partial<Record<PayoutFieldName, string>> = {};
    for (const [name, value] of Object.entries(input.params)) values[name as PayoutFieldName] = value.trim();
    if (values.id_expiration_date) values.id_expiration_date = formatIdExpirationDate(values.id_expiration_date) ?? values.id_expiration_date;
    const invalid = validateRequirements(set.fields, values);
    if (invalid !== null) fieldsRequired(invalid.invalidMessage, invalid.name);
    const kept: Record<string, string> = {};
    for (const requirement of set.fields) {
      const value = values[requirement.name];
      if (value) kept[requirement.name] = value;
    }
    return kept;
  }

  private banksFor(country: string, currency: Currency): Bank[] {
    return this.backend.config.payout.banks.filter((b) => b.country === country && b.currency === currency).map((b) => ({ ...b.bank }));
  }

  /** Payouts belong to verified creators. */
  private creator(): UserRecord {
    const actor = this.backend.actor(this.session);
    if (actor.verification !== 'approved') fail('verification_required', 'Verification required');
    return actor;
  }
}

function checkSwift(params: Readonly<Record<string, string>>): Record<string, string> {
  const checked = validateSwiftFields(params);
  if (!checked.ok) fieldsRequired(SWIFT_MESSAGES[checked.error.reason], checked.error.field);
  return { ...checked.value };
}

const SWIFT_MESSAGES: Readonly<Record<string, string>> = {
  required: 'This field is required',
  min_length: 'The IBAN is too short',
  max_length: 'The value is too long',
  invalid_iban: 'The IBAN is not valid',
};
