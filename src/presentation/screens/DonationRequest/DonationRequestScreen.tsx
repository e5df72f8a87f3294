import { observer } from 'mobx-react-lite';
import { useEffect } from 'react';
import { useTranslation } from 'react-i18next';
import { useLocation, useNavigate } from 'react-router-dom';
import { formatMoney } from '../../../domain/format';
import { Avatar, Button, Cell, CollapsibleText, Section } from '../../components';
import { deviceZone } from '../../app/deviceZone';
import { DonationGoalProgress } from '../../shared/DonationGoalProgress';
import { Screen } from '../../shell/Screen';
import '../DonationForm/donation.css';
import type { DonationRequestViewModel } from './DonationRequestViewModel';

/** /channel/:channelId/donation/:donationId: the creator's request and its progress. */
function DonationRequestScreen({ vm }: { vm: DonationRequestViewModel }) {
  const { t } = useTranslation();
  const navigate = useNavigate();
  const location = useLocation();
  // Opened right after publishing from the form: Back goes past the form to the channel.
  const afterPublish = (location.state as { fromForm?: boolean } | null)?.fromForm === true;

  useEffect(() => {
    void vm.load();
  }, [vm]);

  const { channel, donation } = vm;
  return (
    <Screen
      title={t('donation.request.title')}
      state={vm.state}
      onRetry={() => void vm.load()}
      back={afterPublish ? { onBack: () => void navigate(-2) } : 'auto'}
    >
      <h1 className="visually-hidden">{t('donation.request.title')}</h1>
      {channel && (
        <Section>
          <Cell
            before={<Avatar id={channel.id} name={channel.name} src={channel.photoUrl} size={40} decorative />}
            title={channel.name}
          />
        </Section>
      )}
      {donation && (
        <>
          <Section header={donation.title}>
            <div className="invoice-description">
              <CollapsibleText text={donation.description} />
            </div>
            {donation.amount.minor > 0 && (
              <Cell
                title={t('donation.request.amount')}
                after={<span dir="ltr">{formatMoney(donation.amount)}</span>}
              />
            )}
          </Section>
          <DonationGoalProgress donation={donation} nowMs={vm.now()} zone={deviceZone()} />
          {donation.progress && (
            <div className="donation-request__actions">
              <Button mode="plain" onClick={() => void vm.refresh()} loading={vm.refreshing}>
                {t('donation.request.refresh')}
              </Button>
            </div>
          )}
        </>
      )}
    </Screen>
  );
}

export default observer(DonationRequestScreen);
