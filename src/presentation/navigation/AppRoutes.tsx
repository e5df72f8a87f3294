import { Suspense, lazy } from 'react';
import { Route, Routes } from 'react-router-dom';
import { DelayedSpinner } from '../shell/DelayedSpinner';
import { FIRST_ROUTES, loadOtherRoutes } from './firstRoutes';

// Every path that is not the first screen's: the route table's chunk, then the matching screen (or not found).
const OtherRoutes = lazy(async () => {
  const { ROUTES, NOT_FOUND_ROUTE } = await loadOtherRoutes();
  return {
    default: function OtherRoutes() {
      return (
        <Routes>
          {[...ROUTES, NOT_FOUND_ROUTE].map(({ path, Screen }) => (
            <Route key={path} path={path} element={<Screen />} />
          ))}
        </Routes>
      );
    },
  };
});

export function AppRoutes() {
  return (
    <Suspense fallback={<DelayedSpinner />}>
      <Routes>
        {FIRST_ROUTES.map(({ path, Screen }) => (
          <Route key={path} path={path} element={<Screen />} />
        ))}
        <Route path="*" element={<OtherRoutes />} />
      </Routes>
    </Suspense>
  );
}
