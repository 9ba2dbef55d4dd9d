/**
 * The router and its screens. main.tsx imports it dynamically, so that React and this half of the
 * app (React Router above all) are evaluated in two tasks rather than one long one, which would
 * block a slow phone's main thread.
 */
import { RouterProvider } from 'react-router-dom';
import { createAppRouter } from './router';

export { preloadRoute } from './router';

const router = createAppRouter();

export function AppRoot() {
  return <RouterProvider router={router} />;
}
