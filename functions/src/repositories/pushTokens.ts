/**
 * Repository for users/{uid}/pushTokens: one document per device, its id derived from the token; and
 * for pushDevices/{uid}, their ids in one document, which the sender reads for many users at once.
 */
import { MAX_PUSH_TOKENS_PER_ACCOUNT, dateMillis } from '@price-alerts/domain/common';
import { pushTokenId } from '@price-alerts/domain/notify';
import { pushDevicesSchema, pushTokenSchema, type PushDevices } from '@price-alerts/domain/store';
import { FieldValue, type DocumentReference, type DocumentSnapshot, type Firestore } from 'firebase-admin/firestore';
import { mapLimit } from '../lib/mapLimit';
import { getAllPaged } from './getAll';
import { parseDoc } from './parse';

const tokens = (db: Firestore, uid: string) => db.collection('users').doc(uid).collection('pushTokens');
const devicesRef = (db: Firestore, uid: string): DocumentReference => db.collection('pushDevices').doc(uid);

export type Device = { id: string; token: string };

/**
 * Stores (or refreshes) the device's token and keeps the account's newest MAX_PUSH_TOKENS_PER_ACCOUNT,
 * deleting the oldest, in one transaction: concurrent registrations of one account are serialised
 * by it, so they cannot together leave more than the cap. Returns the token's id and the ids dropped.
 */
export async function saveToken(
  db: Firestore,
  uid: string,
  token: string,
  userAgent?: string,
): Promise<{ id: string; removed: string[] }> {
  const id = await pushTokenId(token);
  return db.runTransaction(async (tx) => {
    const existing = await tx.get(tokens(db, uid));
    // Newest first by last registration; an unreadable or undated document counts as oldest.
    const others = existing.docs
      .filter((d) => d.id !== id)
      .map((d) => ({ id: d.id, at: dateMillis(pushTokenSchema.safeParse(d.data()).data?.updatedAt) }))
      .sort((a, b) => b.at - a.at || a.id.localeCompare(b.id));
    const removed = others.slice(MAX_PUSH_TOKENS_PER_ACCOUNT - 1).map((d) => d.id);
    for (const old of removed) tx.delete(tokens(db, uid).doc(old));
    tx.set(tokens(db, uid).doc(id), {
      token,
      updatedAt: FieldValue.serverTimestamp(),
      ...(userAgent ? { userAgent } : {}),
    });
    const kept = existing.docs.map((d) => d.id).filter((other) => other !== id && !removed.includes(other));
    tx.set(devicesRef(db, uid), devicesDoc([id, ...kept]));
    return { id, removed };
  });
}

const devicesDoc = (tokenIds: string[]) => ({
  ...pushDevicesSchema.parse({ tokenIds } satisfies PushDevices),
  updatedAt: FieldValue.serverTimestamp(),
});

/** The devices of these token documents: those that exist and parse. */
const devicesIn = (snapshots: readonly DocumentSnapshot[]): Device[] =>
  snapshots.flatMap((d) => {
    const parsed = parseDoc(pushTokenSchema, d);
    return parsed ? [{ id: d.id, token: parsed.token }] : [];
  });

export async function listTokens(db: Firestore, uid: string): Promise<Device[]> {
  return devicesIn((await tokens(db, uid).get()).docs);
}

/**
 * Each user's devices: the ids in pushDevices, then the token documents they name, one call per 500
 * of each. A token deleted since (sign-out, opt-out) is missing there and skipped, so the copy can
 * lag without a push reaching a device that left. A user registered before the copy existed, or
 * whose copy does not parse, has it written from their tokens first.
 */
export async function listTokensOf(db: Firestore, uids: readonly string[]): Promise<Map<string, Device[]>> {
  const unique = [...new Set(uids)];
  const copies = await getAllPaged(
    db,
    unique.map((uid) => devicesRef(db, uid)),
  );
  const out = new Map<string, Device[]>();
  const named: DocumentReference[] = [];
  for (const copy of copies) {
    const parsed = parseDoc(pushDevicesSchema, copy);
    if (!parsed) continue;
    out.set(copy.id, []);
    named.push(...parsed.tokenIds.map((id) => tokens(db, copy.id).doc(id)));
  }
  for (const device of await getAllPaged(db, named)) {
    const uid = device.ref.parent.parent?.id ?? '';
    out.get(uid)?.push(...devicesIn([device]));
  }
  // Written now, from their tokens: the next notice reads it with the others.
  const unknown = unique.filter((uid) => !out.has(uid));
  await mapLimit(unknown, 32, async (uid) => out.set(uid, await rebuildDevices(db, uid)));
  return out;
}

/** Writes pushDevices/{uid} from the user's tokens as they are now, in a transaction; returns them. */
export async function rebuildDevices(db: Firestore, uid: string): Promise<Device[]> {
  return db.runTransaction(async (tx) => {
    const devices = devicesIn((await tx.get(tokens(db, uid))).docs);
    tx.set(devicesRef(db, uid), devicesDoc(devices.map((d) => d.id)));
    return devices;
  });
}

/** Forgets a device the sender found dead; the copy's id of it is skipped as missing from then on. */
export async function deleteToken(db: Firestore, uid: string, tokenId: string): Promise<void> {
  await tokens(db, uid).doc(tokenId).delete();
}
