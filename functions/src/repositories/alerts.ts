/** Repository for alerts across users (collection group), as the evaluator reads them. */
import {
  EVALUATOR_ALERTS_QUERY,
  alertDocumentSchema,
  type Alert,
  type AlertType,
  type CurrencyPair,
} from '@price-alerts/domain';
import type { Firestore, QueryDocumentSnapshot } from 'firebase-admin/firestore';
import { parseDoc } from './parse';
import { buildQuery } from './query';

export interface PriceRange {
  pair: CurrencyPair;
  alertType: AlertType;
  /** Inclusive bounds; an open side is left out of the query. */
  min?: number;
  max?: number;
}

export interface AlertPage {
  alerts: (Alert & { path: string })[];
  /** Documents the query read (invalid ones included): what Firestore bills. */
  read: number;
  /** Pass back to read the next page; undefined on the last one. */
  next?: QueryDocumentSnapshot;
}

/** One page of active alerts of a pair and type with a trigger price in range, lowest first. */
export async function findActiveInRange(
  db: Firestore,
  range: PriceRange,
  pageSize: number,
  after?: QueryDocumentSnapshot,
): Promise<AlertPage> {
  const query = buildQuery(db, EVALUATOR_ALERTS_QUERY, [range.pair, range.alertType, 'active', range.min, range.max], {
    limit: pageSize,
    startAfter: after,
  });
  const snapshot = await query.get();
  const alerts = snapshot.docs
    .map((d) => {
      const alert = parseDoc(alertDocumentSchema, d);
      return alert && { ...alert, path: d.ref.path };
    })
    .filter((a) => a !== undefined);
  return { alerts, read: snapshot.size, ...(snapshot.size === pageSize ? { next: snapshot.docs.at(-1) } : {}) };
}
