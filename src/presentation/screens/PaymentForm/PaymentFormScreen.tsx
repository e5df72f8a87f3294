import { observer } from 'mobx-react-lite';
import { useRef } from 'react';
import { useTranslation } from 'react-i18next';
import { formatMoney } from '../../../domain/format';
import { Cell, Section, Switch, TextInput } from '../../components';
import { NoPaymentPlaceholder } from '../../payment/NoPaymentPlaceholder';
import { useFlowNavigation } from '../../payment/useFlowNavigation';
import '../../payment/payment.css';
import { Screen } from '../../shell/Screen';
import type { CardField } from './PaymentFormViewModel';
import type { PaymentFormViewModel } from './PaymentFormViewModel';

/** /payment/form: card number, holder, expiry, code, save card, terms; Pay is the host main button. */
function PaymentFormScreen({ vm }: { vm: PaymentFormViewModel }) {
  const { t } = useTranslation();
  useFlowNavigation(vm.flowNavigation);
  const inputs = {
    number: useRef<HTMLInputElement>(null),
    holder: useRef<HTMLInputElement>(null),
    expiry: useRef<HTMLInputElement>(null),
    code: useRef<HTMLInputElement>(null),
  } satisfies Record<CardField, unknown>;
  const title = t('payment.form.title');
  if (!vm.hasTarget) return <NoPaymentPlaceholder title={title} />;

  const error = (field: CardField): string | undefined => {
    const key = vm.errorKey(field);
    return key === null ? undefined : t(key, { digits: vm.codeLength });
  };
  const amount = vm.amount;
  const pay = (): void => {
    const invalid = vm.pay();
    if (invalid !== null) inputs[invalid].current?.focus();
  };
  const formError = vm.formErrorText;
  return (
    <Screen
      title={title}
      mainButton={{
        text: amount ? t('payment.payAmount', { amount: formatMoney(amount) }) : t('payment.pay'),
        onClick: pay,
        loading: vm.isPaying,
        enabled: !vm.isPaying,
      }}
    >
      <form
        className="payment-form"
        noValidate
        aria-label={title}
        onSubmit={(event) => {
          event.preventDefault();
          pay();
        }}
      >
        <TextInput
          label={t('payment.form.number')}
          inputRef={inputs.number}
          name="cc-number"
          autoComplete="cc-number"
          inputMode="numeric"
          placeholder="0000 0000 0000 0000"
          value={vm.number}
          onChange={vm.setNumber}
          onBlur={() => vm.blur('number')}
          error={error('number')}
          disabled={vm.isPaying}
        />
        <TextInput
          label={t('payment.form.holder')}
          inputRef={inputs.holder}
          name="cc-name"
          autoComplete="cc-name"
          autoCapitalize="characters"
          value={vm.holder}
          onChange={vm.setHolder}
          onBlur={() => vm.blur('holder')}
          error={error('holder')}
          disabled={vm.isPaying}
        />
        <div className="payment-form__pair">
          <TextInput
            label={t('payment.form.expiry')}
            inputRef={inputs.expiry}
            name="cc-exp"
            autoComplete="cc-exp"
            inputMode="numeric"
            placeholder={t('payment.form.expiryPlaceholder')}
            value={vm.expiry}
            onChange={vm.setExpiry}
            onBlur={() => vm.blur('expiry')}
            error={error('expiry')}
            disabled={vm.isPaying}
          />
          <TextInput
            label={t('payment.form.code')}
            inputRef={inputs.code}
            name="cc-csc"
            autoComplete="cc-csc"
            inputMode="numeric"
            type="password"
            value={vm.code}
            onChange={vm.setCode}
            onBlur={() => vm.blur('code')}
            error={error('code')}
            disabled={vm.isPaying}
          />
        </div>
      </form>
      {formError && (
        <p className="field__error payment-form__error" role="alert">
          {'key' in formError ? t(formError.key) : formError.text}
        </p>
      )}
      <Section>
        <Cell
          as="label"
          title={t('payment.form.saveCard')}
          subtitle={t('payment.form.saveCardHint')}
          after={<Switch checked={vm.saveCard} onChange={vm.setSaveCard} disabled={vm.isPaying} />}
        />
      </Section>
      <p className="payment-form__terms">
        {t('payment.form.termsPrefix')}{' '}
        <button type="button" className="link-button" onClick={vm.openTerms}>
          {t('payment.form.termsLink')}
        </button>
      </p>
    </Screen>
  );
}

export default observer(PaymentFormScreen);
