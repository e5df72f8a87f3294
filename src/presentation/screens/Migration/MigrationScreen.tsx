import { observer } from 'mobx-react-lite';
import { useEffect } from 'react';
import { useTranslation } from 'react-i18next';
import { useNavigate } from 'react-router-dom';
import { Button } from '../../components/Button';
import { Icon, type IconName } from '../../components/Icon';
import { Placeholder } from '../../components/Placeholder';
import type { MainButtonConfig } from '../../shell/hostButtons';
import { Screen } from '../../shell/Screen';
import {
  CONNECT_CHANNELS,
  CREATOR_DASHBOARD,
  MigrationChannelList,
  MigrationQueue,
  WaitingActions,
  useRefuse,
} from './MigrationParts';
import type { MigrationViewModel } from './MigrationViewModel';
import './migration.css';

const MOVES: readonly { key: 'channels' | 'subscriptions' | 'payouts'; icon: IconName }[] = [
  { key: 'channels', icon: 'heart' },
  { key: 'subscriptions', icon: 'star' },
  { key: 'payouts', icon: 'card' },
];

/** The offer: what moves over, how long it takes, the channels, and Not now. */
const Offer = observer(function Offer({ vm }: { vm: MigrationViewModel }) {
  const { t } = useTranslation();
  const refuse = useRefuse(vm, 'migration.refuseConfirm');
  return (
    <>
      <Placeholder
        level={1}
        icon={<Icon name="arrowUp" size={48} />}
        title={t('migration.offerTitle')}
        text={t('migration.offerText')}
      />
      <h2 className="visually-hidden">{t('migration.movesHeader')}</h2>
      <ul className="migration-moves">
        {MOVES.map(({ key, icon }) => (
          <li key={key}>
            <Icon name={icon} size={24} />
            <span className="migration-moves__text">
              <span>{t(`migration.moves.${key}`)}</span>
              <span className="migration-moves__hint">{t(`migration.moves.${key}Hint`)}</span>
            </span>
          </li>
        ))}
        <li>
          <Icon name="info" size={24} />
          <span className="migration-moves__text">{t('migration.takesUpTo24h')}</span>
        </li>
      </ul>
      {vm.channelRows.length > 0 && <MigrationChannelList vm={vm} />}
      <div className="migration-actions">
        <Button mode="plain" onClick={refuse} disabled={vm.busy}>
          {t('migration.notNow')}
        </Button>
      </div>
    </>
  );
});

/** A request exists: the waiting notice (queued), data import in progress, or done. */
const Requested = observer(function Requested({ vm }: { vm: MigrationViewModel }) {
  const { t } = useTranslation();
  switch (vm.view) {
    case 'waiting':
      return (
        <>
          <Placeholder
            level={1}
            icon={<Icon name="info" size={48} />}
            title={t('migration.waitingTitle')}
            text={t('migration.waitingText')}
            actions={<WaitingActions vm={vm} />}
          />
          <MigrationQueue vm={vm} />
        </>
      );
    case 'importing':
      return (
        <>
          <Placeholder
            level={1}
            icon={<Icon name="arrowDown" size={48} />}
            title={t('migration.importingTitle')}
            text={t('migration.importingText')}
            actions={
              <Button mode="plain" onClick={vm.openSupport}>
                {t('common.support')}
              </Button>
            }
          />
          {vm.importProgress && (
            <div className="migration-progress">
              <progress
                id="migration-progress"
                max={vm.importProgress.total}
                value={vm.importProgress.done}
                aria-label={t('migration.importingProgress', vm.importProgress)}
              />
              <p>{t('migration.importingProgress', vm.importProgress)}</p>
            </div>
          )}
        </>
      );
    default:
      return (
        <Placeholder
          level={1}
          icon={<Icon name="check" size={48} />}
          title={t('migration.completedTitle')}
          text={t('migration.completedText')}
        />
      );
  }
});

/** /migration: the offer, or the state of an existing request (spec sections 2 and 4). */
const MigrationScreen = observer(function MigrationScreen({ vm }: { vm: MigrationViewModel }) {
  const { t } = useTranslation();
  const navigate = useNavigate();

  useEffect(() => {
    void vm.load().then(() => vm.keepFresh());
  }, [vm]);

  let mainButton: MainButtonConfig | undefined;
  if (vm.view === 'offer')
    mainButton = { text: t('common.continue'), onClick: () => void navigate('/migration/terms'), enabled: !vm.busy };
  else if (vm.view === 'waiting')
    mainButton = { text: t('migration.connectChannels'), onClick: () => void navigate(CONNECT_CHANNELS) };
  else if (vm.view === 'completed')
    mainButton = {
      text: t('migration.openDashboard'),
      onClick: () => void navigate(CREATOR_DASHBOARD, { replace: true }),
    };

  return (
    <Screen title={t('migration.title')} state={vm.state} onRetry={() => void vm.load()} mainButton={mainButton}>
      {vm.view === 'offer' ? <Offer vm={vm} /> : <Requested vm={vm} />}
    </Screen>
  );
});

export default MigrationScreen;
