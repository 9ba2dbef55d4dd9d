import { EMAIL_HINTS } from '@price-alerts/domain/notify';
import { useAtom } from 'jotai';
import { useCallback, useEffect, useRef, useState } from 'react';
import { authErrorCode, refreshUser, resendVerification } from '../lib/auth';
import { currentUserAtom } from './session';

export type ResendState = 'idle' | 'sending' | 'sent' | 'failed' | 'too-many';

export const RESEND_TEXT: Record<Exclude<ResendState, 'idle' | 'sending'>, string> = {
  sent: EMAIL_HINTS.sent,
  failed: EMAIL_HINTS.failed,
  'too-many': EMAIL_HINTS.tooMany,
};

/** Showing notes look at the account once per this long at most, however many mount. */
const LOOK_EVERY_MS = 10_000;
let lastLook = 0;

/**
 * An unverified account's address, its "send the link again" action, and a fresh look at the
 * account when a note first shows and whenever the app comes back to the foreground: the link is
 * usually opened in the mail app (or on another device), and the screen should drop its warning
 * as soon as the user returns.
 */
export function useEmailVerification() {
  const [user, setUser] = useAtom(currentUserAtom);
  const [state, setState] = useState<ResendState>('idle');
  const unverified = user !== null && !user.emailVerified;

  useEffect(() => {
    if (!unverified) return;
    const look = () => {
      lastLook = Date.now();
      void refreshUser().then(
        (fresh) => fresh?.emailVerified && setUser(fresh),
        () => undefined,
      );
    };
    const back = () => document.visibilityState === 'visible' && look();
    if (Date.now() - lastLook >= LOOK_EVERY_MS) look();
    document.addEventListener('visibilitychange', back);
    return () => document.removeEventListener('visibilitychange', back);
  }, [unverified, setUser]);

  // A second tap while the first is on its way sends nothing more.
  const sending = useRef(false);
  const resend = useCallback(async () => {
    if (sending.current) return;
    sending.current = true;
    setState('sending');
    try {
      await resendVerification();
      setState('sent');
    } catch (error) {
      setState(authErrorCode(error) === 'auth/too-many-requests' ? 'too-many' : 'failed');
    } finally {
      sending.current = false;
    }
  }, []);

  return { unverified, email: user?.email ?? '', state, resend };
}
