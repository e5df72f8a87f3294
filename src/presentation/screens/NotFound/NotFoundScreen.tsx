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
    <Screen title={t('unavailable.notFound.title')}>
      <Placeholder
        title={t('unavailable.notFound.title')}
        text={t('unavailable.notFound.text')}
        actions={
          <Button onClick={() => void navigate(DASHBOARD_PATH, { replace: true })}>
            {t('unavailable.notFound.action')}
          </Button>
        }
      />
    </Screen>
  );
}
