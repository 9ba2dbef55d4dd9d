import { useAtomValue } from 'jotai';
import { Suspense } from 'react';
import { Navigate, Outlet, useLocation } from 'react-router-dom';
import { authLoadingAtom, currentUserAtom } from '../shared/session';
import { optionalLazy } from '../shared/optionalLazy';
import { Spinner } from '../shared/Spinner';
import { BottomNav } from './BottomNav';
import './RequireAuth.css';

const SignedInEffects = optionalLazy(() => import('./SignedInEffects'), 'The live prices and push registration');

/** Protected routes: the layout with a spinner while auth loads, /login without a user (coming back here after). */
export default function RequireAuth() {
  const loading = useAtomValue(authLoadingAtom);
  const user = useAtomValue(currentUserAtom);
  const location = useLocation();
  // The layout paints at once (and is what a signed-in route's prerendered HTML shows); only the
  // screen waits for the session.
  if (loading) {
    return (
      <div className="app-shell">
        <Spinner label="Checking your session" />
        <BottomNav />
      </div>
    );
  }
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
