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
  const [pair, type, status] = EVALUATOR_ALERTS_QUERY.filters;
  let query = db
    .collectionGroup(EVALUATOR_ALERTS_QUERY.collectionGroup)
    .where(pair.field, '==', range.pair)
    .where(type.field, '==', range.alertType)
    .where(status.field, '==', 'active');
  if (range.min !== undefined) query = query.where('triggerPrice', '>=', range.min);
  if (range.max !== undefined) query = query.where('triggerPrice', '<=', range.max);
  query = query.orderBy('triggerPrice', 'asc').limit(pageSize);
  if (after) query = query.startAfter(after);
  const snapshot = await query.get();
  const alerts = snapshot.docs
    .map((d) => {
      const alert = parseDoc(alertDocumentSchema, d);
      return alert && { ...alert, path: d.ref.path };
    })
    .filter((a) => a !== undefined);
  return { alerts, read: snapshot.size, ...(snapshot.size === pageSize ? { next: snapshot.docs.at(-1) } : {}) };
}
