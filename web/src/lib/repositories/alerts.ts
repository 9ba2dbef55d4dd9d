/**
 * Repository for users/{uid}/alerts and its counter users/{uid}/counters/alerts: the only module that
 * reads or writes alerts in the app. Every create and delete moves the counter in the same batch, as
 * the rules require (they cap an account at 200 alerts; see docs/data-model.md).
 */
import { type AlertStatus } from '@price-alerts/domain/common';
import { AlertLimitError, isMoveInput, type ValidAlertInput } from '@price-alerts/domain/alerts';
import {
  ACTIVE_ALERTS_QUERY,
  ALL_ACTIVE_ALERTS_QUERY,
  ALL_PREVIOUS_ALERTS_QUERY,
  PAIR_ALERTS_QUERY,
  PREVIOUS_ALERTS_QUERY,
  alertCounterSchema,
  appAlertDocumentSchema,
  canCreateAlert,
  moveReadOf,
  type Alert,
} from '@price-alerts/domain/store';
import {
  deleteField,
  collection,
  deleteDoc,
  doc,
  getDoc,
  getDocs,
  increment,
  onSnapshot,
  serverTimestamp,
  updateDoc,
  writeBatch,
  type Firestore,
} from 'firebase/firestore';
import { parseQuery, parseSnapshot } from './converters';
import { buildQuery } from './query';

export type AlertList = 'active' | 'previous';

const SHAPES = { active: ACTIVE_ALERTS_QUERY, previous: PREVIOUS_ALERTS_QUERY } as const;

const ALL_SHAPES = { active: ALL_ACTIVE_ALERTS_QUERY, previous: ALL_PREVIOUS_ALERTS_QUERY } as const;

export interface AlertPage {
  alerts: Alert[];
  /** The snapshot came back as large as asked: more may exist. */
  full: boolean;
  /** From the cache only: after 'Load more' it holds just what was loaded before, the server's answer follows. */
  fromCache: boolean;
}

const alertsOf = (db: Firestore, uid: string) => collection(db, 'users', uid, 'alerts');
const alertRef = (db: Firestore, uid: string, alertId: string) => doc(db, 'users', uid, 'alerts', alertId);
const counterRef = (db: Firestore, uid: string) => doc(db, 'users', uid, 'counters', 'alerts');

/** The alert model's optional user fields (absent: once, never expires; see ValidAlertInput). */
const MODEL_FIELDS = [
  'repeat',
  'cooldownMinutes',
  'rearmPercent',
  'expiresAt',
] as const satisfies readonly (keyof ValidAlertInput)[];
/** What the server keeps while an every-time alert waits to re-arm, and why the runaway guard paused it. */
const SERVER_REARM_FIELDS = [
  'rearmBelow',
  'rearmAbove',
  'armAt',
  'pauseReason',
  'rearmMoveAt',
  'snoozedUntil',
] as const;
/** Every field a condition may have: an edit that changes the kind of alert removes the other kind's. */
const CONDITION_FIELDS = ['triggerPrice', 'movePercent', 'lookbackMinutes', 'direction', 'moveRead'] as const;

/**
 * What fires the alert, as stored: a level's type and trigger price, or a move's type, threshold,
 * lookback or direction, and the read the evaluator finds it by (moveReadOf, checked by the rules).
 */
function conditionFields(input: ValidAlertInput): Record<string, unknown> {
  if (!isMoveInput(input)) return { alertType: input.alertType, triggerPrice: input.triggerPrice };
  const { alertType, movePercent, lookbackMinutes, direction } = input;
  return {
    alertType,
    movePercent,
    ...(lookbackMinutes !== undefined ? { lookbackMinutes } : {}),
    ...(direction !== undefined ? { direction } : {}),
    moveRead: moveReadOf(input),
  };
}

/** How many alerts the account holds, as its counter says (0 before its first counted alert). */
export async function alertCount(db: Firestore, uid: string): Promise<number> {
  const snapshot = await getDoc(counterRef(db, uid));
  return snapshot.exists() ? (alertCounterSchema.safeParse(snapshot.data()).data?.count ?? 0) : 0;
}

/**
 * The dashboard's live query for one list, built from its declared shape (see queries.ts). `full`:
 * the query came back at its limit, documents the app cannot read included, so more may exist.
 */
export function watchAlerts(
  db: Firestore,
  uid: string,
  list: AlertList,
  onData: (alerts: Alert[], full: boolean) => void,
  onError: (error: Error) => void,
): () => void {
  const shape = SHAPES[list];
  const q = buildQuery(doc(db, 'users', uid), shape, [shape.statuses]);
  // The app orders what arrives (applyListSnapshot, newest createdAt first): a pending createdAt is
  // only estimated, and the emulator was seen listing imported documents before newer ones.
  return onSnapshot(
    q,
    (snapshot) => onData(parseQuery(appAlertDocumentSchema, snapshot), snapshot.size >= shape.limit),
    onError,
  );
}

/**
 * A full list ('See all'), newest first, live, as one query of the newest `size` alerts: 'Load more'
 * asks again with a larger size (the cache serves the overlap). One query rather than a query per
 * page, as a page's cursor is fixed when it loads: an alert that arrives or changes list afterwards
 * would push one over a page boundary, to show on neither page or on both.
 */
export function watchAlertList(
  db: Firestore,
  uid: string,
  list: AlertList,
  size: number,
  onData: (page: AlertPage) => void,
  onError: (error: Error) => void,
): () => void {
  const shape = ALL_SHAPES[list];
  const q = buildQuery(doc(db, 'users', uid), shape, [shape.statuses], { pageSize: size });
  // With metadata changes, so the server's answer arrives even when it matches what the cache had.
  return onSnapshot(
    q,
    { includeMetadataChanges: true },
    (snapshot) =>
      onData({
        alerts: parseQuery(appAlertDocumentSchema, snapshot),
        full: snapshot.docs.length === size,
        fromCache: snapshot.metadata.fromCache,
      }),
    onError,
  );
}

/** One alert, live (undefined once it is deleted): the details sheet's selection on a full list. */
export function watchAlert(
  db: Firestore,
  uid: string,
  alertId: string,
  onData: (alert: Alert | undefined) => void,
  onError: (error: Error) => void,
): () => void {
  return onSnapshot(
    alertRef(db, uid, alertId),
    (snapshot) => onData(snapshot.exists() ? parseSnapshot(appAlertDocumentSchema, snapshot) : undefined),
    onError,
  );
}

/** The user's active and paused alerts on one pair (at most PAIR_ALERTS_LIMIT): the levels a chart draws. */
export async function getPairAlerts(db: Firestore, uid: string, pair: string): Promise<Alert[]> {
  const q = buildQuery(doc(db, 'users', uid), PAIR_ALERTS_QUERY, [pair, PAIR_ALERTS_QUERY.statuses]);
  return parseQuery(appAlertDocumentSchema, await getDocs(q));
}

export async function getAlert(db: Firestore, uid: string, alertId: string): Promise<Alert | undefined> {
  const snapshot = await getDoc(alertRef(db, uid, alertId));
  return snapshot.exists() ? parseSnapshot(appAlertDocumentSchema, snapshot) : undefined;
}

/**
 * Creates the alert with the counter's +1 in one batch. Throws AlertLimitError when the account
 * already holds the most it may: checked first, and again when the rules refuse the batch (another
 * tab or device may have taken the last place in between).
 */
export async function createAlert(db: Firestore, uid: string, input: ValidAlertInput): Promise<string> {
  if (!canCreateAlert(await alertCount(db, uid))) throw new AlertLimitError();
  const ref = doc(alertsOf(db, uid));
  const batch = writeBatch(db);
  batch.set(ref, {
    userId: uid,
    currencyPair: input.currencyPair,
    ...conditionFields(input),
    priceSide: input.priceSide,
    status: 'active',
    notificationPreferences: { ...input.notificationPreferences },
    ...(input.note ? { note: input.note } : {}),
    // Written only when set, so a once alert that never expires is stored as alerts were before.
    ...Object.fromEntries(MODEL_FIELDS.flatMap((field) => (input[field] === undefined ? [] : [[field, input[field]]]))),
    // The evaluators' firing query reads armed alerts only.
    armed: true,
    createdAt: serverTimestamp(),
  });
  batch.set(counterRef(db, uid), { count: increment(1), lastAlertId: ref.id }, { merge: true });
  try {
    await batch.commit();
  } catch (error) {
    if ((error as { code?: unknown }).code === 'permission-denied' && !canCreateAlert(await alertCount(db, uid))) {
      throw new AlertLimitError();
    }
    throw error;
  }
  return ref.id;
}

/**
 * Saves the edit screen's fields. An edit starts the alert afresh: armed again, with the server's
 * re-arm state and the runaway guard's pause reason removed (the rules require both). A field the
 * edit cleared (a note, a once alert's repeat fields, an expiry set back to never, a level's trigger
 * price when it became a move alert) leaves the document.
 */
export async function updateAlert(db: Firestore, uid: string, alertId: string, input: ValidAlertInput): Promise<void> {
  await updateDoc(alertRef(db, uid, alertId), {
    currencyPair: input.currencyPair,
    ...Object.fromEntries(CONDITION_FIELDS.map((field) => [field, deleteField()])),
    ...conditionFields(input),
    priceSide: input.priceSide,
    notificationPreferences: { ...input.notificationPreferences },
    note: input.note ?? deleteField(),
    ...Object.fromEntries(MODEL_FIELDS.map((field) => [field, input[field] ?? deleteField()])),
    armed: true,
    ...Object.fromEntries(SERVER_REARM_FIELDS.map((field) => [field, deleteField()])),
    updatedAt: serverTimestamp(),
  });
}

export async function setAlertStatus(
  db: Firestore,
  uid: string,
  alertId: string,
  status: Extract<AlertStatus, 'active' | 'paused'>,
): Promise<void> {
  await updateDoc(alertRef(db, uid, alertId), {
    status,
    updatedAt: serverTimestamp(),
    // A resume clears the server's pause reason, and a snooze's end (the rules require it).
    ...(status === 'active' ? { pauseReason: deleteField(), snoozedUntil: deleteField() } : {}),
  });
}

/** Deletes the alert with the counter's -1 in one batch; with no count (older alerts) on its own. */
export async function deleteAlert(db: Firestore, uid: string, alertId: string): Promise<void> {
  if ((await alertCount(db, uid)) === 0) {
    await deleteDoc(alertRef(db, uid, alertId));
    return;
  }
  const batch = writeBatch(db);
  batch.delete(alertRef(db, uid, alertId));
  batch.set(counterRef(db, uid), { count: increment(-1), lastAlertId: alertId }, { merge: true });
  await batch.commit();
}
