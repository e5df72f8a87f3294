import { useEffect } from 'react';
import { useTranslation } from 'react-i18next';
import { Icon } from '../../components/Icon';
import { Placeholder } from '../../components/Placeholder';

/** Shown instead of the app when it is opened outside the messenger without launch data. */
export default function UnsupportedScreen() {
  const { t } = useTranslation();
  useEffect(() => {
    document.title = t('common.unsupported.title');
  }, [t]);
  return (
    <main className="screen">
      <Placeholder icon={<Icon name="info" size={48} />} title={t('common.unsupported.title')} text={t('common.unsupported.text')} />
    </main>
  );
}
