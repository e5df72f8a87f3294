import { useTranslation } from 'react-i18next';
import { Button } from '../../components/Button';
import { Icon } from '../../components/Icon';
import { Placeholder } from '../../components/Placeholder';
import { Screen } from '../../shell/Screen';
import type { SupportViewModel } from '../../shared/SupportViewModel';

/**
 * /banned: every `banned` answer replaces the route with it (spec section 8). Nothing else works for a banned
 * account, so there is no way back; support is the one action.
 */
export default function BannedScreen({ vm }: { vm: SupportViewModel }) {
  const { t } = useTranslation();
  const contactSupport = vm.openSupport;
  return (
    <Screen title={t('banned.title')} back="hidden" mainButton={{ text: t('banned.support'), onClick: contactSupport }}>
      <Placeholder
        icon={<Icon name="alert" size={48} />}
        title={t('banned.title')}
        text={t('banned.text')}
        actions={<Button onClick={contactSupport}>{t('banned.support')}</Button>}
      />
    </Screen>
  );
}
