import { useAtomValue } from 'jotai';
import { useLocation } from 'react-router-dom';
import { currentUserAtom } from '../../shared/session';

/** Where a signed-in user on login or sign-up goes: back where a protected route sent them from. */
export function useReturnPath(): string {
  const location = useLocation();
  const from = (location.state as { from?: unknown } | null)?.from;
  return typeof from === 'string' && from.startsWith('/') && from !== '/login' ? from : '/dashboard';
}

export function useSignedIn(): boolean {
  return useAtomValue(currentUserAtom) !== null;
}
