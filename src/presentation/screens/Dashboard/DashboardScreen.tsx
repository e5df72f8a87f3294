import { observer } from 'mobx-react-lite';
import { useEffect } from 'react';
import { useTranslation } from 'react-i18next';
import { useNavigate } from 'react-router-dom';
import { Screen } from '../../shell/Screen';
import { CreatorDashboard } from './CreatorDashboard';
import { FollowerDashboard } from './FollowerDashboard';
import type { DashboardViewModel } from './DashboardViewModel';
import './dashboard.css';

/** /, /dashboard and /dashboard/{creator|follower}. */
function DashboardScreen({ vm }: { vm: DashboardViewModel }) {
  const { t } = useTranslation();
  const navigate = useNavigate();

  useEffect(() => {
    void vm.load();
  }, [vm]);

  const redirect = vm.redirect;
  useEffect(() => {
    if (redirect !== null) void navigate(redirect, { replace: true });
  }, [redirect, navigate]);

  const shownMode = vm.dashboard?.mode;
  return (
    <Screen
      title={t(shownMode === 'creator' ? 'dashboard.creatorTitle' : 'dashboard.title')}
      state={vm.state}
      onRetry={vm.load}
      className="dashboard"
    >
      {shownMode === 'creator' ? <CreatorDashboard vm={vm} /> : <FollowerDashboard vm={vm} />}
    </Screen>
  );
}

export default observer(DashboardScreen);
