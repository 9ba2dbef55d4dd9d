/**
 * One-off: gives every alert stored before price sides and repeating alerts the fields the
 * evaluators' queries filter on, `priceSide: 'ask'` and `armed: true`, which is what a missing field
 * always meant. Without them an old alert is in no firing query. Run once after deploying the
 * functions and indexes of the alert model (scripts/backfill-alert-model.ts). Each alert is
 * re-read in a transaction, so one edited or fired meanwhile is left as it now is.
 */
import type { Firestore } from 'firebase-admin/firestore';

export interface ModelBackfillResult {
  alerts: number;
  updated: number;
}

const PAGE = 300;

export async function backfillAlertModel(db: Firestore): Promise<ModelBackfillResult> {
  let alerts = 0;
  let updated = 0;
  let page = await db.collectionGroup('alerts').orderBy('__name__').limit(PAGE).get();
  while (!page.empty) {
    alerts += page.size;
    for (const doc of page.docs) {
      if (doc.get('priceSide') !== undefined && doc.get('armed') !== undefined) continue;
      const changed = await db.runTransaction(async (tx) => {
        const fresh = await tx.get(doc.ref);
        if (!fresh.exists) return false;
        const patch = {
          ...(fresh.get('priceSide') === undefined ? { priceSide: 'ask' } : {}),
          ...(fresh.get('armed') === undefined ? { armed: true } : {}),
        };
        if (Object.keys(patch).length === 0) return false;
        tx.update(doc.ref, patch);
        return true;
      });
      if (changed) updated += 1;
    }
    const last = page.docs.at(-1);
    page = await db.collectionGroup('alerts').orderBy('__name__').startAfter(last).limit(PAGE).get();
  }
  return { alerts, updated };
}
