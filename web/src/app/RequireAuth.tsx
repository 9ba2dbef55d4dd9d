import { useAtomValue } from 'jotai';
import { Suspense, lazy } from 'react';
import { Navigate, Outlet, useLocation } from 'react-router-dom';
import { authLoadingAtom, currentUserAtom } from '../shared/session';
import { Spinner } from '../shared/Spinner';
import { BottomNav } from './BottomNav';
import './RequireAuth.css';

const SignedInEffects = lazy(() => import('./SignedInEffects'));

/** Protected routes: a spinner while auth loads, /login without a user (coming back here after). */
export function RequireAuth() {
  const loading = useAtomValue(authLoadingAtom);
  const user = useAtomValue(currentUserAtom);
  const location = useLocation();
  if (loading) return <Spinner label="Checking your session" />;
  if (!user) return <Navigate to="/login" replace state={{ from: location.pathname + location.search }} />;
  return (
    <div className="app-shell">
      {/* Its own boundary: the page shows while the effects' code arrives. */}
      <Suspense fallback={null}>
        <SignedInEffects />
      </Suspense>
      <Suspense fallback={<Spinner />}>
        <Outlet />
      </Suspense>
      <BottomNav />
    </div>
  );
}
