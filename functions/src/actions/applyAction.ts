/**
 * Applies an action a verified token carries (signing.ts), in one transaction that reads the token's
 * record, the alert and, to set one again, the account's counter: so two taps, a tap on two
 * devices or a retry act once, and the second says what the first did. An alert that changed since
 * the firing the notice was about (deleted, edited, paused, ended, re-created) is left as it is.
 */
import {
  SNOOZE_MS,
  againCondition,
  usedActionSchema,
  type ActionPayload,
  type ActionRefusal,
  type ActionResult,
} from '@price-alerts/domain/actions';
import { dateMillis, MAX_ALERTS_PER_ACCOUNT } from '@price-alerts/domain/common';
import {
  anyAlertDocumentSchema,
  isMoveAlertDocument,
  moveReadOf,
  type AnyAlertDocument,
} from '@price-alerts/domain/store';
import {
  FieldValue,
  type DocumentReference,
  type DocumentSnapshot,
  type Firestore,
  type Transaction,
} from 'firebase-admin/firestore';
import { alertCounterRef, countIn } from '../repositories/alertCounters';
import { recordUsedAction, usedActionRef } from '../repositories/actionTokens';
import { alertRefOf, recordEvent } from '../repositories/history';
import { parseDoc } from '../repositories/parse';

const refused = (reason: ActionRefusal): ActionResult => ({ outcome: 'refused', reason });

/** When the alert last fired: the firing a notice is about, for a once or an every-time alert. */
const lastFiring = (a: AnyAlertDocument) =>
  a.status === 'triggered' ? dateMillis(a.triggeredAt ?? null) : (a.lastFiredAt ?? Number.NaN);

/** Why the alert, as it is now, cannot take the action; undefined when it can. */
function refusalFor(p: ActionPayload, a: AnyAlertDocument | undefined): ActionRefusal | undefined {
  if (!a) return 'missing';
  // Re-created under the same id, edited, paused or resumed (by the user or at a snooze's end) since the firing.
  const changedAt = Math.max(
    dateMillis(a.createdAt ?? null),
    dateMillis(a.updatedAt ?? null),
    a.resumedAt ?? Number.NEGATIVE_INFINITY,
  );
  if (changedAt > p.firedAt) return 'changed';
  if (p.action === 'again' || p.action === 'further') {
    if (a.status === 'active' || a.status === 'paused') return 'notEnded';
    return lastFiring(a) === p.firedAt ? undefined : 'changed';
  }
  if (a.status === 'triggered' || a.status === 'cancelled') return 'ended';
  if (a.status === 'paused') return 'alreadyPaused';
  return undefined;
}

/** The new alert 'Set again' stores: the user's fields of the old one, its condition as asked, active and armed. */
function againDocument(p: ActionPayload, a: AnyAlertDocument, now: number): Record<string, unknown> | undefined {
  const condition = againCondition(p.action as 'again' | 'further', a);
  if (!condition) return undefined;
  const move = isMoveAlertDocument(a)
    ? {
        ...(a.lookbackMinutes !== undefined ? { lookbackMinutes: a.lookbackMinutes } : {}),
        ...(a.direction !== undefined ? { direction: a.direction } : {}),
        moveRead: moveReadOf(a),
      }
    : {};
  const doc = {
    userId: a.userId,
    currencyPair: a.currencyPair,
    alertType: a.alertType,
    ...condition,
    ...move,
    priceSide: a.priceSide ?? 'ask',
    status: 'active',
    notificationPreferences: { ...a.notificationPreferences },
    ...(a.note ? { note: a.note } : {}),
    // An expiry already past would end it at once: the new alert never expires instead.
    ...(a.expiresAt !== undefined && a.expiresAt > now ? { expiresAt: a.expiresAt } : {}),
    armed: true,
  };
  return anyAlertDocumentSchema.safeParse(doc).success ? doc : undefined;
}

interface Applied {
  result: ActionResult;
  /** The writes, made only when the action goes ahead. */
  write?: (tx: Transaction) => void;
}

function decide(db: Firestore, p: ActionPayload, a: AnyAlertDocument | undefined, count: number, now: number): Applied {
  const why = refusalFor(p, a);
  if (why || !a) return { result: refused(why ?? 'missing') };
  const ref = alertRefOf(db, p.uid, p.alertId);
  if (p.action === 'snooze') {
    const until = now + SNOOZE_MS;
    return {
      result: { outcome: 'done', action: 'snooze', until },
      write: (tx) => {
        tx.update(ref, { status: 'paused', pauseReason: 'snoozed', snoozedUntil: until });
        recordEvent(tx, ref, { type: 'snoozed', at: now, until, via: p.via });
      },
    };
  }
  if (p.action === 'pause') {
    return {
      result: { outcome: 'done', action: 'pause' },
      write: (tx) => {
        tx.update(ref, { status: 'paused' });
        recordEvent(tx, ref, { type: 'paused', at: now, via: p.via });
      },
    };
  }
  // Set again once per firing, from whichever notice and button: the push's and the email's tokens differ.
  if (a.setAgain) return { result: { outcome: 'used', action: p.action, newAlertId: a.setAgain } };
  if (count >= MAX_ALERTS_PER_ACCOUNT) return { result: refused('limit') };
  const fresh = againDocument(p, a, now);
  if (!fresh) return { result: refused('changed') };
  const created = db.collection('users').doc(p.uid).collection('alerts').doc();
  return {
    result: { outcome: 'done', action: p.action, newAlertId: created.id },
    write: (tx) => {
      tx.create(created, { ...fresh, createdAt: FieldValue.serverTimestamp() });
      tx.update(ref, { setAgain: created.id });
      tx.set(alertCounterRef(db, p.uid), { count: count + 1, lastAlertId: created.id });
      recordEvent(tx, ref, { type: 'set_again', at: now, via: p.via, newAlertId: created.id });
    },
  };
}

/** What a token's record says it did, or undefined when it has none (or one that is not ours). */
function usedOf(snap: DocumentSnapshot): Extract<ActionResult, { outcome: 'used' }> | undefined {
  const used = snap.exists ? usedActionSchema.safeParse(snap.data()) : undefined;
  if (!used?.success) return undefined;
  const { action, until, newAlertId } = used.data;
  return { outcome: 'used', action, ...(until !== undefined ? { until } : {}), ...(newAlertId ? { newAlertId } : {}) };
}

/** What a verified token did already, if it was used: one read of its record, nothing changed. */
export const usedResult = async (db: Firestore, token: string) => usedOf(await usedActionRef(db, token).get());

/** Applies the action of a verified token once; `token` is the whole token, whose use is recorded. */
export async function applyAction(db: Firestore, p: ActionPayload, token: string, now: number): Promise<ActionResult> {
  const usedRef: DocumentReference = usedActionRef(db, token);
  const alertRef = alertRefOf(db, p.uid, p.alertId);
  return db.runTransaction(async (tx) => {
    const again = p.action === 'again' || p.action === 'further';
    // The token's record first, alone: a used token, replayed at will, reads (and locks) nothing of the user's.
    const used = usedOf(await tx.get(usedRef));
    if (used) return used;
    const [alertSnap, counterSnap] = await tx.getAll(alertRef, ...(again ? [alertCounterRef(db, p.uid)] : []));
    const alert = alertSnap?.exists ? parseDoc(anyAlertDocumentSchema, alertSnap) : undefined;
    const { result, write } = decide(db, p, alert, counterSnap ? countIn(counterSnap) : 0, now);
    if (!write || result.outcome !== 'done') return result;
    write(tx);
    const { until, newAlertId } = result;
    recordUsedAction(
      tx,
      usedRef,
      {
        uid: p.uid,
        alertId: p.alertId,
        action: p.action,
        at: now,
        ...(until ? { until } : {}),
        ...(newAlertId ? { newAlertId } : {}),
      },
      p.exp,
    );
    return result;
  });
}
