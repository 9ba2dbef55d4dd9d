import type { DevicePush } from '@price-alerts/domain/notify';
import { atom, useAtomValue } from 'jotai';
import { useEffect, useState } from 'react';
import { repository } from '../lib/repositories/load';
import { currentUserAtom } from './session';

/** Where push stands on this device: set by the registration at sign-in and on the Notifications screen. */
export const devicePushAtom = atom<DevicePush>('pending');

/** The number of other devices registered for push on the signed-in account, live; null until known. */
export function useOtherPushDevices(): number | null {
  const uid = useAtomValue(currentUserAtom)?.uid;
  const [count, setCount] = useState<{ uid: string; count: number } | null>(null);
  useEffect(() => {
    if (!uid) return;
    let live = true;
    let stop: (() => void) | undefined;
    // Once the fields are gone nobody needs the count, so a load that fails after that is no error.
    const failed = (error: unknown) => {
      if (live) console.error('Push device listener failed', error);
    };
    repository('pushTokens')
      .then(([db, tokens]) => {
        if (live) stop = tokens.watchOtherPushDevices(db, uid, (n) => setCount({ uid, count: n }), failed);
      })
      .catch(failed);
    return () => {
      live = false;
      stop?.();
    };
  }, [uid]);
  // A count read for another account (sign-out and in) is not this one's.
  return count && count.uid === uid ? count.count : null;
}
