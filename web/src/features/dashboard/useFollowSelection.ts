import { useAtomValue, useStore } from 'jotai';
import { useEffect } from 'react';
import { repository } from '../../lib/repositories/load';
import { currentUserAtom } from '../../shared/session';
import { selectedAlertAtom } from './atoms';

/**
 * Keeps the details sheet's alert current from its own document. A full list shows one list only,
 * so an alert that triggers or is cancelled while its sheet is open leaves it: the list alone would
 * leave the sheet on the old status, with Pause still offered.
 */
export function useFollowSelection(): void {
  const uid = useAtomValue(currentUserAtom)?.uid;
  const store = useStore();
  const selectedId = useAtomValue(selectedAlertAtom)?.id;

  useEffect(() => {
    if (!uid || !selectedId) return;
    let stop: (() => void) | undefined;
    let live = true;
    void repository('alerts').then(([db, { watchAlert }]) => {
      if (!live) return;
      stop = watchAlert(
        db,
        uid,
        selectedId,
        (alert) => {
          // A deleted alert stays shown as it was, as on the dashboard, until the sheet closes.
          if (alert) store.set(selectedAlertAtom, (selected) => (selected?.id === alert.id ? alert : selected));
        },
        // The list's own listener reports a lost connection; the sheet keeps what it showed.
        () => undefined,
      );
    });
    return () => {
      live = false;
      stop?.();
    };
  }, [uid, selectedId, store]);
}
