import { observer } from 'mobx-react-lite';
import { useEffect } from 'react';
import { useTranslation } from 'react-i18next';
import { useNavigate } from 'react-router-dom';
import { Screen } from '../../shell/Screen';
import { LanguageList } from '../../shared/LanguageList';
import '../Channel/Channel.css';
import type { ChannelLanguageViewModel } from './ChannelLanguageViewModel';

/**
 * /channel/:channelId/language, also reached as /channel?id=<channelId> (spec section 1): choose the channel language
 * from the list and save (host main button).
 */
const ChannelLanguageScreen = observer(function ChannelLanguageScreen({ vm }: { vm: ChannelLanguageViewModel }) {
  const { t } = useTranslation();
  const navigate = useNavigate();

  useEffect(() => {
    void vm.load();
  }, [vm]);

  const save = async (): Promise<void> => {
    if (await vm.save()) void navigate(-1);
  };

  return (
    <Screen
      title={t('channel.language.title')}
      state={vm.state}
      onRetry={() => void vm.load()}
      mainButton={{
        text: t('channel.language.save'),
        onClick: () => void save(),
        enabled: vm.canSave,
        loading: vm.saving,
      }}
      className="channel-language"
    >
      <h1 className="visually-hidden">{t('channel.language.title')}</h1>
      <LanguageList
        label={t('channel.language.listLabel')}
        footer={t('channel.language.hint')}
        languages={vm.languages}
        value={vm.selected}
        onChange={vm.select}
        disabled={vm.saving}
      />
    </Screen>
  );
});

export default ChannelLanguageScreen;
