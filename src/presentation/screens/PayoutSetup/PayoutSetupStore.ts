import { makeAutoObservable, runInAction } from 'mobx';
import type { PayoutParameters, PayoutRepository } from '../../../application/ports/PayoutRepository';
import { errorCodeOf } from '../../../application/ports/RepositoryError';
import { requirementsFor } from '../../../application/use-cases/payouts/requirementsFor';
import type {
  Bank,
  PayoutFieldName,
  PayoutFieldRequirement,
  PayoutForm,
  PayoutMethod,
  SupportedCountry,
} from '../../../domain/entities';
import type { Currency } from '../../../domain/money';
import { formatCardNumberInput } from '../../../domain/payout-fields';
import { AsyncState } from '../../shell/screenState';

/** Methods whose fields (and bank choice) come from the server's requirements. */
export function usesServerFields(method: PayoutMethod): boolean {
  return method === 'global_bank_account' || method === 'ru_account';
}

/**
 * The currency a country pays out in by a method: the one its requirement sets name (the server lists one set per
 * country, currency and method), else rub for Russia and eur elsewhere (the payout currencies of section 3).
 */
export function payoutCurrencyFor(
  parameters: Pick<PayoutParameters, 'requirements'>,
  countryIso2: string,
  method: PayoutMethod,
): Currency {
  const set = parameters.requirements.find(
    (s) => s.country.toUpperCase() === countryIso2.toUpperCase() && s.methodType === method,
  );
  if (set !== undefined) return set.currency;
  return countryIso2.toUpperCase() === 'RU' ? 'rub' : 'eur';
}

const banksKey = (country: string, currency: Currency) => `${country.toUpperCase()}:${currency}`;

/**
 * The payout setup form and what it was built from (parameters, banks), kept for the app session (a DI singleton)
 * so /payout/setup and its pickers (/payout/setup/country, /payout/setup/bank) share one form. Forgotten after a
 * successful save.
 */
export class PayoutSetupStore {
  readonly loader = new AsyncState(errorCodeOf);
  parameters: PayoutParameters | null = null;
  form: PayoutForm | null = null;
  /** Banks per country and currency, once loaded ('failed' when the call failed). */
  banks = new Map<string, readonly Bank[] | 'loading' | 'failed'>();
  /** The setup screen was reached from a picker (it sits on top of the picker in the history). */
  cameThroughPicker = false;

  constructor(private readonly payouts: PayoutRepository) {
    makeAutoObservable<PayoutSetupStore, 'payouts'>(this, { payouts: false, loader: false }, { autoBind: true });
  }

  /** Loads the parameters once; the form starts in the user's country when payouts are offered there. */
  async ensureLoaded(): Promise<void> {
    if (this.parameters !== null && this.loader.state.status === 'ready') return;
    await this.loader.run(
      () => this.payouts.parameters(),
      (parameters) => {
        this.parameters = parameters;
        if (this.form === null) this.form = this.initialForm(parameters);
      },
    );
    await this.ensureBanks();
  }

  private initialForm(parameters: PayoutParameters): PayoutForm {
    const country = parameters.supportedCountries.find(
      (c) => c.countryCodeIso2.toUpperCase() === parameters.userCountry?.toUpperCase(),
    );
    const empty: PayoutForm = {
      countryCodeIso2: '',
      countryCodeIso3: '',
      currency: 'eur',
      methodType: 'bank_card',
      fields: {},
    };
    return country === undefined ? empty : this.withCountry(empty, country, parameters);
  }

  private withCountry(
    form: PayoutForm,
    country: SupportedCountry,
    parameters: PayoutParameters,
    method?: PayoutMethod,
  ): PayoutForm {
    const methodType =
      method !== undefined && country.availablePayoutMethods.includes(method)
        ? method
        : (country.availablePayoutMethods[0] ?? 'bank_card');
    return {
      ...form,
      countryCodeIso2: country.countryCodeIso2,
      countryCodeIso3: country.countryCodeIso3,
      methodType,
      currency: payoutCurrencyFor(parameters, country.countryCodeIso2, methodType),
      bankExternalId: undefined,
      bankName: undefined,
    };
  }

  get country(): SupportedCountry | null {
    const form = this.form;
    if (form === null || this.parameters === null) return null;
    return this.parameters.supportedCountries.find((c) => c.countryCodeIso2 === form.countryCodeIso2) ?? null;
  }

  /** Banks to choose from for the form's country and currency: null while unknown (loading or not needed). */
  get bankList(): readonly Bank[] | null {
    const form = this.form;
    if (form === null || !usesServerFields(form.methodType) || form.countryCodeIso2 === '') return null;
    const entry = this.banks.get(banksKey(form.countryCodeIso2, form.currency));
    return Array.isArray(entry) ? entry : null;
  }

  get banksStatus(): 'none' | 'loading' | 'failed' | 'ready' {
    const form = this.form;
    if (form === null || !usesServerFields(form.methodType) || form.countryCodeIso2 === '') return 'none';
    const entry = this.banks.get(banksKey(form.countryCodeIso2, form.currency));
    if (entry === undefined || entry === 'loading') return 'loading';
    return entry === 'failed' ? 'failed' : 'ready';
  }

  /** The server's fields for the form's country, currency, method and bank. */
  get requirements(): readonly PayoutFieldRequirement[] {
    const form = this.form;
    if (form === null || this.parameters === null || !usesServerFields(form.methodType)) return [];
    return requirementsFor(this.parameters.requirements, form, form.bankExternalId);
  }

  /** Loads the bank list the form needs, once per country and currency. */
  async ensureBanks(): Promise<void> {
    const form = this.form;
    if (form === null || !usesServerFields(form.methodType) || form.countryCodeIso2 === '') return;
    const key = banksKey(form.countryCodeIso2, form.currency);
    const known = this.banks.get(key);
    if (known === 'loading' || Array.isArray(known)) return;
    this.banks.set(key, 'loading');
    try {
      const banks = await this.payouts.banks({ country: form.countryCodeIso2, currency: form.currency });
      runInAction(() => this.banks.set(key, banks));
    } catch {
      runInAction(() => this.banks.set(key, 'failed'));
    }
    this.fillFixedValues();
  }

  chooseCountry(iso2: string, method?: PayoutMethod): void {
    const country = this.parameters?.supportedCountries.find((c) => c.countryCodeIso2 === iso2);
    if (this.form === null || this.parameters === null || country === undefined) return;
    this.form = this.withCountry(this.form, country, this.parameters, method);
    this.fillFixedValues();
    void this.ensureBanks();
  }

  chooseMethod(method: PayoutMethod): void {
    const country = this.country;
    if (
      this.form === null ||
      this.parameters === null ||
      country === null ||
      !country.availablePayoutMethods.includes(method)
    )
      return;
    this.form = this.withCountry(this.form, country, this.parameters, method);
    this.fillFixedValues();
    void this.ensureBanks();
  }

  chooseBank(bank: Bank): void {
    if (this.form === null) return;
    this.form = { ...this.form, bankExternalId: bank.externalId, bankName: bank.bankName };
    this.fillFixedValues();
  }

  /** A typed value; the card number is grouped by four and cut to its 24-character field. */
  setField(name: PayoutFieldName, value: string): void {
    if (this.form === null) return;
    const cleaned = name === 'cardNumber' ? formatCardNumberInput(value) : value;
    this.form = { ...this.form, fields: { ...this.form.fields, [name]: cleaned } };
  }

  /** Fields the server fixes to one value (equal-to) start with that value. */
  private fillFixedValues(): void {
    const form = this.form;
    if (form === null) return;
    const fixed = this.requirements.filter((r) => r.equalTo !== undefined && (form.fields[r.name] ?? '') === '');
    if (fixed.length === 0) return;
    const fields = { ...form.fields };
    for (const requirement of fixed) fields[requirement.name] = requirement.equalTo;
    this.form = { ...form, fields };
  }

  /** A picker opened on its own leads on to the setup screen, which then goes back past it after saving. */
  markCameThroughPicker(): void {
    this.cameThroughPicker = true;
  }

  /** Forgets the form (after a successful save), so the next setup starts from the saved state. */
  reset(): void {
    this.form = null;
    this.parameters = null;
    this.cameThroughPicker = false;
    this.loader.dispose();
    this.loader.state = { status: 'idle' };
  }
}
