/**
 * The end of a snooze from a notice: each minute the alerts whose snooze has ended carry on by
 * themselves, each in a transaction that re-reads it. It becomes active again, judged only on
 * prices from the snooze's end on (resumedAt: crossing.ts alertSince, as the user's resume is by
 * updatedAt), and its history says so. One the user resumed, edited or deleted meanwhile is left as
 * the user left it. One that fails is tried again next minute; it does not hold the others up.
 */
import { anyAlertDocumentSchema } from '@price-alerts/domain/store';
import { FieldValue, type Firestore } from 'firebase-admin/firestore';
import { recordEvent } from '../repositories/history';
import { parseDoc } from '../repositories/parse';
import { findSnoozesDue } from '../repositories/snoozedAlerts';

/** At most this many a run; more wait a minute (a snooze is an hour). */
const PER_RUN = 500;
export const SNOOZE_ENDED = 'the snooze ended';

export async function resumeSnoozed(
  db: Firestore,
  now: number,
): Promise<{ resumed: number; failed: number; read: number }> {
  const { refs, read } = await findSnoozesDue(db, now, PER_RUN);
  let resumed = 0;
  let failed = 0;
  for (const ref of refs) {
    const done = await db
      .runTransaction(async (tx) => {
        const alert = parseDoc(anyAlertDocumentSchema, await tx.get(ref));
        if (alert?.status !== 'paused' || alert.pauseReason !== 'snoozed') return false;
        const until = alert.snoozedUntil ?? now;
        if (until > now) return false;
        tx.update(ref, {
          status: 'active',
          pauseReason: FieldValue.delete(),
          snoozedUntil: FieldValue.delete(),
          resumedAt: until,
        });
        recordEvent(tx, ref, { type: 'resumed', at: until, reason: SNOOZE_ENDED });
        return true;
      })
      .catch(() => {
        failed += 1;
        return false;
      });
    if (done) resumed += 1;
  }
  return { resumed, failed, read };
}
