/** Repository for users/{uid}: the profile document. */
import { timeZoneSchema } from '@price-alerts/domain/common';
import { profileSchema, type Profile } from '@price-alerts/domain/store';
import { doc, onSnapshot, setDoc, type Firestore } from 'firebase/firestore';
import { z } from 'zod/mini';
import { parseEachField } from './converters';

const MISSING = 'missing';
const profileRef = (db: Firestore, uid: string) => doc(db, 'users', uid);

/**
 * Streams the profile, from the local cache first when it holds one (offline, the to-dos keep their
 * real state). A missing one arrives as empty with `exists` false (the session then creates it), but
 * only once the server says so: a cache that has never seen the profile (offline, first load) says
 * nothing, as creating it from there would write the to-dos back unchecked. A field that fails its
 * schema is reported and read as absent; the others are passed on (parseEachField).
 *
 * Metadata changes are listened to because a cache that already holds "missing" (the server said so
 * on an earlier load, and the page was left before the profile was written) is answered from the
 * cache, and the server's "still missing" only flips `fromCache`: without them that answer never
 * comes and the profile stays unknown for the whole session. Unchanged data is not passed on twice.
 */
export function watchProfile(
  db: Firestore,
  uid: string,
  onData: (profile: Profile, exists: boolean) => void,
  onError: (error: Error) => void,
): () => void {
  // What was last passed on: the profile's JSON, or MISSING.
  let last: string | undefined;
  return onSnapshot(
    profileRef(db, uid),
    { includeMetadataChanges: true },
    (snapshot) => {
      if (!snapshot.exists()) {
        if (snapshot.metadata.fromCache || last === MISSING) return;
        last = MISSING;
        onData({}, false);
        return;
      }
      const profile = parseEachField(profileSchema, snapshot);
      const key = JSON.stringify(profile);
      if (key === last) return;
      last = key;
      onData(profile, true);
    },
    onError,
  );
}

/**
 * Writes the given fields, each whole: a setting that is a map (quiet hours) replaces the stored one
 * rather than merging into it, so a key left there by another version cannot outlive the save. The
 * schema is checked first so a bad value never reaches the server.
 */
export async function saveProfile(db: Firestore, uid: string, patch: Partial<Profile>): Promise<void> {
  // A setting the schema reads as absent (quiet hours in a zone this runtime does not know) is left
  // out, as the field mask may name only fields the data holds.
  const clean = Object.fromEntries(
    Object.entries(z.partial(profileSchema).parse(patch)).filter(([, value]) => value !== undefined),
  );
  await setDoc(profileRef(db, uid), clean, { mergeFields: Object.keys(clean) });
}

/**
 * Stores the user's time zone (the device's), which emails and pushes tell times in. Its own small
 * merge, so it never writes any other field the caller happens to hold.
 */
export async function saveTimeZone(db: Firestore, uid: string, timeZone: string): Promise<void> {
  await setDoc(profileRef(db, uid), { timeZone: timeZoneSchema.parse(timeZone) }, { merge: true });
}
