import { useTranslation } from 'react-i18next';
import { TOKENS } from '../../../di/tokens';
import { useService } from '../../app/resolver';
import { Button } from '../../components/Button';
import { Icon } from '../../components/Icon';
import { Placeholder } from '../../components/Placeholder';
import { Screen } from '../../shell/Screen';
import { EXTERNAL_LINKS, openExternal } from '../Dashboard/externalLinks';

/**
 * /banned: every `banned` answer replaces the route with it (spec section 8). Nothing else works for a banned
 * account, so there is no way back; support is the one action.
 */
export default function BannedScreen() {
  const { t } = useTranslation();
  const platform = useService(TOKENS.MessengerPlatform);
  const contactSupport = (): void => openExternal(platform, EXTERNAL_LINKS.support);
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
