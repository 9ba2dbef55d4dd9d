import type { Profile } from '@price-alerts/domain/store';
import { atom } from 'jotai';
import type { SessionUser } from '../lib/auth';

export const currentUserAtom = atom<SessionUser | null>(null);
/** True until Firebase has told us whether someone is signed in (spec: authLoading starts true). */
export const authLoadingAtom = atom(true);
/** What the spinner says while authLoadingAtom is true. */
export const SESSION_CHECK_LABEL = 'Checking your session';

const profileEntryAtom = atom<{ uid: string | undefined; profile: Profile } | null>(null);
/**
 * The signed-in user's profile document; null while signed out or not loaded yet. A profile is
 * stored with the user signed in when it was set, and is never read as another user's: when one
 * user follows another without a sign-out in between (two tabs), the first one's profile is not
 * shown, or remembered, as the second one's until theirs arrives.
 */
export const profileAtom = atom(
  (get) => {
    const entry = get(profileEntryAtom);
    return entry && entry.uid === get(currentUserAtom)?.uid ? entry.profile : null;
  },
  (get, set, profile: Profile | null) => set(profileEntryAtom, profile && { uid: get(currentUserAtom)?.uid, profile }),
);
export const userProfileNameAtom = atom((get) => get(profileAtom)?.fullName ?? null);
export const hasSetAvatarAtom = atom((get) => get(profileAtom)?.hasSetAvatar === true);
export const avatarIdAtom = atom((get) => get(profileAtom)?.avatarId ?? null);
export const pwaPromptDismissedAtom = atom((get) => get(profileAtom)?.pwaPromptDismissed === true);
