/**
 * Repository for users/{uid}/alerts/{alertId}/history: what happened to one alert, written by the
 * server only and read by its owner (see docs/alert-history.md). The app only ever listens to it.
 */
import { alertEventSchema, type AlertEvent } from '@price-alerts/domain/alerts';
import { ALERT_HISTORY_QUERY } from '@price-alerts/domain/store';
import { doc, onSnapshot, type Firestore } from 'firebase/firestore';
import { parseQuery, type WithId } from './converters';
import { buildQuery } from './query';

export type HistoryEvent = WithId<AlertEvent>;

/** The alert's newest 100 events, newest first, live: each new event arrives as a new snapshot. */
export function watchHistory(
  db: Firestore,
  uid: string,
  alertId: string,
  onData: (events: HistoryEvent[]) => void,
  onError: (error: Error) => void,
): () => void {
  const q = buildQuery(doc(db, 'users', uid, 'alerts', alertId), ALERT_HISTORY_QUERY, []);
  return onSnapshot(q, (snapshot) => onData(parseQuery(alertEventSchema, snapshot)), onError);
}
