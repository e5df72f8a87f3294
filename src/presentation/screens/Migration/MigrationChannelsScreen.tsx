import { observer } from 'mobx-react-lite';
import { useEffect } from 'react';
import { useTranslation } from 'react-i18next';
import { useNavigate } from 'react-router-dom';
import { EmptyState } from '../../components/EmptyState';
import { Icon } from '../../components/Icon';
import { Placeholder } from '../../components/Placeholder';
import type { MainButtonConfig } from '../../shell/hostButtons';
import { Screen } from '../../shell/Screen';
import { CONNECT_BOT, CREATOR_DASHBOARD, MigrationChannelList, MigrationQueue } from './MigrationParts';
import './migration.css';
import type { MigrationViewModel } from './MigrationViewModel';

/**
 * /migration/connectChannels: the donation channels to connect (most active subscribers first, connected ones
 * marked, Add bot for the rest), the place in line with Stop, and "Migration complete" once all are connected.
 */
const MigrationChannelsScreen = observer(function MigrationChannelsScreen({ vm }: { vm: MigrationViewModel }) {
  const { t } = useTranslation();
  const navigate = useNavigate();

  useEffect(() => {
    void vm.load().then(() => vm.keepFresh());
  }, [vm]);

  const complete = vm.view === 'completed';
  let mainButton: MainButtonConfig | undefined;
  if (complete)
    mainButton = {
      text: t('migration.openDashboard'),
      onClick: () => void navigate(CREATOR_DASHBOARD, { replace: true }),
    };
  else if (vm.channelRows.length > 0)
    mainButton = { text: t('migration.addBot'), onClick: () => void navigate(CONNECT_BOT) };

  return (
    <Screen
      title={t('migration.channelsTitle')}
      state={vm.state}
      onRetry={() => void vm.load()}
      mainButton={mainButton}
    >
      {complete ? (
        <Placeholder
          level={1}
          icon={<Icon name="check" size={48} />}
          title={t('migration.completedTitle')}
          text={t('migration.completedText')}
        />
      ) : (
        <Placeholder level={1} title={t('migration.channelsTitle')} text={t('migration.channelsText')} />
      )}
      {vm.channelRows.length > 0 ? <MigrationChannelList vm={vm} /> : <EmptyState text={t('migration.noChannels')} />}
      {vm.view === 'waiting' && <MigrationQueue vm={vm} />}
    </Screen>
  );
});

export default MigrationChannelsScreen;
