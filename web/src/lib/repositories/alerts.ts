/** Repository for users/{uid}/alerts: the only module that reads or writes alerts in the app. */
import {
  ACTIVE_ALERTS_QUERY,
  DEFAULT_PRICE_SIDE,
  PREVIOUS_ALERTS_QUERY,
  alertDocumentSchema,
  dateMillis,
  type Alert,
  type AlertStatus,
  type ValidAlertInput,
} from '@price-alerts/domain';
import {
  addDoc,
  collection,
  deleteDoc,
  doc,
  getDoc,
  limit,
  onSnapshot,
  orderBy,
  query,
  serverTimestamp,
  updateDoc,
  where,
  type Firestore,
} from 'firebase/firestore';
import { parseQuery, parseSnapshot } from './converters';

export type AlertList = 'active' | 'previous';

const SHAPES = { active: ACTIVE_ALERTS_QUERY, previous: PREVIOUS_ALERTS_QUERY } as const;

const alertsOf = (db: Firestore, uid: string) => collection(db, 'users', uid, 'alerts');
const alertRef = (db: Firestore, uid: string, alertId: string) => doc(db, 'users', uid, 'alerts', alertId);

/** The dashboard's live query for one list, built from its declared shape (see queries.ts). */
export function watchAlerts(
  db: Firestore,
  uid: string,
  list: AlertList,
  onData: (alerts: Alert[]) => void,
  onError: (error: Error) => void,
): () => void {
  const shape = SHAPES[list];
  const q = query(
    alertsOf(db, uid),
    where('status', 'in', [...shape.statuses]),
    orderBy(shape.orderBy[0].field, shape.orderBy[0].direction),
    limit(shape.limit),
  );
  // The query already orders newest first; sorting the (at most 10) results again keeps the order
  // right while a pending createdAt is only estimated, and on the emulator, which was seen listing
  // imported documents before newer ones.
  return onSnapshot(
    q,
    (snapshot) =>
      onData(
        parseQuery(alertDocumentSchema, snapshot).sort((a, b) => dateMillis(b.createdAt) - dateMillis(a.createdAt)),
      ),
    onError,
  );
}

export async function getAlert(db: Firestore, uid: string, alertId: string): Promise<Alert | undefined> {
  const snapshot = await getDoc(alertRef(db, uid, alertId));
  return snapshot.exists() ? parseSnapshot(alertDocumentSchema, snapshot) : undefined;
}

export async function createAlert(db: Firestore, uid: string, input: ValidAlertInput): Promise<string> {
  const ref = await addDoc(alertsOf(db, uid), {
    userId: uid,
    currencyPair: input.currencyPair,
    alertType: input.alertType,
    triggerPrice: input.triggerPrice,
    priceSide: DEFAULT_PRICE_SIDE,
    status: 'active',
    notificationPreferences: { ...input.notificationPreferences },
    createdAt: serverTimestamp(),
  });
  return ref.id;
}

export async function updateAlert(db: Firestore, uid: string, alertId: string, input: ValidAlertInput): Promise<void> {
  await updateDoc(alertRef(db, uid, alertId), {
    currencyPair: input.currencyPair,
    alertType: input.alertType,
    triggerPrice: input.triggerPrice,
    notificationPreferences: { ...input.notificationPreferences },
    updatedAt: serverTimestamp(),
  });
}

export async function setAlertStatus(
  db: Firestore,
  uid: string,
  alertId: string,
  status: Extract<AlertStatus, 'active' | 'paused'>,
): Promise<void> {
  await updateDoc(alertRef(db, uid, alertId), { status, updatedAt: serverTimestamp() });
}

export async function deleteAlert(db: Firestore, uid: string, alertId: string): Promise<void> {
  await deleteDoc(alertRef(db, uid, alertId));
}
