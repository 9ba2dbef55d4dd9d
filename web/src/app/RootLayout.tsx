import { Suspense } from 'react';
import { Outlet } from 'react-router-dom';
import { useAuthListener } from './useAuthListener';
import { useSessionEffects } from './useSessionEffects';
import { UpdatePrompt } from '../features/pwa/UpdatePrompt';
import { useInstallPromptCapture } from '../features/pwa/useInstallPrompt';
import { Spinner } from '../shared/Spinner';
import { PRERENDERING } from './prerendered';

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
      <UpdatePrompt />
      <Suspense fallback={<Spinner />}>
        <Outlet />
      </Suspense>
    </>
  );
}
