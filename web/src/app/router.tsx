import { lazy, useContext, useState, type ComponentType, type ReactElement } from 'react';
import { createBrowserRouter, matchRoutes, type RouteObject } from 'react-router-dom';
import { ErrorPage } from '../shared/ErrorPage';
import { SESSION_CHECK_LABEL } from '../shared/session';
import { Spinner } from '../shared/Spinner';
import { RootLayout } from './RootLayout';
import { SessionPendingContext } from './sessionPending';
import { loadAgainOnce } from '../lib/loadAgain';

/** A screen's chunk: the screen, and what it shows while the session is being checked, if not the spinner alone. */
type PageModule = { default: ComponentType; Pending?: ComponentType };
const loaders = new WeakMap<ReactElement, () => Promise<ComponentType>>();

/**
 * Every screen is its own chunk, loaded on first visit behind the layout's spinner. The first
 * screen of a page load is loaded before the app renders (preloadRoute), and then renders at once:
 * a lazy component suspends on its first render even when its chunk is in, and its spinner would
 * replace the screen's prerendered HTML for a frame.
 */
const page = (load: () => Promise<PageModule>) => {
  let loaded: PageModule | undefined;
  // Asked for once more after a failure: a load cut by leaving the page then ends quietly.
  const loadOnce = () => loadAgainOnce(load).then((module) => (loaded = module).default);
  const Lazy = lazy(() => loadOnce().then((component) => ({ default: component })));
  function Page() {
    // Chosen once per mount, so a screen never remounts when its chunk arrives.
    const [Screen] = useState<ComponentType>(() => loaded?.default ?? Lazy);
    const pending = useContext(SessionPendingContext);
    if (pending) {
      const Pending = loaded?.Pending;
      return Pending ? <Pending /> : <Spinner label={SESSION_CHECK_LABEL} />;
    }
    return <Screen />;
  }
  const element = <Page />;
  loaders.set(element, loadOnce);
  return element;
};

const publicRoutes: RouteObject[] = [
  { path: '/', element: page(() => import('../features/auth/SplashPage')) },
  { path: '/signup', element: page(() => import('../features/auth/SignupPage')) },
  { path: '/login', element: page(() => import('../features/auth/LoginPage')) },
  { path: '/verify_email', element: page(() => import('../features/auth/VerifyEmailPage')) },
  { path: '/email_verified', element: page(() => import('../features/auth/EmailVerifiedPage')) },
  { path: '/reset_email_sent', element: page(() => import('../features/auth/ResetEmailSentPage')) },
  { path: '/reset_password', element: page(() => import('../features/auth/ResetPasswordPage')) },
  { path: '/password_changed', element: page(() => import('../features/auth/PasswordChangedPage')) },
  { path: '/forgot_password', element: page(() => import('../features/auth/ForgotPasswordPage')) },
  // An email's action link: works signed out, the token being the proof (features/actions).
  { path: '/action', element: page(() => import('../features/actions/ActionPage')) },
];

const protectedRoutes: RouteObject[] = [
  { path: '/dashboard', element: page(() => import('../features/dashboard/DashboardPage')) },
  { path: '/create_alert', element: page(() => import('../features/alert-form/CreateAlertPage')) },
  { path: '/alert_added_successfully', element: page(() => import('../features/alert-form/AlertAddedPage')) },
  { path: '/edit_alert/:alertId', element: page(() => import('../features/alert-form/EditAlertPage')) },
  // 'See all' from the dashboard's capped lists; any other list is not a page.
  {
    path: '/alerts/:list',
    loader: ({ params }) => {
      if (params.list !== 'active' && params.list !== 'previous') throw notFound();
      return null;
    },
    element: page(() => import('../features/dashboard/AllAlertsPage')),
  },
  { path: '/account', element: page(() => import('../features/account/AccountPage')) },
  { path: '/profile', element: page(() => import('../features/account/ProfilePage')) },
  { path: '/change-password', element: page(() => import('../features/auth/ChangePasswordPage')) },
  { path: '/notifications', element: page(() => import('../features/notifications/NotificationsPage')) },
  { path: '/about-us', element: page(() => import('../features/account/AboutPage')) },
  { path: '/setup_pwa', element: page(() => import('../features/pwa/SetupPwaPage')) },
];

const notFound = () => new Response('', { status: 404, statusText: 'Not Found' });

const withErrorPage = (routes: RouteObject[]) => routes.map((r) => ({ ...r, errorElement: <ErrorPage /> }));

export const routes: RouteObject[] = [
  {
    element: <RootLayout />,
    errorElement: <ErrorPage />,
    children: [
      ...withErrorPage(publicRoutes),
      // The signed-in layout is a chunk of its own too: a public screen does not load it.
      { element: page(() => import('./RequireAuth')), children: withErrorPage(protectedRoutes) },
      {
        path: '*',
        errorElement: <ErrorPage />,
        loader: () => {
          throw notFound();
        },
      },
    ],
  },
];

/** Loads the chunks of the screen at `pathname` (none for an unknown path). */
export async function preloadRoute(pathname: string): Promise<void> {
  const matches = matchRoutes(routes, pathname) ?? [];
  await Promise.all(
    matches.map(({ route }) => (route.element ? loaders.get(route.element as ReactElement)?.() : null)),
  );
}

export function createAppRouter() {
  return createBrowserRouter(routes);
}
