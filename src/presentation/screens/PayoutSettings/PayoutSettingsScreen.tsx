import { observer } from 'mobx-react-lite';
import { useEffect } from 'react';
import { useTranslation } from 'react-i18next';
import { useNavigate } from 'react-router-dom';
import { Button, CardDisplay, Cell, Placeholder, Section } from '../../components';
import { Screen } from '../../shell/Screen';
import { countryName } from '../../shared/countryName';
import '../Payout/payout.css';
import type { PayoutSettingsViewModel } from './PayoutSettingsViewModel';

/** /payout/settings: the saved account and "Set up again" (/payout/setup). */
function PayoutSettingsScreen({ vm }: { vm: PayoutSettingsViewModel }) {
  const { t, i18n } = useTranslation();
  const navigate = useNavigate();

  useEffect(() => {
    void vm.load();
  }, [vm]);

  const { account, card } = vm;
  const setUp = () => void navigate('/payout/setup');

  return (
    <Screen title={t('payout.settingsScreen.title')} state={vm.state} onRetry={() => void vm.load()}>
      <h1 className="visually-hidden">{t('payout.settingsScreen.title')}</h1>
      {account === null ? (
        <Placeholder
          level={2}
          title={t('payout.settingsScreen.noneTitle')}
          text={t('payout.settingsScreen.noneText')}
          actions={<Button onClick={setUp}>{t('payout.settingsScreen.setUp')}</Button>}
        />
      ) : (
        <>
          <Section header={t('payout.settingsScreen.account')}>
            <Cell title={t('payout.settingsScreen.country')} after={countryName(account.country, i18n.language)} />
            <Cell title={t('payout.settingsScreen.method')} after={t(`payout.method.${account.methodType}`)} />
            {card && (
              <Cell
                title={t('payout.settingsScreen.card')}
                after={<CardDisplay brand={card.brand} last={card.last4} />}
              />
            )}
            <Cell title={t('payout.settingsScreen.currency')} after={account.currency.toUpperCase()} />
            {vm.fields.map((field) => (
              <Cell
                key={field.name}
                title={field.known ? t(`payout.fields.${field.name}`) : field.name}
                after={field.value}
              />
            ))}
          </Section>
          <div className="payout-form">
            <Button mode="tinted" stretched onClick={setUp}>
              {t('payout.settingsScreen.setUpAgain')}
            </Button>
          </div>
        </>
      )}
    </Screen>
  );
}

export default observer(PayoutSettingsScreen);
