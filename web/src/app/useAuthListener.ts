import { useSetAtom } from 'jotai';
import { useEffect } from 'react';
import { watchAuth } from '../lib/auth';
import { authLoadingAtom, currentUserAtom } from '../shared/session';

/** Mirrors Firebase's auth state into the atoms for the lifetime of the app. */
export function useAuthListener(): void {
  const setUser = useSetAtom(currentUserAtom);
  const setLoading = useSetAtom(authLoadingAtom);
  useEffect(
    () =>
      watchAuth((user) => {
        setUser(user);
        setLoading(false);
      }),
    [setUser, setLoading],
  );
}
