import { reinsertAlert, removeAlert, type Alert } from '@price-alerts/domain';
import { getDefaultStore } from 'jotai';
import toast from 'react-hot-toast';
import { getDb } from '../../lib/firebase';
import { deleteAlert, setAlertStatus } from '../../lib/repositories/alerts';
import { currentUserAtom } from '../../shared/session';
import { alertListsAtom, selectedAlertAtom } from './atoms';

const store = getDefaultStore();
export const MSG_ALERT_MISSING = 'Alert information is missing.';

/** Pause an active alert or resume a paused one; the lists and selection follow at once. */
export async function toggleAlert(alert: Alert | null): Promise<void> {
  const uid = store.get(currentUserAtom)?.uid;
  if (!alert || !uid) {
    toast.error(MSG_ALERT_MISSING);
    return;
  }
  if (alert.status !== 'active' && alert.status !== 'paused') return;
  const status: 'active' | 'paused' = alert.status === 'active' ? 'paused' : 'active';
  try {
    await setAlertStatus(await getDb(), uid, alert.id, status);
    const updated: Alert = { ...alert, status };
    store.set(alertListsAtom, (lists) => reinsertAlert(lists, updated));
    store.set(selectedAlertAtom, (selected) => (selected?.id === alert.id ? updated : selected));
    toast.success(status === 'paused' ? 'Alert paused successfully!' : 'Alert resumed successfully!');
  } catch {
    toast.error('Failed to update alert status. Please try again.');
  }
}

export async function removeAlertById(alert: Alert | null): Promise<boolean> {
  const uid = store.get(currentUserAtom)?.uid;
  if (!alert || !uid) {
    toast.error(MSG_ALERT_MISSING);
    return false;
  }
  try {
    await deleteAlert(await getDb(), uid, alert.id);
    store.set(alertListsAtom, (lists) => removeAlert(lists, alert.id));
    toast.success('Alert deleted successfully!');
    return true;
  } catch {
    toast.error('Failed to delete alert. Please try again.');
    return false;
  }
}
