/** An alert whose firing fails for good: told apart from a passing fault, and cancelled once. */
import { anyAlertDocumentSchema } from '@price-alerts/domain/store';
import { Timestamp, type DocumentReference, type Firestore } from 'firebase-admin/firestore';
import { errorMessage } from '../lib/errors';
import * as logs from '../logs';
import { recordEvent } from '../repositories/history';
import { parseDoc } from '../repositories/parse';

/**
 * gRPC codes that say something is wrong with this alert's own write, so every retry fails the same
 * way. Everything else is thrown and tried again (Pub/Sub redelivers the message; the scheduled
 * evaluator, which keeps its checkpoint, judges the move again on its next run): transient codes,
 * and codes that say the service itself is misconfigured (PERMISSION_DENIED, UNAUTHENTICATED,
 * UNIMPLEMENTED), which a deploy fixes and which must not cancel every alert that fires meanwhile.
 */
const PERMANENT_CODES = new Set([
  3, // INVALID_ARGUMENT
  5, // NOT_FOUND
  6, // ALREADY_EXISTS
  9, // FAILED_PRECONDITION
  11, // OUT_OF_RANGE
]);

/** A Firestore error that will fail the same way on every retry for this alert. */
export function isPermanentFailure(error: unknown): boolean {
  const code = (error as { code?: unknown } | null)?.code;
  return typeof code === 'number' && PERMANENT_CODES.has(code);
}

export type Now = () => number;

/**
 * Cancels an alert whose firing failed for good, once: only while it is still active, so a second
 * evaluator that hit the same failure records and logs nothing. Being no longer active, it leaves
 * the evaluators' range query and is never tried again.
 */
export async function recordPermanentFailure(
  db: Firestore,
  ref: DocumentReference,
  error: unknown,
  now: Now,
): Promise<boolean> {
  const message = errorMessage(error).slice(0, 1000);
  const recorded = await db.runTransaction(async (tx) => {
    const alert = parseDoc(anyAlertDocumentSchema, await tx.get(ref));
    if (!alert || alert.status !== 'active') return false;
    const at = now();
    tx.update(ref, { status: 'cancelled', cancelReason: 'error', failure: { message, at: Timestamp.fromMillis(at) } });
    // The history says it in words; the technical message stays in `failure`.
    recordEvent(tx, ref, { type: 'cancelled', at, reason: 'It could not be fired' });
    return true;
  });
  if (recorded) logs.alertFireFailed(ref.path, message);
  return recorded;
}
