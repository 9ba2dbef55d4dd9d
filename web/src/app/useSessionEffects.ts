import { deviceTimeZone, emptyDraft, timeZoneToStore } from '@price-alerts/domain';
import { useAtomValue, useSetAtom, useStore } from 'jotai';
import { useEffect } from 'react';
import { alertListsAtom, draftAtom, selectedAlertAtom, showAlertDetailsAtom } from '../features/alerts/atoms';
import { getDb } from '../lib/firebase';
import { currentUserAtom, profileAtom } from '../shared/session';

/**
 * What signing in and out sets off (spec section 4): on sign-in the profile is loaded (and
 * created from the account if it does not exist yet); on sign-out profile state is cleared, and so
 * is everything of the user's alerts the app holds, so the next person on the device sees none of it.
 * Firestore is imported here on demand, so public routes never load it.
 */
export function useSessionEffects(): void {
  const user = useAtomValue(currentUserAtom);
  const setProfile = useSetAtom(profileAtom);
  const store = useStore();
  const uid = user?.uid;
  const email = user?.email;
  const displayName = user?.displayName;

  useEffect(() => {
    if (!uid) {
      setProfile(null);
      store.set(alertListsAtom, { active: [], previous: [] });
      store.set(selectedAlertAtom, null);
      store.set(showAlertDetailsAtom, false);
      store.set(draftAtom, emptyDraft());
      return;
    }
    let stop: (() => void) | undefined;
    let live = true;
    // The zone last written this session: one write per change, even before its snapshot comes back.
    let zoneWritten: string | undefined;
    void (async () => {
      const [db, profiles] = await Promise.all([getDb(), import('../lib/repositories/profiles')]);
      if (!live) return;
      stop = profiles.watchProfile(
        db,
        uid,
        (profile, exists) => {
          setProfile(profile);
          const zone = timeZoneToStore(profile.timeZone, deviceTimeZone());
          const newZone = zone && zone !== zoneWritten ? zone : undefined;
          if (newZone) zoneWritten = newZone;
          // A new profile is created in one write with its zone: two writes could be cut between
          // by the page closing, leaving a profile with a zone alone that is never completed.
          const write = !exists
            ? profiles.saveProfile(db, uid, {
                ...(displayName ? { fullName: displayName.slice(0, 80) } : {}),
                ...(email ? { email } : {}),
                hasSetAvatar: false,
                pwaPromptDismissed: false,
                ...(newZone ? { timeZone: newZone } : {}),
              })
            : newZone && profiles.saveTimeZone(db, uid, newZone);
          if (write) write.catch((error: unknown) => console.error('Profile not saved', error));
        },
        (error) => console.error('Profile listener failed', error),
      );
    })();
    return () => {
      live = false;
      stop?.();
    };
  }, [uid, email, displayName, setProfile, store]);
}
