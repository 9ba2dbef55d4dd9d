import { formatDateTime, formatPrice } from '@price-alerts/domain/common';
import {
  PRICE_SIDE_LABELS,
  RUNAWAY_ROW_TEXT,
  alertSide,
  capitalise,
  firedMoveText,
  isLevelAlert,
  isMoveAlert,
  liveLine,
  previousReason,
  repeatSummary,
  rowConditionText,
  snoozeEnd,
  snoozeRowText,
  rowTypeText,
  runawayPaused,
  sidePrice,
} from '@price-alerts/domain/alerts';
import { priceStatusWords } from '@price-alerts/domain/prices';
import { type Alert } from '@price-alerts/domain/store';
import { usePairPrice } from '../../shared/prices/usePairPrice';
import './AlertRow.css';

const BADGE: Record<string, string> = { triggered: 'badge-green', cancelled: 'badge-red', paused: 'badge-yellow' };

export function StatusBadge({ status }: { status: string }) {
  return <span className={`badge ${BADGE[status] ?? 'badge-grey'}`}>{capitalise(status)}</span>;
}

/**
 * 'Bid 1.08512 · 0.42% away': the pair's live price on the alert's side and its distance to the
 * level, straight from the feed the app holds (no database read), so it moves with every tick.
 * Until a price comes it reads as the Top Currency Pairs do ('Loading...', 'Offline', ...). A price
 * that is not live says so first, muted: 'Delayed · 45 s ago · Bid ...', or, with the time of the
 * last price instead of a distance to a market that is not moving, 'Market closed · Bid 1.08512 · Fri 21:59'.
 * A move alert has no level to be away from: its line is the price alone.
 */
function LivePriceLine({ alert }: { alert: Alert }) {
  const { text, status, now } = usePairPrice(alert.currencyPair);
  const side = PRICE_SIDE_LABELS[alertSide(alert)];
  if (text || status.kind === 'none') {
    return (
      <span className="alert-live">
        {side} {text ?? 'Loading...'}
      </span>
    );
  }
  const value = sidePrice(status.price, alertSide(alert));
  const words = priceStatusWords(status, now);
  const line = isLevelAlert(alert) ? liveLine(alert, value) : formatPrice(alert.currencyPair, value);
  if (!words) {
    return (
      <span className="alert-live">
        {side} {line}
      </span>
    );
  }
  // A closed market is not moving: the time of its last price instead of a distance to the level.
  const rest =
    status.kind === 'closed'
      ? `${side} ${formatPrice(alert.currencyPair, value)} · ${words.detail}`
      : `${words.detail} · ${side} ${line}`;
  return (
    <span className={`alert-live alert-live-${status.kind}`}>
      <span className="alert-flag">{words.flag}</span> · {rest}
    </span>
  );
}

export function AlertRow({ alert, previous, onOpen }: { alert: Alert; previous: boolean; onOpen: () => void }) {
  const repeat = repeatSummary(alert);
  const snoozed = snoozeEnd(alert);
  // What a fired move alert did, in a trader's words; a level's trigger price already says it.
  const moved = previous && isMoveAlert(alert) && alert.status === 'triggered' ? firedMoveText(alert) : null;
  const reason = previous ? previousReason(alert) : null;
  // The badge sits beside the pair, so neither it nor a long type moves the price column: every
  // row's price ends at the same right edge, at any width.
  const badge = previous ? (
    <StatusBadge status={alert.status} />
  ) : (
    alert.status === 'paused' && <span className="badge badge-yellow">Paused</span>
  );
  return (
    <li>
      <button type="button" className="alert-row" onClick={onOpen}>
        <span className="alert-main">
          <span className="alert-title">
            <span className="alert-pair">{alert.currencyPair}</span>
            {badge}
          </span>
          <span className="alert-type">{rowTypeText(alert)}</span>
          {reason && <span className="alert-reason">{reason}</span>}
          {moved && <span className="alert-moved">{moved}</span>}
          {alert.note && <span className="alert-note">{alert.note}</span>}
        </span>
        <span className="alert-side">
          <span className="alert-price">{rowConditionText(alert)}</span>
          <span className="alert-date">{formatDateTime(alert.createdAt)}</span>
        </span>
        {(!previous || repeat) && (
          <span className="alert-extra">
            {!previous && <LivePriceLine alert={alert} />}
            {repeat && <span className="alert-repeat">{repeat}</span>}
            {!previous && runawayPaused(alert) && <span className="alert-runaway">{RUNAWAY_ROW_TEXT}</span>}
            {!previous && snoozed !== undefined && <span className="alert-snoozed">{snoozeRowText(snoozed)}</span>}
          </span>
        )}
      </button>
    </li>
  );
}
