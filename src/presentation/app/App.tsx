import { observer } from 'mobx-react-lite';
import { Suspense, lazy, useMemo } from 'react';
import { BrowserRouter } from 'react-router-dom';
import { TOKENS } from '../../di/tokens';
import { AppRoutes } from '../navigation/AppRoutes';
import { ErrorRedirect, DevTapListener } from '../navigation/ShellListeners';
import { CrashBoundary } from '../shell/CrashBoundary';
import { ToastHost } from '../toasts/ToastHost';
import { type Resolver, ResolverContext, useResolver, useService } from './resolver';
import { loadTexts } from './texts';

// The developer error console (switched on in /debug) loads its code, its store and its texts only when switched on.
const DevErrorConsole = observer(function DevErrorConsole() {
  const enabled = useService(TOKENS.ErrorConsoleSwitch).enabled;
  const resolver = useResolver();
  const LazyErrorConsole = useMemo(
    () =>
      lazy(() =>
        Promise.all([
          import('../shell/ErrorConsole'),
          resolver.getAsync(TOKENS.ErrorConsoleStore),
          loadTexts(['devtools']),
        ]).then(([module, store]) => ({
          default: () => <module.ErrorConsole store={store} />,
        })),
      ),
    [resolver],
  );
  return enabled ? (
    <Suspense fallback={null}>
      <LazyErrorConsole />
    </Suspense>
  ) : null;
});

/** The shell: services, crash boundary, router with its listeners, the routes and the toast host. */
export function App({ resolver }: { resolver: Resolver }) {
  return (
    <ResolverContext.Provider value={resolver}>
      <CrashBoundary>
        <BrowserRouter>
          <DevTapListener />
          <ErrorRedirect />
          <AppRoutes />
        </BrowserRouter>
        <ToastHost />
      </CrashBoundary>
      {/* Outside the boundary: the developer error console stays up when a screen crashes. */}
      <DevErrorConsole />
    </ResolverContext.Provider>
  );
}
