import { Suspense } from 'react';
import { Outlet } from 'react-router-dom';
import { useAuthListener } from './useAuthListener';
import { useSessionEffects } from './useSessionEffects';
import { UpdatePrompt } from '../features/pwa/UpdatePrompt';
import { useInstallPromptCapture } from '../features/pwa/useInstallPrompt';
import { Spinner } from '../shared/Spinner';

export function RootLayout() {
  useAuthListener();
  useSessionEffects();
  useInstallPromptCapture();
  return (
    <>
      <UpdatePrompt />
      <Suspense fallback={<Spinner />}>
        <Outlet />
      </Suspense>
    </>
  );
}
