import { Suspense } from 'react';
import { optionalLazy } from './optionalLazy';

const Toasts = optionalLazy(() => import('./toasts'), 'The toaster');

/**
 * The app's one toaster (main.tsx). react-hot-toast arrives in a chunk of its own, started by the
 * first render rather than being part of every route's first download: a toast raised before it
 * has arrived waits in react-hot-toast's store and shows when it has.
 */
export function ToastLayer() {
  return (
    <Suspense fallback={null}>
      <Toasts />
    </Suspense>
  );
}
