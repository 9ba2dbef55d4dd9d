import type { Alert } from '@price-alerts/domain';
import { useAtomValue, useSetAtom } from 'jotai';
import { useEffect } from 'react';
import toast from 'react-hot-toast';
import { getDb } from '../../lib/firebase';
import { watchAlerts, type AlertList } from '../../lib/repositories/alerts';
import { currentUserAtom } from '../../shared/session';
import { alertListsAtom, selectedAlertAtom } from './atoms';

const FAILURES: Record<AlertList, string> = {
  active: 'Could not fetch active alerts in real-time.',
  previous: 'Could not fetch previous alerts in real-time.',
};

/** The dashboard's two live queries; a changed selected alert is refreshed from them. */
export function useAlertLists(): void {
  const uid = useAtomValue(currentUserAtom)?.uid;
  const setLists = useSetAtom(alertListsAtom);
  const setSelected = useSetAtom(selectedAlertAtom);

  useEffect(() => {
    if (!uid) return;
    const stops: (() => void)[] = [];
    let live = true;
    void getDb().then((db) => {
      if (!live) return;
      for (const list of ['active', 'previous'] as const) {
        stops.push(
          watchAlerts(
            db,
            uid,
            list,
            (alerts: Alert[]) => {
              setLists((lists) => ({ ...lists, [list]: alerts }));
              setSelected((selected) => (selected && alerts.find((a) => a.id === selected.id)) ?? selected);
            },
            () => toast.error(FAILURES[list], { id: FAILURES[list] }),
          ),
        );
      }
    });
    return () => {
      live = false;
      for (const stop of stops) stop();
    };
  }, [uid, setLists, setSelected]);
}
