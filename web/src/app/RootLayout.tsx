import { Suspense } from 'react';
import { Outlet } from 'react-router-dom';
import { useAuthListener } from '../features/auth/useAuthListener';
import { Spinner } from '../shared/Spinner';

export function RootLayout() {
  useAuthListener();
  return (
    <Suspense fallback={<Spinner />}>
      <Outlet />
    </Suspense>
  );
}
