import type { Bank, PayoutForm, SupportedCountry } from '../../../domain/entities';
import {
  type CountryMismatchDecision,
  countryMismatchDecision,
  formatIdExpirationDate,
  isValidPayoutCardNumber,
  requireBank,
  validateRequirements,
  validateSwiftFields,
} from '../../../domain/payout-fields';
import { type Result, err, ok } from '../../../domain/result';
import { RU_FULL_NAME_MAX, normalizeRuAccount, validateRuAccount } from '../../../domain/ru-bank-account';
import type {
  PayoutParameters,
  PayoutRepository,
  SavedWithdrawalAccount,
  WithdrawalAccountInput,
} from '../../ports/PayoutRepository';
import type { ProviderGateway } from '../../ports/ProviderGateway';
import { type Invalid, type RequestFailure, invalid, request } from '../shared/failures';
import { type MalformedInput, checkInput } from '../../inputs/checkInput';
import { PayoutFormInput } from '../../inputs/forms';
import { requirementsFor } from './requirementsFor';

/** The first invalid field: the screen highlights it, toasts `code` (an i18n key or the server's text) and focuses it. */
export interface InvalidPayoutField {
  readonly field: string;
  readonly code: string;
  readonly reason?: string;
  readonly params?: Readonly<Record<string, string | number>>;
}

/**
 * error_country_mismatch (spec section 8): the card was issued in another country. `offer_switch`: ask to move the
 * account to `switchTo` with the card method and save again; `not_supported`: toast that the country is not supported.
 */
export interface CountryMismatch {
  readonly kind: 'country_mismatch';
  readonly cardCountry: string;
  readonly decision: Exclude<CountryMismatchDecision, 'same'>;
  readonly switchTo?: SupportedCountry;
}

export type SaveWithdrawalAccountError =
  MalformedInput | Invalid<InvalidPayoutField> | CountryMismatch | RequestFailure;

export interface SaveWithdrawalAccountInput {
  readonly form: PayoutForm;
  /** As loaded by the setup screen: countries and field requirements. */
  readonly parameters: Pick<PayoutParameters, 'token' | 'tokenizeUrl' | 'supportedCountries' | 'requirements'>;
  /** Banks for the form's country and currency (empty when there is no bank choice). */
  readonly banks: readonly Bank[];
}

/**
 * Checks the payout form with the rules of spec section 5, tokenises a card at the provider, and saves the account.
 * Bank card: check digit. Swift: city, address, postal code, IBAN. Global bank and ru account: a bank when banks
 * exist, id_expiration_date formatted, then the server's requirements (first invalid field).
 */
export class SaveWithdrawalAccount {
  private readonly usedPublicTokens = new Set<string>();

  constructor(
    private readonly payouts: PayoutRepository,
    private readonly provider: ProviderGateway,
  ) {}

  async execute(
    input: SaveWithdrawalAccountInput,
  ): Promise<Result<SavedWithdrawalAccount, SaveWithdrawalAccountError>> {
    const shaped = checkInput(PayoutFormInput, input.form);
    if (!shaped.ok) return shaped;
    const account = await this.accountFor(input);
    if (!account.ok) return account;
    const saved = await request(() => this.payouts.saveAccount(account.value));
    if (saved.ok || saved.error.code !== 'error_country_mismatch') return saved;
    return err(this.mismatch(input, saved.error));
  }

  private async accountFor({
    form,
    parameters,
    banks,
  }: SaveWithdrawalAccountInput): Promise<Result<WithdrawalAccountInput, SaveWithdrawalAccountError>> {
    const base = { currency: form.currency, countryIso3: form.countryCodeIso3, methodType: form.methodType };
    const fields: Record<string, string> = {};
    for (const [name, value] of Object.entries(form.fields)) if (value !== undefined) fields[name] = value;

    if (form.methodType === 'bank_card') {
      const number = (fields.cardNumber ?? '').replace(/\s/g, '');
      if (!isValidPayoutCardNumber(number)) return err(invalid({ field: 'cardNumber', code: 'invalid_card_number' }));
      // A public token tokenises one card: after a first try (a country to confirm, a failed save) fetch a fresh one.
      const access = this.usedPublicTokens.has(parameters.token)
        ? await request(() => this.payouts.parameters())
        : ok(parameters);
      if (!access.ok) return access;
      this.usedPublicTokens.add(access.value.token);
      const token = await request(() =>
        this.provider.tokenizeCard(
          { number },
          { publicToken: access.value.token, tokenizeUrl: access.value.tokenizeUrl },
        ),
      );
      if (!token.ok) return token;
      const { token: cardToken, network, type, maskedNumber } = token.value;
      return ok({ ...base, card: { token: cardToken, network, type, maskedNumber }, params: {} });
    }

    if (form.methodType === 'swift') {
      const swift = validateSwiftFields(fields);
      if (!swift.ok) {
        const { field, reason, min, max } = swift.error;
        const params: Record<string, number> = {};
        if (min !== undefined) params.min = min;
        if (max !== undefined) params.max = max;
        return err(invalid<InvalidPayoutField>({ field, code: `payout_${field}_${reason}`, reason, params }));
      }
      return ok({ ...base, params: swift.value });
    }

    const bank = requireBank(banks, form.bankExternalId);
    if (!bank.ok) return err(invalid({ field: 'bank', code: bank.error.code }));
    if (form.methodType === 'ru_account') {
      // Our own checks first, each with its own text: the server's requirements carry English messages.
      const ru = validateRuAccount(fields);
      if (ru !== null) {
        const params = { max: RU_FULL_NAME_MAX };
        return err(invalid({ field: ru.field, code: `payout_ru_${ru.code}`, reason: ru.code, params }));
      }
      Object.assign(fields, normalizeRuAccount(fields));
    }
    const requirements = requirementsFor(parameters.requirements, form, bank.value?.externalId);
    if (fields.id_expiration_date !== undefined && fields.id_expiration_date.trim() !== '') {
      const formatted = formatIdExpirationDate(fields.id_expiration_date);
      const message =
        requirements.find((r) => r.name === 'id_expiration_date')?.invalidMessage ??
        'payout_invalid_id_expiration_date';
      if (formatted === null) return err(invalid({ field: 'id_expiration_date', code: message, reason: 'date' }));
      fields.id_expiration_date = formatted;
    }
    const failure = validateRequirements(requirements, fields);
    if (failure !== null)
      return err(invalid({ field: failure.name, code: failure.invalidMessage, reason: failure.reason }));
    const params = Object.fromEntries(
      requirements.flatMap((r) => (fields[r.name] ? [[r.name, fields[r.name].trim()]] : [])),
    );
    return ok({ ...base, bank: bank.value ?? undefined, params });
  }

  private mismatch(input: SaveWithdrawalAccountInput, failure: RequestFailure): CountryMismatch | RequestFailure {
    const cardCountry = failure.details.cardCountry;
    if (typeof cardCountry !== 'string') return failure;
    const { supportedCountries } = input.parameters;
    const decision = countryMismatchDecision(input.form.countryCodeIso2, cardCountry, supportedCountries);
    // "same" would mean the server disagrees with itself; show its message rather than a pointless switch.
    if (decision === 'same') return failure;
    const switchTo =
      decision === 'offer_switch'
        ? supportedCountries.find((c) => c.countryCodeIso2.toUpperCase() === cardCountry.toUpperCase())
        : undefined;
    return { kind: 'country_mismatch', cardCountry, decision, switchTo };
  }
}
