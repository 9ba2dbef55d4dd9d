import type { Profile } from '@price-alerts/domain';
import { atom } from 'jotai';
import type { SessionUser } from '../lib/auth';

export const currentUserAtom = atom<SessionUser | null>(null);
/** True until Firebase has told us whether someone is signed in (spec: authLoading starts true). */
export const authLoadingAtom = atom(true);
/** What the spinner says while authLoadingAtom is true. */
export const SESSION_CHECK_LABEL = 'Checking your session';

/** The signed-in user's profile document; null while signed out or not loaded yet. */
export const profileAtom = atom<Profile | null>(null);
export const userProfileNameAtom = atom((get) => get(profileAtom)?.fullName ?? null);
export const hasSetAvatarAtom = atom((get) => get(profileAtom)?.hasSetAvatar === true);
export const avatarIdAtom = atom((get) => get(profileAtom)?.avatarId ?? null);
export const pwaPromptDismissedAtom = atom((get) => get(profileAtom)?.pwaPromptDismissed === true);
