import { useAtomValue } from 'jotai';
import { useEffect } from 'react';
import toast from 'react-hot-toast';
import { getDb } from '../../lib/firebase';
import { usesLocalChannel } from '../../lib/push';
import { currentUserAtom, profileAtom } from '../../shared/session';
import { registerForPush } from './registerPush';

/**
 * On sign-in, once the profile is known: unless notificationsEnabled is exactly false, ask for
 * permission and register this device. On the emulators, also listen on the local channel.
 */
export function usePushRegistration(): void {
  const uid = useAtomValue(currentUserAtom)?.uid;
  const profile = useAtomValue(profileAtom);
  const enabled = profile !== null && profile.notificationsEnabled !== false;

  useEffect(() => {
    if (!uid || !enabled) return;
    let live = true;
    let stop: (() => void) | undefined;
    void registerForPush(uid, { prompt: true }).then(async (result) => {
      if (!live) return;
      if (!result.ok) {
        toast.error(result.message, { id: 'push-registration' });
        return;
      }
      if (usesLocalChannel) {
        const [db, tokens, registration] = await Promise.all([
          getDb(),
          import('../../lib/repositories/pushTokens'),
          navigator.serviceWorker.ready,
        ]);
        if (!live) return;
        stop = tokens.watchLocalPushes(
          db,
          uid,
          (payload) => registration.active?.postMessage({ type: 'LOCAL_PUSH', payload }),
          (error) => console.error('Local push channel failed', error),
        );
      }
    });
    return () => {
      live = false;
      stop?.();
    };
  }, [uid, enabled]);
}
