import { useEffect } from 'react';
import { useTranslation } from 'react-i18next';
import { Icon } from '../../components/Icon';
import { Placeholder } from '../../components/Placeholder';

/**
 * Shown instead of the app when it is opened outside the messenger without launch data. On a sandbox server it also
 * links to the host emulator (`emulatorUrl`), where the app runs as inside the messenger. Its texts (the `unavailable`
 * namespace) load with it: main.tsx asks for them on this path only.
 */
export default function UnsupportedScreen({ emulatorUrl = null }: { readonly emulatorUrl?: string | null }) {
  const { t } = useTranslation();
  useEffect(() => {
    document.title = t('unavailable.outsideMessenger.title');
  }, [t]);
  return (
    <main className="screen">
      <Placeholder
        icon={<Icon name="info" size={48} />}
        title={t('unavailable.outsideMessenger.title')}
        text={t('unavailable.outsideMessenger.text')}
        actions={
          emulatorUrl !== null && (
            <a className="button button--filled button--medium" href={emulatorUrl}>
              {t('unavailable.outsideMessenger.openEmulator')}
            </a>
          )
        }
      />
    </main>
  );
}
