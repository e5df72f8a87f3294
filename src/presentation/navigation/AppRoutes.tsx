import { Suspense } from 'react';
import { Route, Routes } from 'react-router-dom';
import { DelayedSpinner } from '../shell/DelayedSpinner';
import { NOT_FOUND_ROUTE, ROUTES } from './routes';

export function AppRoutes() {
  return (
    <Suspense fallback={<DelayedSpinner />}>
      <Routes>
        {[...ROUTES, NOT_FOUND_ROUTE].map(({ path, Screen }) => (
          <Route key={path} path={path} element={<Screen />} />
        ))}
      </Routes>
    </Suspense>
  );
}
