import { useAtomValue, useSetAtom, useStore } from 'jotai';
import { useEffect, useState } from 'react';
import toast from 'react-hot-toast';
import { usesLocalChannel } from '../../lib/push';
import { isOnline } from '../../shared/useOnline';
import { devicePushAtom } from '../../shared/pushState';
import { currentUserAtom, profileAtom } from '../../shared/session';
import { listenForLocalPushes } from './localPushChannel';
import { asksOnlyOnTap } from '../../shared/permissionPrompt';
import { registerForPush, type PushResult } from './registerPush';

const toldKey = (uid: string) => `price-alerts:push-told:${uid}`;
/** Screens that show push's state themselves: the Notifications screen, and create and edit beside the checkbox. */
const SAYS_IT_ITSELF = /^\/(notifications|create_alert|edit_alert\/)/;

/** localStorage, which a browser may refuse (private modes, quota): then the state is not kept. */
const remembered = {
  get(key: string): string | null {
    try {
      return window.localStorage.getItem(key);
    } catch {
      return null;
    }
  },
  set(key: string, value: string | null): void {
    try {
      if (value === null) window.localStorage.removeItem(key);
      else window.localStorage.setItem(key, value);
    } catch {
      // Not kept: at worst the user is told once more.
    }
  },
};

/**
 * Reports a failed registration. A permission problem (blocked, never granted) is how this device
 * is, not a fault: it is told once per account on this device, and from then on shown
 * where it matters; on a screen that shows it itself (beside the push checkbox, the Notifications
 * screen), the screen is the telling. Any other failure is a fault and is toasted, except while
 * offline: the dashboard's banner says that, and the registration runs again when the network is back.
 */
export function reportPushFailure(uid: string, result: Extract<PushResult, { ok: false }>): void {
  if (result.device === 'failed') {
    if (isOnline()) toast.error(result.message, { id: 'push-registration' });
    return;
  }
  // Said calmly where notifications are set instead of as an error at every sign-in: a browser that
  // cannot show push (Safari outside the home screen), and one that asks only after a tap (the
  // dashboard's to-do leads to the switch).
  if (result.device === 'unsupported' || (result.device === 'not-asked' && asksOnlyOnTap())) return;
  if (remembered.get(toldKey(uid)) === result.device) return;
  remembered.set(toldKey(uid), result.device);
  if (!SAYS_IT_ITSELF.test(window.location.pathname)) toast.error(result.message, { id: 'push-registration' });
}

/** A device that registers is told again if it is ever blocked later. */
export function forgetPushFailure(uid: string): void {
  remembered.set(toldKey(uid), null);
}

/**
 * On sign-in, once the profile is known: unless notificationsEnabled is exactly false, ask for
 * permission (where the browser allows asking without a tap) and register this device. A
 * registration that failed for a fault (often no network) runs again, without a prompt, when the
 * network comes back; one that succeeded or met a permission problem does not, so a flaky
 * connection never asks the user again and again. On the emulators, also listen on the local channel.
 */
export function usePushRegistration(): void {
  const uid = useAtomValue(currentUserAtom)?.uid;
  const profile = useAtomValue(profileAtom);
  const enabled = profile !== null && profile.notificationsEnabled !== false;
  const setDevice = useSetAtom(devicePushAtom);
  const store = useStore();
  const [attempt, setAttempt] = useState(0);

  useEffect(() => {
    const again = () => {
      if (store.get(devicePushAtom) === 'failed') setAttempt((n) => n + 1);
    };
    window.addEventListener('online', again);
    return () => window.removeEventListener('online', again);
  }, [store]);

  useEffect(() => {
    if (!uid || !enabled) return;
    let live = true;
    let stop: (() => void) | undefined;
    void registerForPush(uid, { prompt: attempt === 0 && !asksOnlyOnTap() }).then((result) => {
      if (!live || (!result.ok && result.cancelled)) return;
      setDevice(result.ok ? 'registered' : result.device);
      if (!result.ok) {
        reportPushFailure(uid, result);
        return;
      }
      forgetPushFailure(uid);
      if (usesLocalChannel) stop = listenForLocalPushes(uid);
    });
    return () => {
      live = false;
      stop?.();
    };
  }, [uid, enabled, attempt, setDevice]);

  // Signed out or switched off: this device's state is no longer known.
  useEffect(() => {
    if (!uid || !enabled) setDevice('pending');
  }, [uid, enabled, setDevice]);
}
