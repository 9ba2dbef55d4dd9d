/**
 * The ingest service's listener on the active alerts (INGEST_ACTIVE_ALERTS_QUERY), feeding the
 * gate's level index. Firestore bills a listener for what it delivers: every active alert once when
 * it starts, then each alert that changes. A listener that fails is started again after a pause;
 * until its first snapshot the gate publishes every window.
 */
import { describeIssues } from '@price-alerts/domain/common';
import { INGEST_ACTIVE_ALERTS_QUERY, anyAlertDocumentSchema, planQuery } from '@price-alerts/domain/store';
import type { Firestore, Query } from 'firebase-admin/firestore';
import type { AlertChange } from './gate.ts';
import type { AlertWatcher } from './ingest.ts';
import type { Logger } from '../shared/log.ts';

export function activeAlertsQuery(db: Firestore): Query {
  const plan = planQuery(INGEST_ACTIVE_ALERTS_QUERY, ['active']);
  let query: Query = db.collectionGroup(INGEST_ACTIVE_ALERTS_QUERY.collectionGroup);
  for (const w of plan.where) query = query.where(w.field, w.op, w.value);
  for (const o of plan.orderBy) query = query.orderBy(o.field, o.direction);
  return query;
}

export function watchActiveAlerts(db: Firestore, watcher: AlertWatcher, log: Logger, retryMs = 5_000): () => void {
  let stop: (() => void) | undefined;
  let timer: NodeJS.Timeout | undefined;
  let stopped = false;
  const start = () => {
    watcher.reset();
    let first = true;
    stop = activeAlertsQuery(db).onSnapshot((snapshot) => {
      const changes: AlertChange[] = snapshot.docChanges().map((change) => {
        const path = change.doc.ref.path;
        if (change.type === 'removed') return { path, doc: undefined };
        const parsed = anyAlertDocumentSchema.safeParse(change.doc.data());
        // An alert the evaluator could not parse either is never fired by it: left out here too.
        if (!parsed.success)
          log.warn('Skipped an invalid alert', { path, problem: describeIssues(parsed.error.issues) });
        return { path, doc: parsed.success ? parsed.data : undefined };
      });
      try {
        watcher.changes(changes, first ? 'first' : 'update');
      } catch (error) {
        // A change the index could not take leaves it in doubt: start over from a fresh snapshot.
        stop?.();
        failed(error instanceof Error ? error : new Error(String(error)));
        return;
      }
      if (first) log.info('Level index ready', { alerts: snapshot.size });
      first = false;
    }, failed);
  };
  const failed = (error: Error) => {
    log.error('The alert listener failed; every window is published until it is back', { error: error.message });
    watcher.reset();
    if (!stopped) timer = setTimeout(start, retryMs);
  };
  start();
  return () => {
    stopped = true;
    clearTimeout(timer);
    stop?.();
  };
}
