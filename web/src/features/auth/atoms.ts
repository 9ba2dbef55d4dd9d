import { atom } from 'jotai';
import type { SessionUser } from '../../lib/auth';

export const currentUserAtom = atom<SessionUser | null>(null);
/** True until Firebase has told us whether someone is signed in (spec: authLoading starts true). */
export const authLoadingAtom = atom(true);
