import { useAtomValue } from 'jotai';
import { useLocation } from 'react-router-dom';
import { currentUserAtom } from '../../shared/session';

/** Where login sends a user once signed in: back where a protected route sent them from, else the dashboard. */
export function useReturnPath(): string {
  const location = useLocation();
  const from = (location.state as { from?: unknown } | null)?.from;
  return typeof from === 'string' && from.startsWith('/') && from !== '/login' ? from : '/dashboard';
}

/** Whether someone is signed in; login and sign-up leave for the app as soon as it turns true. */
export function useSignedIn(): boolean {
  return useAtomValue(currentUserAtom) !== null;
}
