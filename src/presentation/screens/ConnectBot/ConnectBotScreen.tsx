import { observer } from 'mobx-react-lite';
import { useEffect } from 'react';
import { useTranslation } from 'react-i18next';
import { useNavigate } from 'react-router-dom';
import { Icon } from '../../components/Icon';
import { Placeholder } from '../../components/Placeholder';
import { Section } from '../../components/Section';
import { Screen } from '../../shell/Screen';
import './connectbot.css';
import type { ConnectBotViewModel } from './ConnectBotViewModel';

/** The steps differ: the picker does the admin part itself; by hand the creator adds the bot in channel settings. */
const PICKER_STEPS = ['pickerOpen', 'pickerChoose', 'pickerConfirm'] as const;
const MANUAL_STEPS = ['manualCopy', 'manualAdmins', 'manualPaste', 'manualRights'] as const;

/** /connectbot: instructions to add the bot as a channel admin. */
const ConnectBotScreen = observer(function ConnectBotScreen({ vm }: { vm: ConnectBotViewModel }) {
  const { t } = useTranslation();
  const navigate = useNavigate();

  useEffect(() => {
    void vm.load();
    void vm.watch();
  }, [vm]);

  // The bot is in: on to the new channel, in place of this screen (Back then leaves to where the creator came from).
  const arrived = vm.arrived;
  useEffect(() => {
    if (arrived !== null) void navigate(`/channel/${arrived}`, { replace: true });
  }, [arrived, navigate]);

  const username = vm.botUsername ?? '';
  const steps = vm.usesChannelPicker ? PICKER_STEPS : MANUAL_STEPS;
  const mainButton = {
    text: t(vm.usesChannelPicker ? 'connectbot.chooseChannel' : 'connectbot.copyUsername'),
    onClick: () =>
      void vm.connect((name) => ({
        title: t('connectbot.copiedTitle'),
        message: t('connectbot.copiedText', { username: name }),
        help: t('connectbot.help'),
      })),
  };

  return (
    <Screen
      title={t('connectbot.title')}
      state={vm.state}
      onRetry={() => void vm.load()}
      mainButton={mainButton}
      className="connectbot"
    >
      <Placeholder
        level={1}
        icon={<Icon name="plus" size={48} />}
        title={t('connectbot.heading')}
        text={t('connectbot.text', { username })}
      />
      <Section header={t('connectbot.stepsHeader')}>
        <ol className="connectbot-steps">
          {steps.map((step) => (
            <li key={step}>{t(`connectbot.step.${step}`, { username })}</li>
          ))}
        </ol>
      </Section>
      <p className="connectbot-rights">{t('connectbot.rights')}</p>
    </Screen>
  );
});

export default ConnectBotScreen;
