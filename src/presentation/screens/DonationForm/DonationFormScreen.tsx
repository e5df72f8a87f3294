import { observer } from 'mobx-react-lite';
import { useEffect, useRef } from 'react';
import { useTranslation } from 'react-i18next';
import { useNavigate, useParams } from 'react-router-dom';
import { amountBounds } from '../../../domain/amounts';
import { formatMoney, formatStars } from '../../../domain/format';
import { isCurrency } from '../../../domain/money';
import { AmountInput, TextArea, TextInput } from '../../components';
import { StarsPriceField } from '../../shared/StarsPriceField';
import { FieldFrame } from '../../components/Field';
import { Screen } from '../../shell/Screen';
import { DONATION_CURRENCIES, DONATION_TEXT_LIMITS, type DonationFormViewModel } from './DonationFormViewModel';
import './donation.css';
import { useFocusRequest } from '../../shared/useFocusRequest';
import DonationImagePicker from './DonationImagePicker';

/** /channel/:channelId/donation/create: the donation request form; Continue opens the preview. */
function DonationFormScreen({ vm }: { vm: DonationFormViewModel }) {
  const { t } = useTranslation();
  const navigate = useNavigate();
  const channelId = Number(useParams().channelId);
  const refs = useFocusRequest(vm.focusRequest, {
    title: useRef<HTMLInputElement>(null),
    description: useRef<HTMLTextAreaElement>(null),
    buttonText: useRef<HTMLInputElement>(null),
    amount: useRef<HTMLInputElement>(null),
    stars: useRef<HTMLInputElement>(null),
    goal: useRef<HTMLInputElement>(null),
    endsOn: useRef<HTMLInputElement>(null),
  });

  useEffect(() => {
    vm.start((key) => t(`donation.defaults.${key}`));
  }, [vm, t]);
  useEffect(() => {
    void vm.loadStarsRates();
  }, [vm]);

  const next = () => {
    if (vm.continueToPreview()) void navigate(`/invoice/donation/${channelId}/preview`, { state: { fromForm: true } });
  };

  const form = vm.form;
  const bounds = amountBounds('donation', form?.currency ?? 'eur');
  const suggestedStars = vm.suggestedStars;

  return (
    <Screen
      title={t('donation.form.title')}
      mainButton={form ? { text: t('donation.form.continue'), onClick: next } : undefined}
    >
      <h1 className="visually-hidden">{t('donation.form.title')}</h1>
      {form && (
        <form
          className="donation-form"
          noValidate
          onSubmit={(event) => {
            event.preventDefault();
            next();
          }}
        >
          <TextInput
            label={t('donation.form.titleField')}
            value={form.title}
            onChange={vm.setTitle}
            maxLength={DONATION_TEXT_LIMITS.title}
            inputRef={refs.title}
            autoComplete="off"
          />
          <TextArea
            label={t('donation.form.description')}
            value={form.description}
            onChange={vm.setDescription}
            maxLength={DONATION_TEXT_LIMITS.description}
            textAreaRef={refs.description}
          />
          <TextInput
            label={t('donation.form.buttonText')}
            value={form.buttonText}
            onChange={vm.setButtonText}
            maxLength={DONATION_TEXT_LIMITS.buttonText}
            inputRef={refs.buttonText}
            autoComplete="off"
          />
          <FieldFrame label={t('donation.form.currency')} value={form.currency}>
            {({ id }) => (
              <select
                id={id}
                className="field__input"
                value={form.currency}
                onChange={(event) => {
                  if (isCurrency(event.target.value)) vm.setCurrency(event.target.value);
                }}
              >
                {DONATION_CURRENCIES.map((currency) => (
                  <option key={currency} value={currency}>
                    {currency.toUpperCase()}
                  </option>
                ))}
              </select>
            )}
          </FieldFrame>
          <AmountInput
            label={t('donation.form.amount')}
            currency={form.currency}
            value={form.amount}
            onChange={vm.setAmount}
            inputRef={refs.amount}
            placeholder="0"
            hint={
              bounds.max === null
                ? t('donation.form.amountHintMin', { min: formatMoney(bounds.min) })
                : t('donation.form.amountHint', { min: formatMoney(bounds.min), max: formatMoney(bounds.max) })
            }
          />
          <StarsPriceField
            label={t('donation.form.stars.label')}
            value={form.stars ?? ''}
            onChange={vm.setStars}
            inputRef={refs.stars}
            placeholder={t('donation.form.stars.placeholder')}
            hint={t('donation.form.stars.hint')}
            suggestText={
              !vm.canSuggestStars
                ? undefined
                : suggestedStars === null
                  ? t('donation.form.stars.suggest')
                  : t('donation.form.stars.suggestValue', { stars: formatStars(suggestedStars) })
            }
            onSuggest={suggestedStars === null ? undefined : vm.suggestStars}
          />
          <AmountInput
            label={t('donation.goal.label')}
            currency={form.currency}
            value={form.goal}
            onChange={vm.setGoal}
            inputRef={refs.goal}
            hint={t('donation.goal.hint')}
          />
          <FieldFrame label={t('donation.goal.endsOn')} value={form.endsOn} hint={t('donation.goal.endsOnHint')}>
            {({ id, describedBy }) => (
              <input
                id={id}
                ref={refs.endsOn}
                className="field__input"
                type="date"
                aria-describedby={describedBy}
                min={vm.endsOnRange.min}
                max={vm.endsOnRange.max}
                value={form.endsOn}
                onChange={(event) => vm.setEndsOn(event.target.value)}
              />
            )}
          </FieldFrame>
          <DonationImagePicker vm={vm} />
        </form>
      )}
    </Screen>
  );
}

export default observer(DonationFormScreen);
