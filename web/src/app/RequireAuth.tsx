import { useAtomValue } from 'jotai';
import { Suspense } from 'react';
import { Navigate, Outlet, useLocation } from 'react-router-dom';
import { authLoadingAtom, currentUserAtom } from '../shared/session';
import { Spinner } from '../shared/Spinner';
import { usePriceFeed } from '../shared/prices/usePriceFeed';
import { usePushRegistration } from '../features/notifications/usePushRegistration';
import { BottomNav } from './BottomNav';
import './RequireAuth.css';

/** Signed-in side effects: the live price feed and push registration. */
function SignedInEffects() {
  usePriceFeed();
  usePushRegistration();
  return null;
}

/** Protected routes: a spinner while auth loads, /login without a user (coming back here after). */
export function RequireAuth() {
  const loading = useAtomValue(authLoadingAtom);
  const user = useAtomValue(currentUserAtom);
  const location = useLocation();
  if (loading) return <Spinner label="Checking your session" />;
  if (!user) return <Navigate to="/login" replace state={{ from: location.pathname + location.search }} />;
  return (
    <div className="app-shell">
      <SignedInEffects />
      <Suspense fallback={<Spinner />}>
        <Outlet />
      </Suspense>
      <BottomNav />
    </div>
  );
}
