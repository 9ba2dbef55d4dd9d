import { applyListSnapshot, refreshSelection } from '@price-alerts/domain/alerts';
import { type Alert } from '@price-alerts/domain/store';
import { TOAST } from '@price-alerts/domain/copy';
import { useAtomValue, useStore } from 'jotai';
import { startTransition, useEffect } from 'react';
import toast from 'react-hot-toast';
import type { AlertList } from '../../lib/repositories/alerts';
import { repository } from '../../lib/repositories/load';
import { currentUserAtom } from '../../shared/session';
import { isOnline } from '../../shared/useOnline';
import { alertListsAtom, alertListsFullAtom, alertListsLoadedAtom, selectedAlertAtom } from './atoms';

const FAILURES: Record<AlertList, string> = {
  active: TOAST.activeAlertsFailed,
  previous: TOAST.previousAlertsFailed,
};

/**
 * The dashboard's two live queries, the one source of the lists; the selection follows them.
 * Firestore's persistent cache answers first (offline, that is all there is) and the server's
 * snapshots follow on their own when the network comes back.
 */
export function useAlertLists(): void {
  const uid = useAtomValue(currentUserAtom)?.uid;
  const store = useStore();

  useEffect(() => {
    if (!uid) return;
    const stops: (() => void)[] = [];
    let live = true;
    void repository('alerts').then(([db, { watchAlerts }]) => {
      if (!live) return;
      for (const list of ['active', 'previous'] as const) {
        stops.push(
          watchAlerts(
            db,
            uid,
            list,
            (alerts: Alert[], full: boolean) => {
              // A transition: a list's rows render in slices, not in one task that holds up a tap.
              startTransition(() => {
                const lists = applyListSnapshot(store.get(alertListsAtom), list, alerts);
                store.set(alertListsAtom, lists);
                store.set(alertListsFullAtom, (was) => (was[list] === full ? was : { ...was, [list]: full }));
                store.set(alertListsLoadedAtom, (loaded) => ({ ...loaded, [list]: uid }));
                store.set(selectedAlertAtom, (selected) => refreshSelection(selected, lists));
              });
            },
            () => {
              // The list shows what it has rather than skeletons for good.
              store.set(alertListsLoadedAtom, (loaded) => ({ ...loaded, [list]: uid }));
              // Offline, the dashboard's banner already says why nothing is fresh.
              if (isOnline()) toast.error(FAILURES[list], { id: FAILURES[list] });
            },
          ),
        );
      }
    });
    return () => {
      live = false;
      for (const stop of stops) stop();
    };
  }, [uid, store]);
}
