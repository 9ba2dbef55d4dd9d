import { useAtomValue, useSetAtom, useStore } from 'jotai';
import { startTransition, useEffect, useRef } from 'react';
import { afterThisTask } from '../lib/afterThisTask';
import { loadAgainOnce } from '../lib/loadAgain';
import { currentUserAtom, profileAtom } from '../shared/session';

/**
 * What signing in and out sets off (the spec's rule for an authentication change): on sign-in the
 * profile is loaded (and created from the account if it does not exist yet); on sign-out profile
 * state is cleared, and so is everything of the user's alerts the app holds, so the next person on
 * the device sees none of it.
 * The signed-in part (profileSession.ts, with Firestore) is imported on demand, so public routes never load it.
 */
export function useSessionEffects(): void {
  const user = useAtomValue(currentUserAtom);
  const setProfile = useSetAtom(profileAtom);
  const store = useStore();
  const uid = user?.uid;
  const email = user?.email;
  const displayName = user?.displayName;

  const signedInAs = useRef<string | undefined>(undefined);

  useEffect(() => {
    const wasSignedIn = signedInAs.current !== undefined;
    signedInAs.current = uid;
    if (!uid) {
      setProfile(null);
      // Only when someone signs out: a page that opens signed out holds no one's alerts.
      if (wasSignedIn) {
        void loadAgainOnce(() => import('./clearUserState'))
          .then(({ clearUserState }) => clearUserState(store))
          .catch((error: unknown) => console.error('Could not clear the signed-out user’s alerts', error));
      }
      return;
    }
    // Loaded while signed in, so that sign-out clears at once. Both after this task: it is the
    // commit's, and each import adds its chunks' preload links to the task that makes it.
    afterThisTask(() => import('./clearUserState')).catch(() => undefined);
    let stop: (() => void) | undefined;
    let live = true;
    void afterThisTask(() => loadAgainOnce(() => import('./profileSession')))
      .then(({ watchSessionProfile }) => {
        // Each snapshot renders as a transition, in slices (see useAuthListener).
        if (live) {
          stop = watchSessionProfile({ uid, email, displayName }, (profile) => {
            // A snapshot that comes after another user has signed in, before this watch is stopped, is not theirs.
            if (store.get(currentUserAtom)?.uid === uid) startTransition(() => setProfile(profile));
          });
        }
      })
      .catch((error: unknown) => console.error('Could not load the profile', error));
    return () => {
      live = false;
      stop?.();
    };
  }, [uid, email, displayName, setProfile, store]);
}
