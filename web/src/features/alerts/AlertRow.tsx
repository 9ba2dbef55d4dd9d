import { capitalise, formatDateTime, formatPrice, type Alert } from '@price-alerts/domain';
import './AlertRow.css';

const BADGE: Record<string, string> = { triggered: 'badge-green', cancelled: 'badge-red', paused: 'badge-yellow' };

export function StatusBadge({ status }: { status: string }) {
  return <span className={`badge ${BADGE[status] ?? 'badge-grey'}`}>{capitalise(status)}</span>;
}

export function AlertRow({ alert, previous, onOpen }: { alert: Alert; previous: boolean; onOpen: () => void }) {
  return (
    <li>
      <button type="button" className="alert-row" onClick={onOpen}>
        <span className="alert-main">
          <span className="alert-pair">{alert.currencyPair}</span>
          <span className="alert-type">{alert.alertType}</span>
          {alert.note && <span className="alert-note">{alert.note}</span>}
        </span>
        <span className="alert-side">
          <span className="alert-price">{formatPrice(alert.currencyPair, alert.triggerPrice)}</span>
          <span className="alert-date">{formatDateTime(alert.createdAt)}</span>
        </span>
        {previous ? (
          <StatusBadge status={alert.status} />
        ) : (
          alert.status === 'paused' && <span className="badge badge-yellow">Paused</span>
        )}
      </button>
    </li>
  );
}
