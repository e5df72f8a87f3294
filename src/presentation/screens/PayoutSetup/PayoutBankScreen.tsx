import { observer } from 'mobx-react-lite';
import { useEffect } from 'react';
import { useTranslation } from 'react-i18next';
import { Button, Cell, EmptyState, Icon, Section, Spinner } from '../../components';
import { Screen } from '../../shell/Screen';
import { usePickerDone } from './usePickerDone';
import type { PayoutSetupViewModel } from './PayoutSetupViewModel';

/** /payout/setup/bank: the banks of the form's country and currency; the chosen one is marked. */
function PayoutBankScreen({ vm }: { vm: PayoutSetupViewModel }) {
  const { t, i18n } = useTranslation();
  const done = usePickerDone(vm.store);

  useEffect(() => {
    void vm.load(i18n.language);
  }, [vm, i18n.language]);

  const { bankList, banksStatus } = vm.store;
  const selected = vm.form?.bankExternalId;
  return (
    <Screen title={t('payout.setup.bankPicker')} state={vm.state} onRetry={vm.retry}>
      <h1 className="visually-hidden">{t('payout.setup.bankPicker')}</h1>
      <Section>
        {banksStatus === 'loading' && <Spinner size={24} label={t('common.loading')} />}
        {banksStatus === 'failed' && (
          <EmptyState
            text={t('common.somethingWentWrong')}
            action={
              <Button mode="plain" onClick={() => void vm.store.ensureBanks()}>
                {t('common.retry')}
              </Button>
            }
          />
        )}
        {(banksStatus === 'none' || (bankList !== null && bankList.length === 0)) && (
          <EmptyState text={t('payout.setup.noBanks')} />
        )}
        {bankList?.map((bank) => (
          <Cell
            key={bank.externalId}
            title={bank.bankName}
            after={
              bank.externalId === selected ? (
                <Icon name="check" size={20} label={t('payout.setup.selected')} />
              ) : undefined
            }
            onClick={() => {
              vm.chooseBank(bank);
              done();
            }}
          />
        ))}
      </Section>
    </Screen>
  );
}

export default observer(PayoutBankScreen);
