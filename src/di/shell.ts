/**
 * Presentation bindings of the first screen, bound at start: the shell's services and the dashboard's view model.
 * Every other view model is bound in presentation.ts, which (with application.ts) loads with the first route that
 * needs it (see container.ts), so the entry carries no binding the first screen does not use.
 */
import { ContainerModule } from 'inversify';
import { ToastStore } from '../presentation/toasts/ToastStore';
import { ErrorConsoleSwitch } from '../presentation/shell/ErrorConsoleSwitch';
import { bindLazySingleton, bindSingleton, bindViewModel, construct } from './binding';
import { TOKENS } from './tokens';

export function shellModule(): ContainerModule {
  return new ContainerModule(({ bind }) => {
    bindSingleton(
      bind,
      TOKENS.ToastStore,
      [TOKENS.MessengerPlatform, TOKENS.Clock],
      (platform, clock) => new ToastStore(platform, clock),
    );
    // The /debug error console renders on every screen when switched on: the shell reads the switch at start and
    // loads the store (which collects the errors) only when it is on, or when /debug shows the switch.
    bindSingleton(
      bind,
      TOKENS.ErrorConsoleSwitch,
      [TOKENS.KeyValueStorage],
      (storage) => new ErrorConsoleSwitch(storage),
    );
    bindLazySingleton(
      bind,
      TOKENS.ErrorConsoleStore,
      [TOKENS.KeyValueStorage, TOKENS.Clock, TOKENS.ErrorConsoleSwitch],
      async () => {
        const { ErrorConsoleStore, browserErrorSource } = await import('../presentation/shell/ErrorConsoleStore');
        return (storage, clock, switchState) => new ErrorConsoleStore(storage, clock, browserErrorSource, switchState);
      },
    );
    bindLazySingleton(
      bind,
      TOKENS.DashboardSession,
      [TOKENS.KeyValueStorage],
      construct(() => import('../presentation/screens/Dashboard/DashboardSession'), 'DashboardSession'),
    );
    bindViewModel(
      bind,
      TOKENS.DashboardViewModel,
      [TOKENS.DashboardRepository, TOKENS.DashboardSession, TOKENS.Clock, TOKENS.Links],
      construct(() => import('../presentation/screens/Dashboard/DashboardViewModel'), 'DashboardViewModel'),
    );
    // Revenue at a glance renders with the creator dashboard: bound here, resolving it loads no other screen's bindings.
    bindViewModel(
      bind,
      TOKENS.RevenueChartViewModel,
      [TOKENS.RevenueRepository, TOKENS.Downloads, TOKENS.ToastStore],
      construct(() => import('../presentation/components/RevenueChart/RevenueChartViewModel'), 'RevenueChartViewModel'),
    );
  });
}
