import { observer } from 'mobx-react-lite';
import { useTranslation } from 'react-i18next';
import { useNavigate } from 'react-router-dom';
import { Button, Icon, Placeholder } from '../../components';
import { Screen } from '../../shell/Screen';
import { useOpenScreen } from '../../navigation/keptScreens';
import { LOADING, READY, type ScreenState, failed } from '../../shell/screenState';
import { ChannelMain } from './ChannelMain';
import { ChannelOnboarding, onboardingMainButton } from './ChannelOnboarding';
import type { ChannelView, ChannelViewModel } from './ChannelViewModel';
import './Channel.css';

function screenState(view: ChannelView): ScreenState {
  if (view.kind === 'loading' || view.kind === 'redirect') return LOADING;
  if (view.kind === 'error') return failed(view.code);
  return READY;
}

/** Moderation in progress or rejected (spec section 8): a placeholder, no retry; rejection links the guidelines. */
function ModerationPlaceholder({
  state,
  onGuidelines,
}: {
  readonly state: 'in_progress' | 'rejected';
  readonly onGuidelines: () => void;
}) {
  const { t } = useTranslation();
  return (
    <Placeholder
      className="channel-placeholder"
      icon={<Icon name={state === 'rejected' ? 'alert' : 'info'} size={56} />}
      title={t('channel.moderation.title')}
      text={t(state === 'rejected' ? 'channel.moderation.rejectedText' : 'channel.moderation.inProgressText')}
      actions={
        state === 'rejected' && (
          <Button mode="tinted" onClick={onGuidelines}>
            {t('channel.moderation.guidelines')}
          </Button>
        )
      }
    />
  );
}

function ChannelContent({ vm }: { readonly vm: ChannelViewModel }) {
  const { t } = useTranslation();
  const view = vm.view;
  switch (view.kind) {
    case 'moderation':
      return <ModerationPlaceholder state={view.state} onGuidelines={vm.openGuidelines} />;
    case 'deleted':
      return (
        <Placeholder
          className="channel-placeholder"
          icon={<Icon name="empty" size={56} />}
          title={t('channel.deleted.title')}
          text={t('channel.deleted.text')}
        />
      );
    case 'onboarding':
      return <ChannelOnboarding vm={vm} step={view.step} />;
    case 'main':
      return <ChannelMain vm={vm} />;
    default:
      return null;
  }
}

/** /channel/:channelId: placeholders, loader, onboarding steps or the channel's main view. */
const ChannelScreen = observer(function ChannelScreen({ vm }: { vm: ChannelViewModel }) {
  const { t } = useTranslation();
  const navigate = useNavigate();
  const view = vm.view;

  useOpenScreen(vm);

  const mainButton = view.kind === 'onboarding' ? onboardingMainButton(vm, view.step, navigate, t) : undefined;
  const title =
    view.kind === 'main' && vm.channel
      ? vm.channel.name
      : view.kind === 'onboarding'
        ? t('onboarding.title')
        : t('channel.title');
  return (
    <Screen
      title={title}
      state={screenState(view)}
      mainButton={mainButton}
      onRetry={() => void vm.load()}
      className="channel-screen"
    >
      <ChannelContent vm={vm} />
    </Screen>
  );
});

export default ChannelScreen;
