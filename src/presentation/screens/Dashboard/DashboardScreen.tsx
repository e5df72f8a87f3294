import { observer } from 'mobx-react-lite';
import { useEffect, useLayoutEffect, useRef } from 'react';
import { useTranslation } from 'react-i18next';
import { useNavigate, useNavigationType } from 'react-router-dom';
import { Screen } from '../../shell/Screen';
import { CreatorDashboard } from './CreatorDashboard';
import { FollowerDashboard } from './FollowerDashboard';
import type { DashboardViewModel } from './DashboardViewModel';
import './dashboard.css';

/** Frames to wait for the kept lists to be laid out tall enough to scroll back to where they were. */
const RESTORE_FRAMES = 30;

/** Scrolls the page to `y` once it is tall enough (a few frames at most); calls `done` either way. */
function restoreScroll(y: number, done: () => void): () => void {
  let frame = 0;
  let handle = 0;
  const step = () => {
    window.scrollTo(0, y);
    if (Math.abs(window.scrollY - y) <= 1 || ++frame >= RESTORE_FRAMES) done();
    else handle = requestAnimationFrame(step);
  };
  step();
  return () => cancelAnimationFrame(handle);
}

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
