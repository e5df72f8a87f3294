import { observer } from 'mobx-react-lite';
import { useEffect } from 'react';
import { useTranslation } from 'react-i18next';
import { Avatar } from '../../components/Avatar';
import { Cell } from '../../components/Cell';
import { EmptyState } from '../../components/EmptyState';
import { Section } from '../../components/Section';
import { Spinner } from '../../components/Spinner';
import { Screen } from '../../shell/Screen';
import { launchLocation } from './LocalViewModel';
import type { LocalViewModel } from './LocalViewModel';

/** /local (`npm run build:local` only): the sandbox user picker; picking reloads the app as that user. */
const LocalScreen = observer(function LocalScreen({ vm }: { vm: LocalViewModel }) {
  const { t } = useTranslation();

  useEffect(() => {
    void vm.load();
  }, [vm]);

  const pick = async (telegramId: number): Promise<void> => {
    const launchUrl = await vm.launch(telegramId);
    if (launchUrl !== null) window.location.assign(launchLocation(launchUrl, window.location.origin));
  };

  return (
    <Screen title={t('devtools.local.title')} state={vm.state} onRetry={() => void vm.load()}>
      <h1 className="visually-hidden">{t('devtools.local.title')}</h1>
      <Section header={t('devtools.local.header')} footer={t('devtools.local.footer')}>
        {vm.users.length === 0 && <EmptyState text={t('devtools.local.empty')} />}
        {vm.users.map((user) => {
          const name = [user.firstName, user.lastName].filter(Boolean).join(' ');
          const details = [
            String(user.telegramId),
            user.userName && `@${user.userName}`,
            user.demo && t('devtools.local.demo'),
            user.banned && t('devtools.local.banned'),
          ];
          return (
            <Cell
              key={user.telegramId}
              onClick={() => void pick(user.telegramId)}
              disabled={vm.launching !== null}
              before={<Avatar id={user.telegramId} name={name} size={32} decorative />}
              title={name}
              subtitle={details.filter(Boolean).join(' · ')}
              after={vm.launching === user.telegramId ? <Spinner label={t('common.loading')} /> : undefined}
              chevron
            />
          );
        })}
      </Section>
    </Screen>
  );
});

export default LocalScreen;
