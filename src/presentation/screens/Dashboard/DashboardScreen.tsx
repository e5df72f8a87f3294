import { observer } from 'mobx-react-lite';
import { useEffect } from 'react';
import { useTranslation } from 'react-i18next';
import { Navigate, useNavigate, useParams } from 'react-router-dom';
import { ROLES, type Role } from '../../../domain/entities';
import { TOKENS } from '../../../di/tokens';
import { useViewModel } from '../../app/useViewModel';
import { Screen } from '../../shell/Screen';
import { CreatorDashboard } from './CreatorDashboard';
import { FollowerDashboard } from './FollowerDashboard';
import './dashboard.css';

const isRole = (value: string | undefined): value is Role => (ROLES as readonly string[]).includes(value ?? '');

const DashboardView = observer(function DashboardView({ mode }: { mode: Role | undefined }) {
  const { t } = useTranslation();
  const navigate = useNavigate();
  const vm = useViewModel(TOKENS.DashboardViewModel, mode);

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
      state={vm.screenState}
      onRetry={vm.load}
      className="dashboard"
    >
      {shownMode === 'creator' ? <CreatorDashboard vm={vm} /> : <FollowerDashboard vm={vm} />}
    </Screen>
  );
});

/** /, /dashboard and /dashboard/{creator|follower}. */
export default function DashboardScreen() {
  const { mode } = useParams();
  if (mode !== undefined && !isRole(mode)) return <Navigate to="/dashboard" replace />;
  return <DashboardView mode={mode} />;
}
