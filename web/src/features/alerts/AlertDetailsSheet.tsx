import { formatDateTime, formatPrice, isLive, notificationLabel } from '@price-alerts/domain';
import { useAtom, useAtomValue } from 'jotai';
import { useState } from 'react';
import { useNavigate } from 'react-router-dom';
import { Modal } from '../../shared/Modal';
import { AlertHistory } from './AlertHistory';
import { AlertModelRows } from './AlertModelRows';
import { useAlertActions } from './alertActions';
import { selectedAlertAtom, showAlertDetailsAtom } from './atoms';
import './AlertDetailsSheet.css';

const STATUS_CLASS: Record<string, string> = { active: 'status-green', paused: 'status-amber' };

export function AlertDetailsSheet() {
  const alert = useAtomValue(selectedAlertAtom);
  const [open, setOpen] = useAtom(showAlertDetailsAtom);
  const [confirming, setConfirming] = useState(false);
  const navigate = useNavigate();
  const actions = useAlertActions();
  if (!alert) return null;
  const finished = !isLive(alert.status);

  async function confirmDelete() {
    setConfirming(false);
    if (await actions.remove(alert)) setOpen(false);
  }

  return (
    <>
      <Modal open={open} onClose={() => setOpen(false)} labelledBy="alert-details-title">
        <h2 id="alert-details-title">Alert Details</h2>
        <div className="sheet-actions">
          <button
            type="button"
            className="button button-secondary"
            disabled={finished}
            onClick={() => void actions.toggle(alert)}
          >
            {alert.status === 'paused' ? 'Play' : 'Pause'}
          </button>
          <button
            type="button"
            className="button button-secondary"
            onClick={() => {
              setOpen(false);
              navigate(`/edit_alert/${alert.id}`);
            }}
          >
            Edit
          </button>
          <button type="button" className="button button-danger" onClick={() => setConfirming(true)}>
            Delete
          </button>
        </div>
        <dl className="details">
          <dt>Status</dt>
          <dd className={STATUS_CLASS[alert.status] ?? 'status-red'}>{alert.status}</dd>
          <dt>Pair</dt>
          <dd>{alert.currencyPair}</dd>
          <dt>Type</dt>
          <dd>{alert.alertType}</dd>
          <dt>Trigger price</dt>
          <dd>{formatPrice(alert.currencyPair, alert.triggerPrice)}</dd>
          {alert.createdAt && (
            <>
              <dt>Created At</dt>
              <dd>{formatDateTime(alert.createdAt)}</dd>
            </>
          )}
          <dt>Notification</dt>
          <dd>{notificationLabel(alert.notificationPreferences)}</dd>
          {alert.note && (
            <>
              <dt>Note</dt>
              <dd className="details-note">{alert.note}</dd>
            </>
          )}
          <AlertModelRows alert={alert} />
        </dl>
        <AlertHistory alertId={alert.id} pair={alert.currencyPair} />
        <button type="button" className="button button-ghost" onClick={() => setOpen(false)}>
          Cancel
        </button>
      </Modal>
      <Modal open={confirming} onClose={() => setConfirming(false)} labelledBy="confirm-delete-title" variant="dialog">
        <h2 id="confirm-delete-title">Confirm alert deletion</h2>
        <p>Are you sure you want to delete this alert?</p>
        <div className="dialog-actions">
          <button type="button" className="button button-danger" onClick={() => void confirmDelete()}>
            Yes, Delete
          </button>
          <button type="button" className="button button-secondary" onClick={() => setConfirming(false)}>
            Cancel
          </button>
        </div>
      </Modal>
    </>
  );
}
