import { TOP_PAIRS } from '@price-alerts/domain/common';
import { useAtomValue } from 'jotai';
import { useEffect } from 'react';
import { currentUserAtom } from '../session';
import { usePriceFeedClient } from './feed';

/**
 * On sign-in the top-pairs feed starts; on sign-out (or leaving the signed-in shell) it stops.
 * A phone loses its network often: prices say Offline at once and come back with the network.
 */
export function usePriceFeed(): void {
  const uid = useAtomValue(currentUserAtom)?.uid;
  const feed = usePriceFeedClient();
  useEffect(() => {
    if (!uid) return;
    void feed.connect(TOP_PAIRS);
    const offline = () => feed.offline();
    const online = () => void feed.connect();
    // A page another of the account's took the prices from comes back when it is looked at again: shown,
    // focused or touched (a tab left in front is touched rather than shown).
    const seen = () => document.visibilityState === 'visible' && feed.resumeIfDisplaced();
    window.addEventListener('offline', offline);
    window.addEventListener('online', online);
    document.addEventListener('visibilitychange', seen);
    window.addEventListener('focus', seen);
    document.addEventListener('pointerdown', seen);
    return () => {
      window.removeEventListener('offline', offline);
      window.removeEventListener('online', online);
      document.removeEventListener('visibilitychange', seen);
      window.removeEventListener('focus', seen);
      document.removeEventListener('pointerdown', seen);
      feed.close();
    };
  }, [uid, feed]);
}
