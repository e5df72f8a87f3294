import { observer } from 'mobx-react-lite';
import { useTranslation } from 'react-i18next';
import { useNavigate } from 'react-router-dom';
import { Button } from '../../components/Button';
import { Cell } from '../../components/Cell';
import { Icon } from '../../components/Icon';
import { Section } from '../../components/Section';
import type { MigrationViewModel } from './MigrationViewModel';

export const CREATOR_DASHBOARD = '/dashboard/creator';
export const CONNECT_BOT = '/connectbot';
export const CONNECT_CHANNELS = '/migration/connectChannels';

/**
 * Stopping or refusing asks first (the place in line is lost), then goes to the creator dashboard. Returns the
 * handler for a button.
 */
export function useRefuse(vm: MigrationViewModel, confirmKey: string): () => void {
  const { t } = useTranslation();
  const navigate = useNavigate();
  return () => {
    void vm.refuseAfterConfirm(t(confirmKey)).then((refused) => {
      if (refused) void navigate(CREATOR_DASHBOARD, { replace: true });
    });
  };
}

/** The donation channels, most active subscribers first, connected ones marked, the others with Add bot. */
export const MigrationChannelList = observer(function MigrationChannelList({ vm }: { vm: MigrationViewModel }) {
  const { t } = useTranslation();
  const navigate = useNavigate();
  return (
    <Section header={t('migration.channelsHeader', { connected: vm.connectedCount, total: vm.channelRows.length })}>
      {vm.channelRows.map((row) => (
        <Cell
          key={row.chatId}
          className="migration-channel"
          title={row.name}
          subtitle={t('migration.activeSubscribers', { count: row.activeSubscribers })}
          after={
            row.connected ? (
              <span className="migration-connected">
                <Icon name="check" size={20} />
                {t('migration.connected')}
              </span>
            ) : (
              <Button
                mode="tinted"
                size="small"
                aria-label={t('migration.addBotTo', { name: row.name })}
                onClick={() => void navigate(CONNECT_BOT)}
              >
                {t('migration.addBot')}
              </Button>
            )
          }
        />
      ))}
    </Section>
  );
});

/** The queue: place in line and the stop action (with a confirm: the place is lost). */
export const MigrationQueue = observer(function MigrationQueue({ vm }: { vm: MigrationViewModel }) {
  const { t } = useTranslation();
  const stop = useRefuse(vm, 'migration.stopConfirm');
  return (
    <Section header={t('migration.queueHeader')} footer={t('migration.stopFooter')}>
      {vm.positionInQueue !== null && <Cell title={t('migration.placeInLine')} after={String(vm.positionInQueue)} />}
      <Cell onClick={stop} disabled={vm.busy} title={t('migration.stop')} destructive />
    </Section>
  );
});

/** Support and add-bot buttons of the waiting notice. */
export function WaitingActions({ vm }: { vm: MigrationViewModel }) {
  const { t } = useTranslation();
  const navigate = useNavigate();
  return (
    <>
      <Button mode="tinted" onClick={() => void navigate(CONNECT_BOT)}>
        {t('migration.addBot')}
      </Button>
      <Button mode="plain" onClick={vm.openSupport}>
        {t('common.support')}
      </Button>
      <Button
        mode="plain"
        onClick={() => {
          vm.dismiss();
          void navigate(CREATOR_DASHBOARD, { replace: true });
        }}
      >
        {t('migration.notNow')}
      </Button>
    </>
  );
}
