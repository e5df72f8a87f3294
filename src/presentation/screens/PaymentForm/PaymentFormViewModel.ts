import { makeAutoObservable, reaction } from 'mobx';
import type { Clock } from '../../../application/ports/Clock';
import type { Links } from '../../../application/ports/Links';
import { EXTERNAL_LINKS, openExternal } from '../../shared/externalLinks';
import type { Money } from '../../../domain/money';
import {
  type CardFieldError,
  cardCodeLength,
  detectCardBrand,
  formatExpiryInput,
  parseExpiry,
  validateCardCode,
  validateCardNumber,
  validateExpiry,
  validateHolder,
} from '../../../domain/payment-card';
import type { CardBrand } from '../../../domain/entities';
import type { PaymentFlowStore } from '../../payment/PaymentFlowStore';
import { newIdempotencyKey } from '../../payment/idempotencyKey';

export const CARD_FIELDS = ['number', 'holder', 'expiry', 'code'] as const;
export type CardField = (typeof CARD_FIELDS)[number];

/** Card number field: digits grouped by four, 24 characters at most (spec section 9). */
export const CARD_NUMBER_MAX_LENGTH = 24;
const HOLDER_MAX_LENGTH = 255;

function groupCardNumber(text: string): string {
  const digits = text.replace(/\D/g, '');
  return digits.replace(/(\d{4})(?=\d)/g, '$1 ').slice(0, CARD_NUMBER_MAX_LENGTH);
}

/** Provider codes that belong to one field of the form (shown under it instead of as a general error). */
const FIELD_OF_PROVIDER_CODE: Readonly<Record<string, CardField>> = {
  invalid_card_number: 'number',
  invalid_cvc: 'code',
  invalid_code: 'code',
  invalid_expiry: 'expiry',
  invalid_date: 'expiry',
  expired_card: 'expiry',
  invalid_holder: 'holder',
};
const FIELD_ERROR_OF_PROVIDER_CODE: Readonly<Record<string, CardFieldError>> = {
  invalid_card_number: 'invalid_card_number',
  invalid_cvc: 'invalid_code',
  invalid_code: 'invalid_code',
  invalid_expiry: 'invalid_date',
  invalid_date: 'invalid_date',
  expired_card: 'expired_card',
  invalid_holder: 'invalid_holder',
};

/** The i18n key of a field error; the expired card's text has its own group (cardExpiry). */
const errorKeyOf = (error: CardFieldError): string =>
  error === 'expired_card' ? 'payment.cardExpiry.expired' : `payment.form.errors.${error}`;

/**
 * /payment/form: the embedded card form (spec section 5). The card goes only to the provider, tokenised in the
 * browser by PayInvoice; nothing here logs or stores it beyond the form's own fields.
 */
export class PaymentFormViewModel {
  number = '';
  holder = '';
  expiry = '';
  code = '';
  saveCard = true;
  /** Errors appear per field once it was left, and all of them on Pay. */
  private readonly touched = new Set<CardField>();
  private submitted = false;
  /** A failure answered before a payment existed (unknown errors show the generic text). */
  formError: { readonly code: string; readonly message: string } | null = null;
  private providerFieldError: { readonly field: CardField; readonly error: CardFieldError } | null = null;
  private readonly stopErrors: () => void;

  constructor(
    private readonly flow: PaymentFlowStore,
    private readonly clock: Clock,
    private readonly links: Links,
    private readonly makeKey: () => string = newIdempotencyKey,
  ) {
    // A payer back from a declined card or a failed 3-D Secure finds the form as they left it.
    const draft = flow.cardDraft;
    if (draft !== null) {
      this.number = draft.number;
      this.holder = draft.holder;
      this.expiry = draft.expiry;
      this.code = draft.code;
      this.saveCard = draft.saveCard;
    }
    makeAutoObservable<PaymentFormViewModel, 'flow' | 'clock' | 'links' | 'makeKey' | 'stopErrors' | 'keepDraft'>(
      this,
      { flow: false, clock: false, links: false, makeKey: false, stopErrors: false, keepDraft: false },
      { autoBind: true },
    );
    this.stopErrors = reaction(
      () => this.flow.requestError,
      (error) => {
        if (error === null) return;
        this.showRequestError(error);
        this.flow.clearRequestError();
      },
    );
  }

  get flowNavigation(): Pick<PaymentFlowStore, 'navigation' | 'consumeNavigation'> {
    return this.flow;
  }

  get hasTarget(): boolean {
    return this.flow.target !== null;
  }

  get amount(): Money | null {
    return this.flow.target?.amount ?? null;
  }

  get isPaying(): boolean {
    return this.flow.isPaying;
  }

  get brand(): CardBrand {
    return detectCardBrand(this.number);
  }

  get codeLength(): number {
    return cardCodeLength(this.number);
  }

  setNumber(text: string): void {
    this.number = groupCardNumber(text);
    this.keepDraft();
    this.clearProviderError('number');
  }

  setHolder(text: string): void {
    this.holder = text.slice(0, HOLDER_MAX_LENGTH);
    this.keepDraft();
    this.clearProviderError('holder');
  }

  setExpiry(text: string): void {
    this.expiry = formatExpiryInput(text);
    this.keepDraft();
    this.clearProviderError('expiry');
  }

  setCode(text: string): void {
    this.code = text.replace(/\D/g, '').slice(0, 4);
    this.keepDraft();
    this.clearProviderError('code');
  }

  setSaveCard(save: boolean): void {
    this.saveCard = save;
    this.keepDraft();
  }

  /** Hands what was typed to the payment flow (memory only), for the form after a failed attempt. */
  private keepDraft(): void {
    const { number, holder, expiry, code, saveCard } = this;
    this.flow.keepCardDraft({ number, holder, expiry, code, saveCard });
  }

  blur(field: CardField): void {
    this.touched.add(field);
  }

  /** The rule's answer for a field, whether shown yet or not. */
  private check(field: CardField): CardFieldError | null {
    switch (field) {
      case 'number':
        return validateCardNumber(this.number);
      case 'holder':
        return validateHolder(this.holder);
      case 'expiry':
        return validateExpiry(this.expiry, this.clock.now(), Intl.DateTimeFormat().resolvedOptions().timeZone);
      case 'code':
        return validateCardCode(this.code, this.number);
    }
  }

  /** The i18n key of the error shown under a field, or null. */
  errorKey(field: CardField): string | null {
    if (this.providerFieldError?.field === field) return errorKeyOf(this.providerFieldError.error);
    // Partly typed fields are judged once left; empty ones only on Pay.
    const value = this[field];
    if (!this.submitted && !(this.touched.has(field) && value !== '')) return null;
    const error = this.check(field);
    return error === null ? null : errorKeyOf(error);
  }

  get firstInvalidField(): CardField | null {
    return CARD_FIELDS.find((field) => this.check(field) !== null) ?? null;
  }

  /**
   * The tap of Pay: checks every field (answers the first invalid one, to focus), else pays with a new
   * Idempotency-Key for this tap. Ignored while a payment runs.
   */
  pay(): CardField | null {
    this.submitted = true;
    this.formError = null;
    const invalid = this.firstInvalidField;
    if (invalid !== null) return invalid;
    if (this.isPaying) return null;
    const expiry = parseExpiry(this.expiry);
    void this.flow.pay(
      {
        kind: 'new_card',
        card: {
          number: this.number.replace(/\s/g, ''),
          holderName: this.holder.trim(),
          expiryMonth: expiry === null ? undefined : String(expiry.month).padStart(2, '0'),
          expiryYear: expiry === null ? undefined : String(expiry.year % 100).padStart(2, '0'),
          cvc: this.code,
        },
        saveCard: this.saveCard,
      },
      this.makeKey(),
    );
    return null;
  }

  private showRequestError(error: { readonly code: string; readonly message: string }): void {
    const field = FIELD_OF_PROVIDER_CODE[error.code];
    const fieldError = FIELD_ERROR_OF_PROVIDER_CODE[error.code];
    if (field !== undefined && fieldError !== undefined) {
      this.providerFieldError = { field, error: fieldError };
      return;
    }
    this.formError = error;
  }

  /** The general error text: the server's words for a known failure, else the generic unknown-error text. */
  get formErrorText(): { readonly key: string } | { readonly text: string } | null {
    if (this.formError === null) return null;
    if (
      this.formError.code === 'error_unknown' ||
      this.formError.message === '' ||
      this.formError.message === this.formError.code
    )
      return { key: 'payment.unknownError' };
    return { text: this.formError.message };
  }

  private clearProviderError(field: CardField): void {
    if (this.providerFieldError?.field === field) this.providerFieldError = null;
  }

  /** The payment terms (opened outside the app). */
  openTerms(): void {
    openExternal(this.links, EXTERNAL_LINKS.terms);
  }

  dispose(): void {
    this.stopErrors();
  }
}
