import {
  PRICE_SIDE_LABELS,
  RUNAWAY_ROW_TEXT,
  alertSide,
  capitalise,
  formatDateTime,
  formatPrice,
  liveLine,
  previousReason,
  repeatSummary,
  runawayPaused,
  sidePrice,
  type Alert,
} from '@price-alerts/domain';
import { useAtomValue } from 'jotai';
import { livePricesAtom, priceTextAtom } from '../../shared/prices/atoms';
import './AlertRow.css';

const BADGE: Record<string, string> = { triggered: 'badge-green', cancelled: 'badge-red', paused: 'badge-yellow' };

export function StatusBadge({ status }: { status: string }) {
  return <span className={`badge ${BADGE[status] ?? 'badge-grey'}`}>{capitalise(status)}</span>;
}

/**
 * 'Bid 1.08512 · 0.42% away': the pair's live price on the alert's side and its distance to the
 * level, straight from the feed the app holds (no database read), so it moves with every tick.
 * Until a price comes it reads as the Top Currency Pairs do ('Loading...', 'Offline', ...).
 */
function LivePriceLine({ alert }: { alert: Alert }) {
  const text = useAtomValue(priceTextAtom);
  const price = useAtomValue(livePricesAtom)[alert.currencyPair];
  const side = alertSide(alert);
  const value = text ?? (price ? liveLine(alert, sidePrice(price, side)) : 'Loading...');
  return (
    <span className="alert-live">
      {PRICE_SIDE_LABELS[side]} {value}
    </span>
  );
}

export function AlertRow({ alert, previous, onOpen }: { alert: Alert; previous: boolean; onOpen: () => void }) {
  const repeat = repeatSummary(alert);
  const reason = previous ? previousReason(alert) : null;
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
          <span className="alert-status">
            <StatusBadge status={alert.status} />
            {reason && <span className="alert-reason">{reason}</span>}
          </span>
        ) : (
          alert.status === 'paused' && <span className="badge badge-yellow">Paused</span>
        )}
        {(!previous || repeat) && (
          <span className="alert-extra">
            {!previous && <LivePriceLine alert={alert} />}
            {repeat && <span className="alert-repeat">{repeat}</span>}
            {!previous && runawayPaused(alert) && <span className="alert-runaway">{RUNAWAY_ROW_TEXT}</span>}
          </span>
        )}
      </button>
    </li>
  );
}
