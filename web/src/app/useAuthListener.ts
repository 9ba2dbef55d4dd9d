import { useSetAtom } from 'jotai';
import { startTransition, useEffect } from 'react';
import { watchAuth } from '../lib/auth';
import { forgetLastDashboard } from '../shared/firstPaint/lastGreeting';
import { authLoadingAtom, currentUserAtom } from '../shared/session';

/** Mirrors Firebase's auth state into the atoms for the lifetime of the app. */
export function useAuthListener(): void {
  const setUser = useSetAtom(currentUserAtom);
  const setLoading = useSetAtom(authLoadingAtom);
  useEffect(
    () =>
      watchAuth((user) => {
        // At once, not when React next renders: the app may be closed before it does.
        if (!user) forgetLastDashboard();
        // A transition: the screen it reveals (a whole dashboard, after a reload) renders in slices
        // rather than in one task that holds up a tap. The atoms change at once.
        startTransition(() => {
          setUser(user);
          setLoading(false);
        });
      }),
    [setUser, setLoading],
  );
}
