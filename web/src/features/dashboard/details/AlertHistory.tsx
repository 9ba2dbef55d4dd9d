import { type CurrencyPair } from '@price-alerts/domain/common';
import { historyByDay, historySentence } from '@price-alerts/domain/alerts';
import { useAtomValue } from 'jotai';
import { useEffect, useState } from 'react';
import type { HistoryEvent } from '../../../lib/repositories/history';
import { repository } from '../../../lib/repositories/load';
import { currentUserAtom } from '../../../shared/session';
import './AlertHistory.css';

type HistoryState = { status: 'loading' } | { status: 'ready'; events: HistoryEvent[] } | { status: 'error' };

/**
 * The alert's history, live while the sheet shows it (the server adds events as the alert fires
 * and is notified). The state is keyed by alert, so switching alerts shows loading, never the
 * previous alert's events.
 */
function useAlertHistory(alertId: string): HistoryState {
  const uid = useAtomValue(currentUserAtom)?.uid;
  const [state, setState] = useState<{ key: string; value: HistoryState } | null>(null);
  const key = `${uid}/${alertId}`;

  useEffect(() => {
    if (!uid) return;
    let stop: (() => void) | undefined;
    let live = true;
    const failed = () => setState({ key, value: { status: 'error' } });
    repository('history')
      .then(([db, { watchHistory }]) => {
        if (!live) return;
        stop = watchHistory(
          db,
          uid,
          alertId,
          (events) => setState({ key, value: { status: 'ready', events } }),
          failed,
        );
      })
      // No database, or a query it refuses to build: the sheet says so rather than loading forever.
      .catch(() => {
        if (live) failed();
      });
    return () => {
      live = false;
      stop?.();
    };
  }, [uid, alertId, key]);

  return state?.key === key ? state.value : { status: 'loading' };
}

/** The machine-readable time, left out for a time that is not one (toISOString would throw). */
const isoTime = (at: number) => (Number.isFinite(at) ? new Date(at).toISOString() : undefined);

export function AlertHistory({ alertId, pair }: { alertId: string; pair: CurrencyPair }) {
  const history = useAlertHistory(alertId);
  let body;
  if (history.status === 'loading') body = <p className="history-note">Loading history...</p>;
  else if (history.status === 'error') body = <p className="history-note">Could not load the history.</p>;
  else if (history.events.length === 0) body = <p className="history-note">No history yet.</p>;
  else
    body = (
      <ol className="history-days">
        {historyByDay(history.events).map(({ day, events }, i) => (
          <li key={`${i}-${day}`}>
            <h4 className="history-day">{day}</h4>
            <ol className="history-list">
              {events.map(({ event, time }) => (
                <li key={event.id}>
                  <time dateTime={isoTime(event.at)}>{time}</time>
                  {/* Server text (a reason) is set as text: React escapes it, nothing is parsed as markup. */}
                  <span>{historySentence(event, pair)}</span>
                </li>
              ))}
            </ol>
          </li>
        ))}
      </ol>
    );
  return (
    <section className="history" aria-labelledby="alert-history-title" aria-busy={history.status === 'loading'}>
      <h3 id="alert-history-title">History</h3>
      {body}
    </section>
  );
}
