import { useAtomValue } from 'jotai';
import { Suspense, useEffect } from 'react';
import { Navigate, Outlet, useLocation } from 'react-router-dom';
import { authLoadingAtom, currentUserAtom } from '../shared/session';
import { optionalLazy } from '../shared/optionalLazy';
import { Spinner } from '../shared/Spinner';
import { warmFormatters } from '../shared/warmFormatters';
import { BottomNav } from './BottomNav';
import { SessionPendingContext } from './sessionPending';
import './RequireAuth.css';

const SignedInEffects = optionalLazy(() => import('./SignedInEffects'), 'The live prices and push registration');

/** Protected routes: the layout with a spinner while auth loads, /login without a user (coming back here after). */
export default function RequireAuth() {
  const loading = useAtomValue(authLoadingAtom);
  const user = useAtomValue(currentUserAtom);
  const location = useLocation();
  // While the session and the screen's documents load, so that the screen's first render with them
  // does not build its formatters itself.
  useEffect(() => {
    warmFormatters();
  }, []);
  if (!loading && !user) {
    return <Navigate to="/login" replace state={{ from: location.pathname + location.search }} />;
  }
  // The layout paints at once (and is what a signed-in route's prerendered HTML shows); while the
  // session is checked, the screen shows the spinner, or its Pending part with it (router.tsx).
  return (
    <div className="app-shell">
      {/* Its own boundary: the page shows while the effects' code arrives. */}
      {user && (
        <Suspense fallback={null}>
          <SignedInEffects />
        </Suspense>
      )}
      <SessionPendingContext value={loading}>
        <Suspense fallback={<Spinner />}>
          <Outlet />
        </Suspense>
      </SessionPendingContext>
      <BottomNav />
    </div>
  );
}
