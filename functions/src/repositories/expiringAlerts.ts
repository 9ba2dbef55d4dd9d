/** Repository for alerts past their expiry, across users (collection group), as the expiry run reads them. */
import { EXPIRING_ALERTS_QUERY, anyAlertDocumentSchema, type AnyAlertDocument } from '@price-alerts/domain/store';
import type { Firestore, QueryDocumentSnapshot } from 'firebase-admin/firestore';
import { parseDoc } from './parse';
import { buildQuery } from './query';

export interface ExpiringPage {
  alerts: (AnyAlertDocument & { id: string; path: string })[];
  /** Documents the query read (invalid ones included): what Firestore bills. */
  read: number;
  /** Pass back to read the next page; undefined on the last one. */
  next?: QueryDocumentSnapshot;
}

/** One page of active or paused alerts whose expiry is at or before `now`, the earliest first. */
export async function findExpiring(
  db: Firestore,
  now: number,
  pageSize: number,
  after?: QueryDocumentSnapshot,
): Promise<ExpiringPage> {
  const query = buildQuery(db, EXPIRING_ALERTS_QUERY, [EXPIRING_ALERTS_QUERY.statuses, now], {
    limit: pageSize,
    startAfter: after,
  });
  const snapshot = await query.get();
  const alerts = snapshot.docs
    .map((d) => {
      const alert = parseDoc(anyAlertDocumentSchema, d);
      return alert && { ...alert, path: d.ref.path };
    })
    .filter((a) => a !== undefined);
  return { alerts, read: snapshot.size, ...(snapshot.size === pageSize ? { next: snapshot.docs.at(-1) } : {}) };
}
