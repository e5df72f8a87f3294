import { observer } from 'mobx-react-lite';
import { useEffect, useLayoutEffect, useRef } from 'react';
import { useTranslation } from 'react-i18next';
import { useNavigate, useNavigationType } from 'react-router-dom';
import { Screen } from '../../shell/Screen';
import { restoreScroll } from '../../shell/restoreScroll';
import { CreatorDashboard } from './CreatorDashboard';
import { FollowerDashboard } from './FollowerDashboard';
import type { DashboardViewModel } from './DashboardViewModel';
import './dashboard.css';

/** /, /dashboard and /dashboard/{creator|follower}. */
function DashboardScreen({ vm }: { vm: DashboardViewModel }) {
  const { t } = useTranslation();
  const navigate = useNavigate();

  // Back (a POP) shows the lists as they were left; the first value only: later renders change nothing.
  const back = useRef(useNavigationType() === 'POP').current;
  useEffect(() => {
    void vm.open(back);
  }, [vm, back]);

  // The scroll position while this screen is shown; read in the cleanup, which runs before the next screen's content
  // can clamp it (a scroll event after the change would come too late to be counted).
  useLayoutEffect(() => {
    let scrollY = window.scrollY;
    const onScroll = () => (scrollY = window.scrollY);
    window.addEventListener('scroll', onScroll, { passive: true });
    return () => {
      window.removeEventListener('scroll', onScroll);
      vm.leave(scrollY);
    };
  }, [vm]);

  const ready = vm.state.status === 'ready';
  const scrollTo = vm.scrollToRestore;
  useEffect(() => {
    if (!ready || scrollTo === null) return;
    return restoreScroll(scrollTo, vm.scrollRestored);
  }, [ready, scrollTo, vm]);

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
