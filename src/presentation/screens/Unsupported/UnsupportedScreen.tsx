import { useEffect } from 'react';
import { useTranslation } from 'react-i18next';
import { Icon } from '../../components/Icon';
import { Placeholder } from '../../components/Placeholder';

/**
 * Shown instead of the app when it is opened outside the messenger without launch data. On a sandbox server it also
 * links to the host emulator (`emulatorUrl`), where the app runs as inside the messenger.
 */
export default function UnsupportedScreen({ emulatorUrl = null }: { readonly emulatorUrl?: string | null }) {
  const { t } = useTranslation();
  useEffect(() => {
    document.title = t('common.unsupported.title');
  }, [t]);
  return (
    <main className="screen">
      <Placeholder
        icon={<Icon name="info" size={48} />}
        title={t('common.unsupported.title')}
        text={t('common.unsupported.text')}
        actions={emulatorUrl !== null && (
          <a className="button button--filled button--medium" href={emulatorUrl}>{t('common.sandboxEmulator.open')}</a>
        )}
      />
    </main>
  );
}
