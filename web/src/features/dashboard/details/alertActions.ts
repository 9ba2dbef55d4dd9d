import { isLive } from '@price-alerts/domain/alerts';
import { type Alert } from '@price-alerts/domain/store';
import { MSG_ALERT_MISSING, TOAST } from '@price-alerts/domain/copy';
import { useAtomValue } from 'jotai';
import { useMemo, useRef } from 'react';
import toast from 'react-hot-toast';
import { repository } from '../../../lib/repositories/load';
import { currentUserAtom } from '../../../shared/session';

export interface AlertActions {
  /** Pause an active alert or resume a paused one. */
  toggle(alert: Alert | null): Promise<void>;
  /** True when the alert was deleted. */
  remove(alert: Alert | null): Promise<boolean>;
}

/**
 * Pause, resume and delete for the signed-in user. The lists and the selection are not touched
 * here: the live queries deliver the change (at once, from the local write) and useAlertLists
 * applies it, so there is one source of truth.
 */
export function useAlertActions(): AlertActions {
  const uid = useAtomValue(currentUserAtom)?.uid;
  // Alerts with a write under way: a double tap (or a second tap before the first write is back)
  // does nothing, rather than pausing twice or deleting twice with two toasts.
  const inFlight = useRef(new Set<string>());
  return useMemo(
    () => ({
      async toggle(alert) {
        if (!alert || !uid) {
          toast.error(MSG_ALERT_MISSING);
          return;
        }
        if (!isLive(alert.status) || inFlight.current.has(alert.id)) return;
        inFlight.current.add(alert.id);
        const status = alert.status === 'active' ? 'paused' : 'active';
        try {
          const [db, alerts] = await repository('alerts');
          await alerts.setAlertStatus(db, uid, alert.id, status);
          toast.success(status === 'paused' ? TOAST.paused : TOAST.resumed);
        } catch {
          toast.error(TOAST.statusFailed);
        } finally {
          inFlight.current.delete(alert.id);
        }
      },
      async remove(alert) {
        if (!alert || !uid) {
          toast.error(MSG_ALERT_MISSING);
          return false;
        }
        if (inFlight.current.has(alert.id)) return false;
        inFlight.current.add(alert.id);
        try {
          const [db, alerts] = await repository('alerts');
          await alerts.deleteAlert(db, uid, alert.id);
          toast.success(TOAST.deleted);
          return true;
        } catch {
          toast.error(TOAST.deleteFailed);
          return false;
        } finally {
          inFlight.current.delete(alert.id);
        }
      },
    }),
    [uid],
  );
}
