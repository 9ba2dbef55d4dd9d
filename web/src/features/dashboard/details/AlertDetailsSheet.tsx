import { formatDateTime } from '@price-alerts/domain/common';
import {
  capitalise,
  conditionDetail,
  conditionLabel,
  isLevelAlert,
  isLive,
  isMoveAlert,
  notificationLabel,
} from '@price-alerts/domain/alerts';
import { DASHBOARD_TEXT } from '@price-alerts/domain/copy';
import { useAtom, useAtomValue } from 'jotai';
import { useState } from 'react';
import { useNavigate } from 'react-router-dom';
import { Modal } from '../../../shared/Modal';
import { useOnline } from '../../../shared/useOnline';
import { isRepeatTap, useExclusive } from '../../../shared/useSubmit';
import { AlertDetailsChart } from './AlertDetailsChart';
import { AlertHistory } from './AlertHistory';
import { AlertModelRows } from './AlertModelRows';
import { useAlertActions } from './alertActions';
import { selectedAlertAtom, showAlertDetailsAtom } from '../atoms';
import './AlertDetailsSheet.css';
import '../../../shared/infoNote.css';

const STATUS_CLASS: Record<string, string> = { active: 'status-green', paused: 'status-amber' };

export function AlertDetailsSheet() {
  const alert = useAtomValue(selectedAlertAtom);
  const [open, setOpen] = useAtom(showAlertDetailsAtom);
  const [confirming, setConfirming] = useState(false);
  const navigate = useNavigate();
  const actions = useAlertActions();
  const toggling = useExclusive();
  const deleting = useExclusive();
  // Offline, a write settles only when the network returns: the actions wait rather than hang.
  const online = useOnline();
  if (!alert) return null;
  // Triggered and cancelled alerts are over: neither paused nor edited (the rules refuse both).
  const finished = !isLive(alert.status);
  // This version cannot show the fields of a type it does not know, so it does not offer to edit one.
  const editable = isLevelAlert(alert) || isMoveAlert(alert);

  return (
    <>
      <Modal open={open} onClose={() => setOpen(false)} labelledBy="alert-details-title">
        <h2 id="alert-details-title">Alert Details</h2>
        <div className="sheet-actions">
          <button
            type="button"
            className="button button-secondary"
            disabled={finished || !online}
            aria-disabled={toggling.busy || undefined}
            onClick={(event) => void toggling.run(() => actions.toggle(alert), event)}
          >
            {alert.status === 'paused' ? 'Play' : 'Pause'}
          </button>
          <button
            type="button"
            className="button button-secondary"
            disabled={finished || !online || !editable}
            onClick={() => {
              setOpen(false);
              navigate(`/edit_alert/${alert.id}`);
            }}
          >
            Edit
          </button>
          <button
            type="button"
            className="button button-danger"
            disabled={!online}
            onClick={(event) => {
              if (!isRepeatTap(event)) setConfirming(true);
            }}
          >
            Delete
          </button>
        </div>
        {!online && (
          <p className="info-note" role="status">
            {DASHBOARD_TEXT.offlineChanges}
          </p>
        )}
        <dl className="details">
          <dt>Status</dt>
          <dd className={STATUS_CLASS[alert.status] ?? 'status-red'}>{capitalise(alert.status)}</dd>
          <dt>Pair</dt>
          <dd>{alert.currencyPair}</dd>
          <dt>Type</dt>
          <dd>{alert.alertType}</dd>
          <dt>{conditionLabel(alert)}</dt>
          <dd>{conditionDetail(alert)}</dd>
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
        <AlertDetailsChart alert={alert} />
        <AlertHistory alertId={alert.id} pair={alert.currencyPair} />
        <button type="button" className="button button-ghost" onClick={() => setOpen(false)}>
          Cancel
        </button>
      </Modal>
      <Modal open={confirming} onClose={() => setConfirming(false)} labelledBy="confirm-delete-title" variant="dialog">
        <h2 id="confirm-delete-title">Confirm alert deletion</h2>
        <p>Are you sure you want to delete this alert?</p>
        <div className="dialog-actions">
          <button
            type="button"
            className="button button-danger"
            disabled={!online}
            aria-disabled={deleting.busy || undefined}
            onClick={(event) =>
              void deleting.run(async () => {
                setConfirming(false);
                if (await actions.remove(alert)) setOpen(false);
              }, event)
            }
          >
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
