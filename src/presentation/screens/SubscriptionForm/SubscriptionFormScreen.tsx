import { observer } from 'mobx-react-lite';
import { useEffect, useRef } from 'react';
import { useTranslation } from 'react-i18next';
import { useNavigate } from 'react-router-dom';
import { amountBounds } from '../../../domain/amounts';
import type { Period } from '../../../domain/entities';
import { formatMoney, formatStars } from '../../../domain/format';
import { isCurrency } from '../../../domain/money';
import { TRIAL_DAYS } from '../../../domain/trial';
import { AmountInput, Cell, Section, SegmentedControl, TextArea, TextInput } from '../../components';
import { StarsPriceField } from '../../shared/StarsPriceField';
import { FieldFrame } from '../../components/Field';
import { Screen } from '../../shell/Screen';
import '../Subscription/subscription.css';
import {
  SUBSCRIPTION_CURRENCIES,
  SUBSCRIPTION_PERIODS,
  SUBSCRIPTION_TEXT_LIMITS,
  type FormField,
  type SubscriptionFormViewModel,
} from './SubscriptionFormViewModel';
import { useFocusRequest } from '../../shared/useFocusRequest';

/** /channel/:channelId/subscription/create and /channel/:channelId/subscription/:subscriptionId/edit. */
function SubscriptionFormScreen({ vm }: { vm: SubscriptionFormViewModel }) {
  const { t } = useTranslation();
  const navigate = useNavigate();
  const refs = useFocusRequest(vm.focusRequest, {
    amount: useRef<HTMLInputElement>(null),
    name: useRef<HTMLInputElement>(null),
    description: useRef<HTMLTextAreaElement>(null),
    buttonText: useRef<HTMLInputElement>(null),
    stars: useRef<HTMLInputElement>(null),
  });

  // Loaded once per view model: a later change of `t` must not reset what the creator typed.
  const translate = useRef(t);
  translate.current = t;
  useEffect(() => {
    void vm.load((key) => translate.current(`subscription.defaults.${key}`));
  }, [vm]);

  const submit = async () => {
    const outcome = await vm.submit();
    if (outcome.to === 'back') void navigate(-1);
    else if (outcome.to === 'subscription')
      void navigate(`/channel/${outcome.channelId}/subscription/${outcome.subscriptionId}`, { replace: true });
  };

  const { form, saving } = vm;
  const bounds = amountBounds('subscription', form.currency);
  // A refused save says why under the field too, not only in the toast that goes away.
  const errorText = (field: FormField): string | undefined => {
    const message = vm.errorOf(field);
    if (message === undefined) return undefined;
    return 'text' in message ? message.text : t(message.key, message.params);
  };
  const periodLabel = (period: Period) => t(`subscription.period.${period}`);
  const suggestedStars = vm.suggestedStars;

  return (
    <Screen
      title={t(vm.isEdit ? 'subscription.form.editTitle' : 'subscription.form.createTitle')}
      state={vm.state}
      onRetry={vm.retry}
      mainButton={{
        text: t(vm.isEdit ? 'subscription.form.save' : 'subscription.form.create'),
        onClick: () => void submit(),
        loading: saving,
      }}
    >
      <h1 className="visually-hidden">
        {t(vm.isEdit ? 'subscription.form.editTitle' : 'subscription.form.createTitle')}
      </h1>
      <form
        className="subscription-form"
        noValidate
        onSubmit={(event) => {
          event.preventDefault();
          void submit();
        }}
      >
        {vm.periodAndCurrencyEditable ? (
          <>
            <div className="subscription-form__fieldset">
              <span className="subscription-form__legend" id="subscription-period-label" aria-hidden="true">
                {t('subscription.form.period')}
              </span>
              <SegmentedControl
                label={t('subscription.form.period')}
                value={form.period}
                onChange={vm.setPeriod}
                segments={SUBSCRIPTION_PERIODS.map((period) => ({ value: period, label: periodLabel(period) }))}
              />
            </div>
            <FieldFrame label={t('subscription.form.currency')} value={form.currency}>
              {({ id }) => (
                <select
                  id={id}
                  className="field__input"
                  value={form.currency}
                  disabled={saving}
                  onChange={(event) => {
                    if (isCurrency(event.target.value)) vm.setCurrency(event.target.value);
                  }}
                >
                  {SUBSCRIPTION_CURRENCIES.map((currency) => (
                    <option key={currency} value={currency}>
                      {currency.toUpperCase()}
                    </option>
                  ))}
                </select>
              )}
            </FieldFrame>
          </>
        ) : (
          <Section header={t('subscription.form.fixedHeader')} footer={t('subscription.form.fixedFooter')}>
            <Cell title={t('subscription.form.period')} after={periodLabel(form.period)} />
            <Cell title={t('subscription.form.currency')} after={form.currency.toUpperCase()} />
          </Section>
        )}

        <AmountInput
          label={t('subscription.form.amount')}
          currency={form.currency}
          value={form.amount}
          onChange={vm.setAmount}
          inputRef={refs.amount}
          readOnly={saving}
          error={errorText('amount')}
          placeholder="0"
          hint={
            bounds.max === null
              ? t('subscription.form.amountHintMin', { min: formatMoney(bounds.min) })
              : t('subscription.form.amountHint', { min: formatMoney(bounds.min), max: formatMoney(bounds.max) })
          }
        />
        <StarsPriceField
          label={t('subscription.form.stars.label')}
          value={vm.stars}
          onChange={vm.setStars}
          inputRef={refs.stars}
          readOnly={saving}
          error={errorText('stars')}
          placeholder={t('subscription.form.stars.placeholder')}
          hint={t(`subscription.form.stars.hint.${vm.starsOffer}`)}
          suggestText={
            !vm.canSuggestStars
              ? undefined
              : suggestedStars === null
                ? t('subscription.form.stars.suggest')
                : t('subscription.form.stars.suggestValue', { stars: formatStars(suggestedStars) })
          }
          onSuggest={suggestedStars === null ? undefined : vm.suggestStars}
        />
        {vm.offersTrial && (
          <FieldFrame label={t('trial.form.label')} value={String(form.trialDays ?? 0)} hint={t('trial.form.hint')}>
            {({ id, describedBy }) => (
              <select
                id={id}
                className="field__input"
                aria-describedby={describedBy}
                value={form.trialDays ?? 0}
                disabled={saving}
                onChange={(event) => vm.setTrialDays(Number(event.target.value))}
              >
                <option value={0}>{t('trial.form.off')}</option>
                {TRIAL_DAYS.map((days) => (
                  <option key={days} value={days}>
                    {t(`trial.form.days${days}`)}
                  </option>
                ))}
              </select>
            )}
          </FieldFrame>
        )}
        <TextInput
          label={t('subscription.form.name')}
          value={form.name}
          onChange={vm.setName}
          maxLength={SUBSCRIPTION_TEXT_LIMITS.name}
          inputRef={refs.name}
          readOnly={saving}
          error={errorText('name')}
          autoComplete="off"
        />
        <TextArea
          label={t('subscription.form.description')}
          value={form.description}
          onChange={vm.setDescription}
          maxLength={SUBSCRIPTION_TEXT_LIMITS.description}
          textAreaRef={refs.description}
          readOnly={saving}
          error={errorText('description')}
        />
        <TextInput
          label={t('subscription.form.buttonText')}
          value={form.buttonText}
          onChange={vm.setButtonText}
          maxLength={SUBSCRIPTION_TEXT_LIMITS.buttonText}
          inputRef={refs.buttonText}
          readOnly={saving}
          error={errorText('buttonText')}
          autoComplete="off"
        />
      </form>
    </Screen>
  );
}

export default observer(SubscriptionFormScreen);
