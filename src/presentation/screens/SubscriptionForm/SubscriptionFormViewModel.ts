import { makeAutoObservable, runInAction } from 'mobx';
import { errorCodeOf } from '../../../application/ports/RepositoryError';
import type { StarsRates, SubscriptionRepository } from '../../../application/ports/SubscriptionRepository';
import type { UnsavedChanges } from '../../../application/ports/UnsavedChanges';
import type {
  CreateSubscription,
  CreateSubscriptionError,
} from '../../../application/use-cases/subscriptions/CreateSubscription';
import type {
  EditSubscription,
  EditSubscriptionError,
  ReadOnlyFieldChanged,
} from '../../../application/use-cases/subscriptions/EditSubscription';
import type { Period, Subscription } from '../../../domain/entities';
import { PERIODS } from '../../../domain/entities';
import { parseDecimalAmount } from '../../../domain/amounts';
import { CURRENCIES, type Currency, compareCurrencies, money, toMajor } from '../../../domain/money';
import {
  type StarsOffer,
  type StarsPriceError,
  parseStarsPrice,
  sanitizeStarsInput,
  starsOffer,
  suggestedStarsPrice,
} from '../../../domain/stars';
import {
  DEFAULT_SUBSCRIPTION_NAME_KEYS,
  type SubscriptionForm,
  type SubscriptionFormError,
  type SubscriptionFormField,
  defaultSubscriptionForm,
  periodAndCurrencyEditable,
  renameOnPeriodChange,
} from '../../../domain/subscription-form';
import { TEXT_LIMITS } from '../../../domain/text-limits';
import { AsyncState } from '../../shell/screenState';
import type { ToastMessage, ToastStore } from '../../toasts/ToastStore';
import { formErrorMessage, starsErrorMessage } from '../../shared/subscriptionMessages';
import { guardUnsavedChanges } from '../../shared/unsavedChangesGuard';
import { failureMessage } from '../../toasts/failureMessage';

/** Turns a key of the domain's default texts (e.g. subscription_default_name_monthly) into the page language. */
export type DefaultTextTranslator = (domainKey: string) => string;

/** Where the screen goes after a save. */
export type FormOutcome =
  | { readonly to: 'stay' }
  | { readonly to: 'back' }
  | { readonly to: 'subscription'; readonly channelId: number; readonly subscriptionId: number };

export const SUBSCRIPTION_PERIODS: readonly Period[] = PERIODS;
export const SUBSCRIPTION_CURRENCIES: readonly Currency[] = [...CURRENCIES].sort(compareCurrencies);
export const SUBSCRIPTION_TEXT_LIMITS = TEXT_LIMITS.subscription;

/** The form's fields: the subscription's own and its price in Telegram Stars. */
export type FormField = SubscriptionFormField | 'stars';

function isStarsRefusal(error: object): error is StarsPriceError {
  return 'field' in error && error.field === 'stars';
}

function isReadOnlyRefusal(
  error: SubscriptionFormError | ReadOnlyFieldChanged | StarsPriceError,
): error is ReadOnlyFieldChanged {
  return error.code === 'read_only';
}

/** The amount as the form shows it: major units without float noise ("5", "12.5"). */
function amountText(subscription: Subscription): string {
  return String(toMajor(subscription.price.minor, subscription.price.currency));
}

/** The fields the creator edits (the previous period only steers renaming). */
function sameFormFields(a: SubscriptionForm, b: SubscriptionForm): boolean {
  return (
    a.name === b.name &&
    a.description === b.description &&
    a.period === b.period &&
    a.currency === b.currency &&
    a.amount === b.amount &&
    a.buttonText === b.buttonText &&
    (a.trialDays ?? 0) === (b.trialDays ?? 0) &&
    a.command === b.command
  );
}

/**
 * The subscription form (spec sections 2-5): create with the defaults, or edit a loaded subscription; period and
 * currency only on create; the name follows a period change while it still holds the old default; validation in
 * the order amount, name, description, button text with a fail toast and focus on the first failing field.
 */
export class SubscriptionFormViewModel {
  readonly loader = new AsyncState(errorCodeOf);
  form: SubscriptionForm;
  /** The subscription being edited, once loaded. */
  subscription: Subscription | null = null;
  saving = false;
  /** Why the last save was refused, shown under its field until that field (or what bounds it) changes. */
  fieldError: { readonly field: FormField; readonly message: ToastMessage } | null = null;
  /** The field to focus; `seq` changes on every request so the same field can be focused twice. */
  focusRequest: { readonly field: FormField; readonly seq: number } | null = null;
  /** The price in Telegram Stars as typed (whole Stars); empty: not sold in Stars. */
  stars = '';
  /** The Stars price as loaded or last saved (null: not sold in Stars). */
  savedStars: number | null = null;
  /** What one Star earns per currency, for the suggestion; empty when no rate is set or it could not be read. */
  starsRates: StarsRates = new Map();
  /** The form as loaded or last saved: changes are measured against it. */
  private savedForm: SubscriptionForm | null = null;
  private translate: DefaultTextTranslator = (key) => key;
  private readonly releaseUnsavedGuard: () => void;

  constructor(
    private readonly createSubscription: CreateSubscription,
    private readonly editSubscription: EditSubscription,
    private readonly subscriptions: SubscriptionRepository,
    private readonly toasts: ToastStore,
    unsavedChanges: UnsavedChanges,
    readonly channelId: number,
    /** null when creating. */
    readonly subscriptionId: number | null,
  ) {
    this.form = defaultSubscriptionForm(channelId, (key) => key);
    makeAutoObservable<
      SubscriptionFormViewModel,
      | 'createSubscription'
      | 'editSubscription'
      | 'subscriptions'
      | 'toasts'
      | 'translate'
      | 'savedForm'
      | 'releaseUnsavedGuard'
    >(
      this,
      {
        createSubscription: false,
        editSubscription: false,
        subscriptions: false,
        toasts: false,
        translate: false,
        loader: false,
        channelId: false,
        subscriptionId: false,
        releaseUnsavedGuard: false,
        savedForm: true,
      },
      { autoBind: true },
    );
    this.releaseUnsavedGuard = guardUnsavedChanges(unsavedChanges, () => this.hasUnsavedChanges);
  }

  get isEdit(): boolean {
    return this.subscriptionId !== null;
  }

  /** True once the creator changed a field since the form was loaded or saved. */
  get hasUnsavedChanges(): boolean {
    if (this.savedForm === null) return false;
    return !sameFormFields(this.savedForm, this.form) || this.stars !== (this.savedStars?.toString() ?? '');
  }

  /** How Telegram Stars sell the subscription of the chosen period (only monthly renews). */
  get starsOffer(): StarsOffer {
    return starsOffer(this.form.period);
  }

  /** Whether a rate is set for the chosen currency, so a Stars price can be suggested. */
  get canSuggestStars(): boolean {
    return this.starsRates.has(this.form.currency);
  }

  /** The typed card price at its currency's rate, in whole Stars; null without a rate or a valid price. */
  get suggestedStars(): number | null {
    const minor = this.form.amount.trim() === '' ? null : parseDecimalAmount(this.form.amount, this.form.currency);
    if (minor === null || minor <= 0) return null;
    return suggestedStarsPrice(money(minor, this.form.currency), this.starsRates.get(this.form.currency));
  }

  get periodAndCurrencyEditable(): boolean {
    return periodAndCurrencyEditable(this.isEdit);
  }

  get state() {
    return this.loader.state;
  }

  /** Fills the form: the defaults in the page language when creating, the stored subscription when editing. */
  async load(translate: DefaultTextTranslator): Promise<void> {
    this.translate = translate;
    const subscriptionId = this.subscriptionId;
    if (subscriptionId === null) {
      await this.loader.run(
        async () => ({
          form: defaultSubscriptionForm(this.channelId, translate),
          // Without the rates the form still works: it only suggests no Stars price.
          rates: await this.subscriptions.starsRates().catch((): StarsRates => new Map()),
        }),
        ({ form, rates }) => {
          this.form = form;
          this.savedForm = form;
          this.starsRates = rates;
        },
      );
      return;
    }
    await this.loader.run(
      () => Promise.all([this.subscriptions.detail(subscriptionId), this.subscriptions.starsPrice(subscriptionId)]),
      ([{ subscription }, starsPrice]) => {
        this.subscription = subscription;
        this.form = {
          ...this.form,
          id: subscription.id,
          name: subscription.name,
          description: subscription.description,
          period: subscription.period,
          currency: subscription.price.currency,
          amount: amountText(subscription),
          buttonText: subscription.buttonText,
          trialDays: subscription.trialDays ?? 0,
          command: subscription.command ?? '',
        };
        this.savedForm = this.form;
        this.stars = starsPrice.stars?.toString() ?? '';
        this.savedStars = starsPrice.stars;
        this.starsRates =
          starsPrice.rate === null ? new Map() : new Map([[subscription.price.currency, starsPrice.rate]]);
      },
    );
  }

  retry(): void {
    void this.load(this.translate);
  }

  defaultNameOf(period: Period): string {
    return this.translate(DEFAULT_SUBSCRIPTION_NAME_KEYS[period]);
  }

  setPeriod(period: Period): void {
    if (!this.periodAndCurrencyEditable || period === this.form.period) return;
    const name = renameOnPeriodChange(this.form.name, this.form.period, period, this.defaultNameOf);
    this.form = { ...this.form, prevPeriod: this.form.period, period, name };
    this.clearError('amount'); // the price bounds may differ
  }

  setCurrency(currency: Currency): void {
    if (!this.periodAndCurrencyEditable) return;
    this.form = { ...this.form, currency };
    this.clearError('amount'); // the price bounds differ by currency
  }

  /** The amount as the number input cleaned it. */
  setAmount(amount: string): void {
    this.form = { ...this.form, amount };
    this.clearError('amount');
  }

  setName(name: string): void {
    this.form = { ...this.form, name };
    this.clearError('name');
  }

  setDescription(description: string): void {
    this.form = { ...this.form, description };
    this.clearError('description');
  }

  setButtonText(buttonText: string): void {
    this.form = { ...this.form, buttonText };
    this.clearError('buttonText');
  }

  /** The free trial's days (0: none); only recurring periods show the field. */
  setTrialDays(days: number): void {
    this.form = { ...this.form, trialDays: days };
  }

  /** Whether the chosen period can have a free trial (recurring ones). */
  get offersTrial(): boolean {
    return this.form.period !== 'onetime';
  }

  /** The Stars price as the input cleaned it (digits only); empty: not sold in Stars. */
  setStars(stars: string): void {
    this.stars = sanitizeStarsInput(stars);
    this.clearError('stars');
  }

  /** Fills the Stars price with the one suggested from the card price. */
  suggestStars(): void {
    const suggested = this.suggestedStars;
    if (suggested !== null) this.setStars(String(suggested));
  }

  /** Validates and saves; answers where the screen goes next. */
  async submit(): Promise<FormOutcome> {
    if (this.saving || this.loader.state.status !== 'ready') return { to: 'stay' };
    this.saving = true;
    try {
      return this.subscription === null ? await this.create() : await this.edit(this.subscription);
    } finally {
      runInAction(() => (this.saving = false));
    }
  }

  private async create(): Promise<FormOutcome> {
    const result = await this.createSubscription.execute(this.form, this.stars);
    if (!result.ok) {
      this.reportFailure(result.error);
      return { to: 'stay' };
    }
    const { subscription, next, starsFailure } = result.value;
    runInAction(() => {
      this.savedForm = this.form;
      if (starsFailure === undefined) this.savedStars = this.starsNumber();
    });
    if (starsFailure !== undefined) this.toasts.fail('subscription.form.stars.notSaved');
    else if (next.showSuccessToast) this.toasts.success('subscription.form.created');
    if (next.navigation === 'back') return { to: 'back' };
    return { to: 'subscription', channelId: subscription.channelId, subscriptionId: subscription.id };
  }

  private async edit(subscription: Subscription): Promise<FormOutcome> {
    const result = await this.editSubscription.execute({
      subscription,
      form: this.form,
      stars: { text: this.stars, saved: this.savedStars },
    });
    if (!result.ok) {
      this.reportFailure(result.error);
      return { to: 'stay' };
    }
    runInAction(() => {
      this.subscription = result.value;
      this.savedForm = this.form;
      this.savedStars = this.starsNumber();
    });
    this.toasts.success('subscription.form.saved');
    return { to: 'back' };
  }

  /** The typed Stars price once it validated (the save checked it), or null. */
  private starsNumber(): number | null {
    const parsed = parseStarsPrice(this.stars);
    return parsed.ok ? parsed.value : null;
  }

  /** The error shown under `field`, or undefined. */
  errorOf(field: FormField): ToastMessage | undefined {
    return this.fieldError?.field === field ? this.fieldError.message : undefined;
  }

  private clearError(field: FormField): void {
    if (this.fieldError?.field === field) this.fieldError = null;
  }

  private reportFailure(error: CreateSubscriptionError | EditSubscriptionError): void {
    if (error.kind !== 'invalid') {
      this.toasts.fail(failureMessage(error));
      return;
    }
    if (isReadOnlyRefusal(error)) {
      this.toasts.fail('subscription.form.errors.read_only');
      return;
    }
    const message = isStarsRefusal(error) ? starsErrorMessage(error) : formErrorMessage(error);
    this.toasts.fail(message);
    const field = error.field;
    runInAction(() => {
      this.fieldError = { field, message };
      this.focusRequest = { field, seq: (this.focusRequest?.seq ?? 0) + 1 };
    });
  }

  dispose(): void {
    this.releaseUnsavedGuard();
    this.loader.dispose();
  }
}
