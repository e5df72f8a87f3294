import { makeAutoObservable, runInAction } from 'mobx';
import type { MessengerPlatform } from '../../../application/ports/MessengerPlatform';
import type {
  SaveWithdrawalAccount,
  SaveWithdrawalAccountError,
} from '../../../application/use-cases/payouts/SaveWithdrawalAccount';
import type { Bank, PayoutFieldName, PayoutMethod, SupportedCountry } from '../../../domain/entities';
import { PAYOUT_FIELD_NAMES } from '../../../domain/entities';
import { SWIFT_FIELDS, SWIFT_LIMITS, type SwiftField } from '../../../domain/payout-fields';
import { RU_ACCOUNT_ERRORS } from '../../../domain/ru-bank-account';
import type { ToastMessage, ToastStore } from '../../toasts/ToastStore';
import { countryName } from '../../shared/countryName';
import { EXTERNAL_LINKS, openExternal } from '../../shared/externalLinks';
import type { PayoutSetupStore } from './PayoutSetupStore';

/** Codes of the use case that are our own i18n keys (payout.errors.*); any other code is the server's text. */
const OWN_ERROR_CODES: ReadonlySet<string> = new Set([
  'invalid_card_number',
  'payout_setup_select_bank',
  'payout_invalid_id_expiration_date',
  ...SWIFT_FIELDS.flatMap((field) =>
    ['required', 'min_length', 'max_length', 'invalid_iban'].map((reason) => `payout_${field}_${reason}`),
  ),
  ...RU_ACCOUNT_ERRORS.map((code) => `payout_ru_${code}`),
]);

/** What the highlighted field says: an i18n key with params, or the server's own text. */
export function invalidFieldMessage(
  code: string,
  params: Readonly<Record<string, string | number>> = {},
): ToastMessage {
  return OWN_ERROR_CODES.has(code) ? { key: `payout.errors.${code}`, params } : { text: code };
}

/** Transport failures that show the connection-trouble blockout (spec section 8; Safari says "Load failed"; 429s too). */
export function isConnectionFailure(failure: { readonly code: string; readonly message: string }): boolean {
  return (
    failure.code === 'network_error' ||
    failure.code === 'rate_limited' ||
    /load failed/i.test(failure.message) ||
    /network error/i.test(failure.message)
  );
}

export type InvalidTarget = PayoutFieldName | 'bank' | 'country';

export const SWIFT_FIELD_LIMITS: Readonly<Record<SwiftField, number>> = {
  city: SWIFT_LIMITS.city.max,
  address: SWIFT_LIMITS.address.max,
  postal_code: SWIFT_LIMITS.postal_code.max,
  iban: SWIFT_LIMITS.iban.max,
};

/**
 * Payout account setup (spec sections 2, 4, 5, 8), shared by /payout/setup and its country and bank pickers; the
 * form itself lives in PayoutSetupStore. Saving runs SaveWithdrawalAccount and blocks edits; the first invalid field
 * is highlighted with its own message, a fail toast and focus; error_country_mismatch offers to switch to the card's
 * country (or says it is not supported); a network failure shows the connection-trouble blockout.
 */
export class PayoutSetupViewModel {
  saving = false;
  /** The highlighted field and its message. */
  invalid: { readonly field: InvalidTarget; readonly message: ToastMessage } | null = null;
  /** The field to focus; `seq` changes on every request so the same field can be focused twice. */
  focusRequest: { readonly field: InvalidTarget; readonly seq: number } | null = null;
  /** Connection trouble while saving: the blockout with Try again and Support is shown. */
  connectionTrouble = false;
  private locale = 'en';
  private disposed = false;
  /** Saved: the store's form is forgotten when the screen goes away. */
  private saved = false;

  constructor(
    readonly store: PayoutSetupStore,
    private readonly saveAccount: SaveWithdrawalAccount,
    private readonly platform: MessengerPlatform,
    private readonly toasts: ToastStore,
  ) {
    makeAutoObservable<
      PayoutSetupViewModel,
      'saveAccount' | 'platform' | 'toasts' | 'locale' | 'disposed' | 'saved' | 'translate'
    >(
      this,
      {
        store: false,
        saveAccount: false,
        platform: false,
        toasts: false,
        locale: false,
        disposed: false,
        saved: false,
        translate: false,
      },
      { autoBind: true },
    );
  }

  get state() {
    return this.store.loader.state;
  }

  get form() {
    return this.store.form;
  }

  /** Loads what the setup needs; `locale` names countries in toasts and dialogs. */
  async load(locale: string): Promise<void> {
    this.locale = locale;
    await this.store.ensureLoaded();
  }

  retry(): void {
    void this.store.ensureLoaded();
  }

  /** Supported countries by name in the page language. */
  get countries(): readonly SupportedCountry[] {
    const list = this.store.parameters?.supportedCountries ?? [];
    return [...list].sort((a, b) =>
      countryName(a.countryCodeIso2, this.locale).localeCompare(
        countryName(b.countryCodeIso2, this.locale),
        this.locale,
      ),
    );
  }

  get methods(): readonly PayoutMethod[] {
    return this.store.country?.availablePayoutMethods ?? [];
  }

  chooseCountry(iso2: string): void {
    if (this.saving) return;
    this.store.chooseCountry(iso2);
    this.clearInvalid('country');
  }

  chooseMethod(method: PayoutMethod): void {
    if (this.saving) return;
    this.store.chooseMethod(method);
    this.invalid = null;
  }

  chooseBank(bank: Bank): void {
    if (this.saving) return;
    this.store.chooseBank(bank);
    this.clearInvalid('bank');
  }

  setField(name: PayoutFieldName, value: string): void {
    if (this.saving) return;
    this.store.setField(name, value);
    this.clearInvalid(name);
  }

  private clearInvalid(field: InvalidTarget): void {
    if (this.invalid?.field === field) this.invalid = null;
  }

  /** Saves the account; 'saved' when the screen should go back (1 screen, or 2 when it came through a picker). */
  async save(): Promise<'saved' | 'stay'> {
    const form = this.store.form;
    const parameters = this.store.parameters;
    if (this.saving || form === null || parameters === null) return 'stay';
    if (form.countryCodeIso2 === '') {
      this.highlight('country', { key: 'payout.setup.chooseCountry' });
      return 'stay';
    }
    this.saving = true;
    this.invalid = null;
    try {
      const result = await this.saveAccount.execute({ form, parameters, banks: this.store.bankList ?? [] });
      if (this.disposed) return 'stay';
      // The blockout stays up while Try again runs; any answer but another connection failure takes it down.
      runInAction(() => (this.connectionTrouble = false));
      if (result.ok) {
        this.saved = true;
        this.toasts.success('payout.setup.saved');
        return 'saved';
      }
      return await this.onFailure(result.error);
    } finally {
      runInAction(() => (this.saving = false));
    }
  }

  /** Try again on the connection-trouble blockout: the same save once more. */
  async retrySave(): Promise<'saved' | 'stay'> {
    return this.save();
  }

  private async onFailure(error: SaveWithdrawalAccountError): Promise<'saved' | 'stay'> {
    if (error.kind === 'invalid') {
      this.highlight(error.field as InvalidTarget, invalidFieldMessage(error.code, error.params));
      return 'stay';
    }
    if (error.kind === 'country_mismatch') return this.onCountryMismatch(error.cardCountry, error.switchTo);
    if (isConnectionFailure(error)) {
      this.connectionTrouble = true;
      return 'stay';
    }
    const message: ToastMessage =
      error.message.trim() === '' || error.message === error.code
        ? { key: 'common.toast.failed' }
        : { text: error.message };
    const field = error.kind === 'request' ? error.details.field : error.field;
    if (error.code === 'error_fields_required' && typeof field === 'string' && this.isShownField(field))
      this.highlight(field, message);
    else this.toasts.fail(message);
    return 'stay';
  }

  private isShownField(field: string): field is InvalidTarget {
    return field === 'bank' || (PAYOUT_FIELD_NAMES as readonly string[]).includes(field);
  }

  private async onCountryMismatch(
    cardCountry: string,
    switchTo: SupportedCountry | undefined,
  ): Promise<'saved' | 'stay'> {
    const name = countryName(cardCountry, this.locale);
    if (switchTo === undefined) {
      this.toasts.fail({ key: 'payout.setup.countryNotSupported', params: { country: name } });
      return 'stay';
    }
    const choice = await this.platform.showPopup({
      title: this.translate('payout.setup.mismatchTitle'),
      message: this.translate('payout.setup.mismatchText', { country: name }),
      buttons: [
        { id: 'switch', type: 'default', text: this.translate('payout.setup.mismatchSwitch') },
        { id: 'cancel', type: 'cancel' },
      ],
    });
    if (choice !== 'switch' || this.disposed) return 'stay';
    // Keep the typed card: the account moves to the card's country with the card method, then saves again.
    this.store.chooseCountry(switchTo.countryCodeIso2, 'bank_card');
    runInAction(() => (this.saving = false));
    return this.save();
  }

  private highlight(field: InvalidTarget, message: ToastMessage): void {
    this.invalid = { field, message };
    this.toasts.fail(message);
    this.focusRequest = { field, seq: (this.focusRequest?.seq ?? 0) + 1 };
  }

  /** Popups take plain text: the screen hands in its translator. */
  private translate: (key: string, params?: Record<string, string>) => string = (key) => key;

  setTranslator(translate: (key: string, params?: Record<string, string>) => string): void {
    this.translate = translate;
  }

  /** The support chat (when saving keeps failing). */
  openSupport(): void {
    openExternal(this.platform, EXTERNAL_LINKS.support);
  }

  dispose(): void {
    this.disposed = true;
    if (this.saved) this.store.reset();
  }
}
