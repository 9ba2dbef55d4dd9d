import { Suspense } from 'react';
import { Outlet } from 'react-router-dom';
import { useAuthListener } from './useAuthListener';
import { useSessionEffects } from './useSessionEffects';
import { useInstallPromptCapture } from '../features/pwa/useInstallPrompt';
import { optionalLazy } from '../shared/optionalLazy';
import { Spinner } from '../shared/Spinner';
import { PRERENDERING } from '../shared/firstPaint/prerendered';

// The service worker is registered (and a new version offered) once the page has settled
// (lib/serviceWorkerStart.ts): never in the way of the first paint, nor in the first download.
const UpdatePrompt = optionalLazy(
  () => import('../features/pwa/UpdatePrompt').then((m) => ({ default: m.UpdatePrompt })),
  'The update prompt',
);

/** Mirrors auth into the app; left out while prerendering, so the HTML is the app's first render. */
function AuthListener() {
  useAuthListener();
  return null;
}

export function RootLayout() {
  useSessionEffects();
  useInstallPromptCapture();
  return (
    <>
      {!PRERENDERING && <AuthListener />}
      <Suspense fallback={null}>
        <UpdatePrompt />
      </Suspense>
      <Suspense fallback={<Spinner />}>
        <Outlet />
      </Suspense>
    </>
  );
}
