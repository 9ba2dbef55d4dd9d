import { deviceTimeZone, timeZoneToStore } from '@price-alerts/domain/common';
import { type Profile } from '@price-alerts/domain/store';
import { repository } from '../lib/repositories/load';

export interface ProfileOwner {
  uid: string;
  email?: string | null;
  displayName?: string | null;
}

/**
 * The signed-in side of useSessionEffects, loaded with Firestore once someone is signed in: the
 * profile is watched (and created from the account if it does not exist yet), and the device's
 * time zone is stored on it. Returns the function that stops watching.
 */
export function watchSessionProfile(
  { uid, email, displayName }: ProfileOwner,
  setProfile: (profile: Profile) => void,
): () => void {
  let stop: (() => void) | undefined;
  let live = true;
  // The zone last written this session: one write per change, even before its snapshot comes back.
  let zoneWritten: string | undefined;
  void repository('profiles').then(([db, profiles]) => {
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
  });
  return () => {
    live = false;
    stop?.();
  };
}
