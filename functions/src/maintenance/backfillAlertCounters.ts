/**
 * One-off: gives every account that holds alerts its counter users/{uid}/counters/alerts, set to the
 * number of alerts it holds. Run once after deploying the rules that cap accounts at 200 alerts
 * (scripts/backfill-alert-counters.ts). Each account is counted in a transaction that reads its
 * counter, so an alert created or deleted meanwhile (which moves the counter) makes it count again.
 */
import type { Firestore } from 'firebase-admin/firestore';

export interface BackfillResult {
  accounts: number;
  /** Counters whose count changed (created or corrected). */
  updated: number;
}

export async function backfillAlertCounters(db: Firestore): Promise<BackfillResult> {
  // listDocuments includes users/{uid} paths that have subcollections but no profile document.
  const users = await db.collection('users').listDocuments();
  let updated = 0;
  for (const user of users) {
    const changed = await db.runTransaction(async (tx) => {
      const counterRef = user.collection('counters').doc('alerts');
      const counter = await tx.get(counterRef);
      const held = (await tx.get(user.collection('alerts').count())).data().count;
      if (counter.exists && counter.get('count') === held) return false;
      tx.set(counterRef, { count: held, lastAlertId: String(counter.get('lastAlertId') ?? '') });
      return true;
    });
    if (changed) updated += 1;
  }
  return { accounts: users.length, updated };
}
