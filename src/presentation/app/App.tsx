import { BrowserRouter } from 'react-router-dom';
import { AppRoutes } from '../navigation/AppRoutes';
import { BannedRedirect, DevTapListener } from '../navigation/ShellListeners';
import { CrashBoundary } from '../shell/CrashBoundary';
import { ToastHost } from '../toasts/ToastHost';
import { type Resolver, ResolverContext } from './resolver';

/** The shell: services, crash boundary, router with its listeners, the routes and the toast host. */
export function App({ resolver }: { resolver: Resolver }) {
  return (
    <ResolverContext.Provider value={resolver}>
      <CrashBoundary>
        <BrowserRouter>
          <DevTapListener />
          <BannedRedirect />
          <AppRoutes />
        </BrowserRouter>
        <ToastHost />
      </CrashBoundary>
    </ResolverContext.Provider>
  );
}
