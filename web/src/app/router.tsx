import { lazy } from 'react';
import { createBrowserRouter, type RouteObject } from 'react-router-dom';
import { ErrorPage } from '../shared/ErrorPage';
import { RequireAuth } from './RequireAuth';
import { RootLayout } from './RootLayout';

// Every screen is its own chunk, loaded on first visit behind the layout's spinner.
const SplashPage = lazy(() => import('../features/auth/SplashPage'));
const LoginPage = lazy(() => import('../features/auth/LoginPage'));
const DashboardPage = lazy(() => import('../features/alerts/DashboardPage'));

const publicRoutes: RouteObject[] = [
  { path: '/', element: <SplashPage /> },
  { path: '/login', element: <LoginPage /> },
];

const protectedRoutes: RouteObject[] = [{ path: '/dashboard', element: <DashboardPage /> }];

const withErrorPage = (routes: RouteObject[]) => routes.map((r) => ({ ...r, errorElement: <ErrorPage /> }));

export const routes: RouteObject[] = [
  {
    element: <RootLayout />,
    errorElement: <ErrorPage />,
    children: [...withErrorPage(publicRoutes), { element: <RequireAuth />, children: withErrorPage(protectedRoutes) }],
  },
];

export function createAppRouter() {
  return createBrowserRouter(routes);
}
