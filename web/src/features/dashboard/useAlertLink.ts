import { PREVIOUS_LIST_STATUSES } from '@price-alerts/domain/common';
import { type Alert } from '@price-alerts/domain/store';
import { useAtomValue, useSetAtom } from 'jotai';
import { useEffect, useState } from 'react';
import toast from 'react-hot-toast';
import { useSearchParams } from 'react-router-dom';
import { repository } from '../../lib/repositories/load';
import { currentUserAtom } from '../../shared/session';
import { selectedAlertAtom, showAlertDetailsAtom } from './atoms';

export const ALERT_LINK_NOT_FOUND = 'This alert no longer exists.';

/**
 * `/dashboard?alert={id}` (the link in alert emails and pushes) opens that alert's details, on
 * the tab that lists it. The parameter is then dropped so closing the sheet does not reopen it.
 * Returns the tab to show, once known.
 */
export function useAlertLink(): 'active' | 'previous' | undefined {
  const [params, setParams] = useSearchParams();
  const alertId = params.get('alert');
  const uid = useAtomValue(currentUserAtom)?.uid;
  const setSelected = useSetAtom(selectedAlertAtom);
  const setShow = useSetAtom(showAlertDetailsAtom);
  const [tab, setTab] = useState<'active' | 'previous'>();

  useEffect(() => {
    if (!alertId || !uid) return;
    let live = true;
    const open = (alert: Alert | undefined) => {
      if (!live) return;
      setParams(
        (p) => {
          p.delete('alert');
          return p;
        },
        { replace: true },
      );
      if (!alert) {
        toast.error(ALERT_LINK_NOT_FOUND);
        return;
      }
      setTab((PREVIOUS_LIST_STATUSES as readonly string[]).includes(alert.status) ? 'previous' : 'active');
      setSelected(alert);
      setShow(true);
    };
    repository('alerts')
      .then(([db, { getAlert }]) => getAlert(db, uid, alertId))
      .then(open, () => open(undefined));
    return () => {
      live = false;
    };
  }, [alertId, uid, setParams, setSelected, setShow]);

  return tab;
}
