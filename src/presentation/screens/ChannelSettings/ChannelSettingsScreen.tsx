import { observer } from 'mobx-react-lite';
import { useEffect } from 'react';
import { useTranslation } from 'react-i18next';
import { useNavigate } from 'react-router-dom';
import { Cell, Icon, Section } from '../../components';
import { Screen } from '../../shell/Screen';
import { DASHBOARD_PATH, channelPaths } from '../../shared/channelLinks';
import { deleteChannelTexts } from '../../shared/channelDeletion';
import '../Channel/Channel.css';
import type { ChannelSettingsViewModel } from './ChannelSettingsViewModel';

/** /channel/:channelId/settings: language row (to /channel/{id}/language) and delete. */
const ChannelSettingsScreen = observer(function ChannelSettingsScreen({ vm }: { vm: ChannelSettingsViewModel }) {
  const { t } = useTranslation();
  const navigate = useNavigate();

  useEffect(() => {
    void vm.load();
  }, [vm]);

  const onDelete = async (): Promise<void> => {
    const outcome = await vm.deleteWithPopups(deleteChannelTexts(t, vm.channel?.name ?? ''));
    if (outcome.kind === 'deleted') void navigate(DASHBOARD_PATH, { replace: true });
  };

  return (
    <Screen
      title={t('channel.settingsTitle')}
      state={vm.state}
      onRetry={() => void vm.load()}
      className="channel-settings"
    >
      <h1 className="visually-hidden">{t('channel.settingsTitle')}</h1>
      {vm.channel && (
        <>
          <Section header={vm.channel.name}>
            <Cell
              to={channelPaths(vm.channelId).language}
              before={<Icon name="info" size={22} />}
              title={t('channel.language.row')}
              after={<span className="channel-settings__value">{vm.channel.language.name}</span>}
              chevron
            />
          </Section>
          <Section>
            <Cell
              onClick={() => void onDelete()}
              disabled={vm.deleting}
              destructive
              title={t('channel.delete.action')}
            />
          </Section>
        </>
      )}
    </Screen>
  );
});

export default ChannelSettingsScreen;
