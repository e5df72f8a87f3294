import { observer } from 'mobx-react-lite';
import { useEffect } from 'react';
import { useTranslation } from 'react-i18next';
import { useNavigate } from 'react-router-dom';
import { MIGRATION_TERMS_ALERT_KEY } from '../../../domain/verification';
import { Button } from '../../components/Button';
import { Placeholder } from '../../components/Placeholder';
import { Checkbox } from '../../components/Switch';
import { Screen } from '../../shell/Screen';
import { CONNECT_CHANNELS } from './MigrationParts';
import './migration.css';
import type { MigrationViewModel } from './MigrationViewModel';

/** /migration/terms: the checkbox; confirming without it shows migration_terms_alert, with it queues the request. */
const MigrationTermsScreen = observer(function MigrationTermsScreen({ vm }: { vm: MigrationViewModel }) {
  const { t } = useTranslation();
  const navigate = useNavigate();

  useEffect(() => {
    void vm.load();
  }, [vm]);

  const onConfirm = async (): Promise<void> => {
    const outcome = await vm.confirmWithAlert(t(`migration.${MIGRATION_TERMS_ALERT_KEY}`));
    if (outcome === 'confirmed') void navigate(CONNECT_CHANNELS, { replace: true });
  };

  return (
    <Screen
      title={t('migration.termsTitle')}
      state={vm.state}
      onRetry={() => void vm.load()}
      mainButton={{
        text: t('migration.confirm'),
        onClick: () => void onConfirm(),
        loading: vm.confirmStatus === 'pending',
      }}
    >
      <Placeholder level={1} title={t('migration.termsTitle')} text={t('migration.termsText')} />
      <div className="migration-terms">
        <Checkbox label={t('migration.termsCheckbox')} checked={vm.termsAccepted} onChange={vm.setTermsAccepted} />
        <Button mode="plain" size="small" onClick={vm.openTerms}>
          {t('migration.termsLink')}
        </Button>
      </div>
    </Screen>
  );
});

export default MigrationTermsScreen;
