import { observer } from 'mobx-react-lite';
import { useEffect, useId, useRef } from 'react';
import { useTranslation } from 'react-i18next';
import { useNavigate } from 'react-router-dom';
import type { PayoutFieldName, PayoutFieldRequirement } from '../../../domain/entities';
import { SWIFT_FIELDS, lengthHintFromPattern } from '../../../domain/payout-fields';
import { Button, Cell, Placeholder, Section, SegmentedControl, Spinner, TextInput } from '../../components';
import { FieldFrame } from '../../components/Field';
import { useCanGoBack } from '../../navigation/history';
import { Screen } from '../../shell/Screen';
import type { ToastMessage } from '../../toasts/ToastStore';
import { countryName } from '../../shared/countryName';
import '../Payout/payout.css';
import { usesServerFields } from './PayoutSetupStore';
import { type InvalidTarget, SWIFT_FIELD_LIMITS, type PayoutSetupViewModel } from './PayoutSetupViewModel';
import { FROM_SETUP } from './usePickerDone';

const FOCUSABLE = 'input, select, textarea, button, a[href]';

/** Focuses the first control inside the element marked data-field="<name>" when the view model asks for it. */
function useFocusRequests(vm: PayoutSetupViewModel) {
  const container = useRef<HTMLDivElement>(null);
  const handled = useRef(0);
  const request = vm.focusRequest;
  const saving = vm.saving;
  useEffect(() => {
    // Controls are disabled while saving, and a disabled control cannot take focus: wait for the save to end.
    if (request === null || saving || handled.current === request.seq) return;
    handled.current = request.seq;
    container.current?.querySelector<HTMLElement>(`[data-field="${request.field}"] :is(${FOCUSABLE})`)?.focus();
  }, [request, saving]);
  return container;
}

function useMessage() {
  const { t } = useTranslation();
  return (message: ToastMessage) => ('text' in message ? message.text : t(message.key, message.params));
}

/** One server-supplied field: a select for one-of, otherwise a text input with its length hint and counter. */
const RequirementField = observer(function RequirementField({
  vm,
  requirement,
}: {
  vm: PayoutSetupViewModel;
  requirement: PayoutFieldRequirement;
}) {
  const { t } = useTranslation();
  const message = useMessage();
  const { name } = requirement;
  const value = vm.form?.fields[name] ?? '';
  const error = vm.invalid?.field === name ? message(vm.invalid.message) : undefined;
  const label = t(`payout.fields.${name}`);
  if (requirement.oneOf !== undefined) {
    return (
      <div data-field={name}>
        <FieldFrame label={label} value={value} error={error}>
          {({ id, describedBy, invalid }) => (
            <select
              id={id}
              className="field__input"
              value={value}
              disabled={vm.saving}
              aria-invalid={invalid || undefined}
              aria-describedby={describedBy}
              onChange={(event) => vm.setField(name, event.target.value)}
            >
              <option value="">{t('payout.option.choose')}</option>
              {requirement.oneOf?.map((option) => (
                <option key={option} value={option}>
                  {t(`payout.option.${option}`, { defaultValue: option })}
                </option>
              ))}
            </select>
          )}
        </FieldFrame>
      </div>
    );
  }
  const lengthHint = requirement.regex === undefined ? null : lengthHintFromPattern(requirement.regex);
  const hints = [
    name === 'id_expiration_date' ? t('payout.setup.dateHint') : null,
    lengthHint && name !== 'id_expiration_date'
      ? t(`payout.hint.${lengthHint.key}`, { n: lengthHint.params.count, ...lengthHint.params })
      : null,
  ].filter(Boolean);
  return (
    <div data-field={name}>
      <TextInput
        label={label}
        value={value}
        onChange={(text) => vm.setField(name, text)}
        maxLength={requirement.maxLength}
        readOnly={vm.saving}
        error={error}
        hint={hints.length > 0 ? hints.join(' · ') : undefined}
        inputMode={lengthHint?.key.startsWith('payout_hint_digits') ? 'numeric' : undefined}
        autoComplete="off"
      />
    </div>
  );
});

const PlainField = observer(function PlainField({
  vm,
  name,
  maxLength,
  ...input
}: {
  vm: PayoutSetupViewModel;
  name: PayoutFieldName;
  maxLength?: number;
  inputMode?: 'numeric';
  autoComplete?: string;
}) {
  const { t } = useTranslation();
  const message = useMessage();
  const error = vm.invalid?.field === name ? message(vm.invalid.message) : undefined;
  return (
    <div data-field={name}>
      <TextInput
        label={t(`payout.fields.${name}`)}
        value={vm.form?.fields[name] ?? ''}
        onChange={(text) => vm.setField(name, text)}
        maxLength={maxLength}
        readOnly={vm.saving}
        error={error}
        autoComplete={input.autoComplete ?? 'off'}
        inputMode={input.inputMode}
      />
    </div>
  );
});

/** The connection-trouble blockout (spec section 8): Try again repeats the save, Support opens the support chat. */
function ConnectionTrouble({
  onRetry,
  onSupport,
  retrying,
}: {
  onRetry: () => void;
  onSupport: () => void;
  retrying: boolean;
}) {
  const { t } = useTranslation();
  const titleId = useId();
  const dialog = useRef<HTMLDivElement>(null);
  useEffect(() => dialog.current?.querySelector('button')?.focus(), []);
  return (
    <div ref={dialog} className="payout-blockout" role="dialog" aria-modal="true" aria-labelledby={titleId}>
      <Placeholder
        title={<span id={titleId}>{t('payout.setup.connectionTrouble')}</span>}
        text={t('payout.setup.connectionTroubleText')}
        actions={
          <>
            <Button onClick={onRetry} loading={retrying}>
              {t('common.tryAgain')}
            </Button>
            <Button mode="plain" onClick={onSupport}>
              {t('common.support')}
            </Button>
          </>
        }
      />
    </div>
  );
}

/** /payout/setup: country, receiving method, bank and the method's fields; Save (host main button). */
function PayoutSetupScreen({ vm }: { vm: PayoutSetupViewModel }) {
  const { t, i18n } = useTranslation();
  const navigate = useNavigate();
  const canGoBack = useCanGoBack();
  const container = useFocusRequests(vm);
  const message = useMessage();

  useEffect(() => {
    vm.setTranslator((key, params) => t(key, params));
    void vm.load(i18n.language);
  }, [vm, t, i18n.language]);

  const afterSave = (outcome: 'saved' | 'stay') => {
    if (outcome !== 'saved') return;
    if (!canGoBack) void navigate('/payout/settings', { replace: true });
    else void navigate(vm.store.cameThroughPicker ? -2 : -1);
  };
  const save = () => void vm.save().then(afterSave);

  const form = vm.form;
  const country = vm.store.country;
  const method = form?.methodType;
  const banks = vm.store.bankList;
  const invalidOf = (field: InvalidTarget) => (vm.invalid?.field === field ? message(vm.invalid.message) : undefined);

  return (
    <Screen
      title={t('payout.setup.title')}
      state={vm.state}
      onRetry={vm.retry}
      mainButton={
        vm.connectionTrouble || !form
          ? undefined
          : { text: t('payout.setup.save'), onClick: save, loading: vm.saving, enabled: !vm.saving }
      }
    >
      <h1 className="visually-hidden">{t('payout.setup.title')}</h1>
      {form && (
        <div ref={container} className="payout-form" aria-busy={vm.saving}>
          <Section>
            <div data-field="country">
              <Cell
                title={t('payout.setup.country')}
                after={country ? countryName(country.countryCodeIso2, i18n.language) : t('payout.setup.chooseCountry')}
                onClick={() => void navigate('/payout/setup/country', { state: FROM_SETUP })}
                disabled={vm.saving}
                chevron
              />
              {invalidOf('country') && <div className="field__error">{invalidOf('country')}</div>}
            </div>
            {country && vm.methods.length === 1 && (
              <Cell title={t('payout.setup.method')} after={t(`payout.method.${vm.methods[0]}`)} />
            )}
            {country && <Cell title={t('payout.setup.currency')} after={form.currency.toUpperCase()} />}
          </Section>
          {country && vm.methods.length > 1 && method && (
            <Section header={t('payout.setup.method')}>
              <SegmentedControl
                label={t('payout.setup.method')}
                value={method}
                onChange={vm.chooseMethod}
                segments={vm.methods.map((value) => ({ value, label: t(`payout.method.${value}`) }))}
              />
            </Section>
          )}
          {country && vm.methods.length === 0 && <Placeholder level={2} text={t('payout.setup.noMethods')} />}
          {country && method && usesServerFields(method) && vm.store.banksStatus === 'loading' && (
            <Spinner size={24} label={t('common.loading')} />
          )}
          {country && method && usesServerFields(method) && banks !== null && banks.length > 0 && (
            <Section>
              <div data-field="bank">
                <Cell
                  title={t('payout.setup.bank')}
                  after={form.bankName ?? t('payout.setup.chooseBank')}
                  onClick={() => void navigate('/payout/setup/bank', { state: FROM_SETUP })}
                  disabled={vm.saving}
                  chevron
                />
                {invalidOf('bank') && <div className="field__error">{invalidOf('bank')}</div>}
              </div>
            </Section>
          )}
          {country && method === 'bank_card' && (
            <Section header={t('payout.setup.details')} footer={t('payout.setup.cardHint')}>
              <PlainField vm={vm} name="cardNumber" inputMode="numeric" autoComplete="cc-number" />
            </Section>
          )}
          {country && method === 'swift' && (
            <Section header={t('payout.setup.details')}>
              {SWIFT_FIELDS.map((name) => (
                <PlainField key={name} vm={vm} name={name} maxLength={SWIFT_FIELD_LIMITS[name]} />
              ))}
            </Section>
          )}
          {country && method && usesServerFields(method) && vm.store.requirements.length > 0 && (
            <Section header={t('payout.setup.details')}>
              {vm.store.requirements.map((requirement) => (
                <RequirementField key={requirement.name} vm={vm} requirement={requirement} />
              ))}
            </Section>
          )}
        </div>
      )}
      {vm.connectionTrouble && (
        <ConnectionTrouble
          onRetry={() => void vm.retrySave().then(afterSave)}
          onSupport={vm.openSupport}
          retrying={vm.saving}
        />
      )}
    </Screen>
  );
}

export default observer(PayoutSetupScreen);
