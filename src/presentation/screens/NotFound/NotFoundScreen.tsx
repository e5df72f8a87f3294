import { useTranslation } from 'react-i18next';
import { useNavigate } from 'react-router-dom';
import { Button } from '../../components/Button';
import { Placeholder } from '../../components/Placeholder';
import { DASHBOARD_PATH } from '../../navigation/history';
import { Screen } from '../../shell/Screen';

/** Any path without a route. */
export default function NotFoundScreen() {
  const { t } = useTranslation();
  const navigate = useNavigate();
  return (
    <Screen title={t('common.notFound.title')}>
      <Placeholder
        title={t('common.notFound.title')}
        text={t('common.notFound.text')}
        actions={<Button onClick={() => void navigate(DASHBOARD_PATH, { replace: true })}>{t('common.notFound.action')}</Button>}
      />
    </Screen>
  );
}
