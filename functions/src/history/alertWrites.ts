/** The user's own changes to an alert, recorded in its history from each write the trigger sees. */
import { dateMillis } from '@price-alerts/domain/common';
import { alertChanges } from '@price-alerts/domain/alerts';
import { anyAlertDocumentSchema } from '@price-alerts/domain/store';
import type { DocumentSnapshot, Firestore } from 'firebase-admin/firestore';
import { deleteHistory, recordChanges } from '../repositories/history';
import { parseDoc } from '../repositories/parse';

/**
 * One write to an alert, as the trigger hands it over. The user's own changes (created, edited,
 * paused, resumed) go into its history; the server's writes (firing, re-arming, expiry) record
 * their own events and read as no change here, so most writes cost no read and no write. A delete
 * takes the alert's history with it. Returns the events recorded.
 */
export async function recordAlertWrite(
  firestore: Firestore,
  before: DocumentSnapshot | undefined,
  after: DocumentSnapshot | undefined,
  writtenAt: number,
): Promise<number> {
  if (!after?.exists) {
    if (before?.exists) await deleteHistory(firestore, before.ref);
    return 0;
  }
  const parsedAfter = parseDoc(anyAlertDocumentSchema, after);
  const parsedBefore = before?.exists ? parseDoc(anyAlertDocumentSchema, before) : undefined;
  // An invalid document was logged by parseDoc; what changed in it cannot be told.
  if (!parsedAfter || (before?.exists && !parsedBefore)) return 0;
  const changes = alertChanges(parsedBefore, parsedAfter, writtenAt);
  if (changes.length === 0) return 0;
  const createdAt = dateMillis(parsedAfter.createdAt);
  const recorded = await recordChanges(
    firestore,
    after.ref,
    Number.isFinite(createdAt) ? createdAt : undefined,
    changes,
  );
  return recorded ? changes.length : 0;
}
