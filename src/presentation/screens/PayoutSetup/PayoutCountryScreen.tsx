import { observer } from 'mobx-react-lite';
import { useEffect } from 'react';
import { useTranslation } from 'react-i18next';
import { Cell, Icon, Section } from '../../components';
import { Screen } from '../../shell/Screen';
import { countryName } from '../../shared/countryName';
import { usePickerDone } from './usePickerDone';
import type { PayoutSetupViewModel } from './PayoutSetupViewModel';

/** /payout/setup/country: the countries payouts are offered in, by name; the chosen one is marked. */
function PayoutCountryScreen({ vm }: { vm: PayoutSetupViewModel }) {
  const { t, i18n } = useTranslation();
  const done = usePickerDone(vm.store);

  useEffect(() => {
    void vm.load(i18n.language);
  }, [vm, i18n.language]);

  const selected = vm.form?.countryCodeIso2;
  return (
    <Screen title={t('payout.setup.countryPicker')} state={vm.state} onRetry={vm.retry}>
      <h1 className="visually-hidden">{t('payout.setup.countryPicker')}</h1>
      <Section>
        {vm.countries.map((country) => {
          const isSelected = country.countryCodeIso2 === selected;
          return (
            <Cell
              key={country.countryCodeIso2}
              title={countryName(country.countryCodeIso2, i18n.language)}
              after={isSelected ? <Icon name="check" size={20} label={t('payout.setup.selected')} /> : undefined}
              onClick={() => {
                vm.chooseCountry(country.countryCodeIso2);
                done();
              }}
            />
          );
        })}
      </Section>
    </Screen>
  );
}

export default observer(PayoutCountryScreen);
