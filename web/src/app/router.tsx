import { lazy, type ComponentType } from 'react';
import { createBrowserRouter, type RouteObject } from 'react-router-dom';
import { ErrorPage } from '../shared/ErrorPage';
import { RequireAuth } from './RequireAuth';
import { RootLayout } from './RootLayout';

// Every screen is its own chunk, loaded on first visit behind the layout's spinner.
const page = (load: () => Promise<{ default: ComponentType }>) => {
  const Page = lazy(load);
  return <Page />;
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
];

const protectedRoutes: RouteObject[] = [
  { path: '/dashboard', element: page(() => import('../features/alerts/DashboardPage')) },
  { path: '/create_alert', element: page(() => import('../features/alerts/CreateAlertPage')) },
  { path: '/alert_added_successfully', element: page(() => import('../features/alerts/AlertAddedPage')) },
  { path: '/edit_alert/:alertId', element: page(() => import('../features/alerts/EditAlertPage')) },
  // 'See all' from the dashboard's capped lists; any other list is not a page.
  {
    path: '/alerts/:list',
    loader: ({ params }) => {
      if (params.list !== 'active' && params.list !== 'previous') throw notFound();
      return null;
    },
    element: page(() => import('../features/alerts/AllAlertsPage')),
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
      { element: <RequireAuth />, children: withErrorPage(protectedRoutes) },
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

export function createAppRouter() {
  return createBrowserRouter(routes);
}
