/** Repository for users/{uid}: the profile document. */
import { profileSchema, type Profile } from '@price-alerts/domain';
import { doc, getDoc, onSnapshot, setDoc, type Firestore } from 'firebase/firestore';

const profileRef = (db: Firestore, uid: string) => doc(db, 'users', uid);

function parse(data: unknown, uid: string): Profile {
  const result = profileSchema.safeParse(data ?? {});
  if (result.success) return result.data;
  console.warn(`Profile of ${uid} is invalid; using an empty one: ${result.error.message}`);
  return {};
}

export async function getProfile(db: Firestore, uid: string): Promise<Profile> {
  const snapshot = await getDoc(profileRef(db, uid));
  return parse(snapshot.data(), uid);
}

export function watchProfile(
  db: Firestore,
  uid: string,
  onData: (profile: Profile, exists: boolean) => void,
  onError: (error: Error) => void,
): () => void {
  return onSnapshot(profileRef(db, uid), (snapshot) => onData(parse(snapshot.data(), uid), snapshot.exists()), onError);
}

/** Merges the given fields; the schema is checked first so a bad value never reaches the server. */
export async function saveProfile(db: Firestore, uid: string, patch: Partial<Profile>): Promise<void> {
  const clean = profileSchema.partial().parse(patch);
  await setDoc(profileRef(db, uid), clean, { merge: true });
}
