/** Repository for users/{uid}: the profile document. */
import { profileSchema, timeZoneSchema, type Profile } from '@price-alerts/domain';
import { deleteField, doc, getDocFromServer, onSnapshot, setDoc, type Firestore } from 'firebase/firestore';
import { z } from 'zod/mini';
import { parseEachField, unreadableFields } from './converters';

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

/** Merges the given fields; the schema is checked first so a bad value never reaches the server. */
export async function saveProfile(db: Firestore, uid: string, patch: Partial<Profile>): Promise<void> {
  await merge(db, uid, z.partial(profileSchema).parse(patch));
}

/**
 * Stores the user's time zone (the device's), which emails and pushes tell times in. Its own small
 * merge, so it never writes any other field the caller happens to hold.
 */
export async function saveTimeZone(db: Firestore, uid: string, timeZone: string): Promise<void> {
  await merge(db, uid, { timeZone: timeZoneSchema.parse(timeZone) });
}

/**
 * The rules judge the whole merged document, so one stored value they refuse (written past them)
 * would fail every later save, the user's typing included. When the server refuses a merge, the
 * stored fields this version cannot read (and so never shows) are removed with it, once, and logged;
 * a refusal with no such field is passed on.
 */
async function merge(db: Firestore, uid: string, fields: Record<string, unknown>): Promise<void> {
  const ref = profileRef(db, uid);
  try {
    await setDoc(ref, fields, { merge: true });
  } catch (error) {
    if ((error as { code?: unknown }).code !== 'permission-denied') throw error;
    const stored = (await getDocFromServer(ref)).data() ?? {};
    const drop = unreadableFields(profileSchema, stored).filter((field) => !(field in fields));
    if (drop.length === 0) throw error;
    console.warn(`Removed unreadable fields ${drop.map((f) => `${ref.path}#${f}`).join(', ')} to save the profile`);
    await setDoc(ref, { ...fields, ...Object.fromEntries(drop.map((f) => [f, deleteField()])) }, { merge: true });
  }
}
