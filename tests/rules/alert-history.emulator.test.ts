// users/{uid}/alerts/{alertId}/history/{eventId}: the owner reads their alert's history (the details
// sheet's query, newest first); nobody else reads it, and no client writes it (the server does).
import { assertFails, assertSucceeds, type RulesTestEnvironment } from '@firebase/rules-unit-testing';
import {
  Timestamp,
  collection,
  collectionGroup,
  deleteDoc,
  doc,
  getDoc,
  getDocs,
  limit,
  orderBy,
  query,
  setDoc,
  updateDoc,
} from 'firebase/firestore';
import { afterAll, beforeAll, beforeEach, describe, it } from 'vitest';
import { ALICE, BOB, rulesEnv, validAlert, type TestDb } from './rules-env';

let env: RulesTestEnvironment;
const AT = 1_800_000_000_000;
const HISTORY = `users/${ALICE}/alerts/a1/history`;
const event = (type: string, at = AT) => ({ type, at, expireAt: Timestamp.fromMillis(at + 90 * 86_400_000) });

beforeAll(async () => {
  env = await rulesEnv('alert-history');
});
beforeEach(async () => {
  await env.clearFirestore();
  await env.withSecurityRulesDisabled(async (ctx) => {
    const db = ctx.firestore();
    await setDoc(doc(db, `users/${ALICE}/alerts/a1`), { ...validAlert(), createdAt: Timestamp.now() });
    await setDoc(doc(db, `${HISTORY}/${AT}_created`), event('created'));
    await setDoc(doc(db, `${HISTORY}/${AT + 1}_paused`), event('paused', AT + 1));
  });
});
afterAll(async () => {
  await env.cleanup();
});

const dbFor = (uid: string | null): TestDb =>
  (uid ? env.authenticatedContext(uid) : env.unauthenticatedContext()).firestore();
// The details sheet's query (ALERT_HISTORY_QUERY): newest first, at most 100.
const listHistory = (db: TestDb) => getDocs(query(collection(db, HISTORY), orderBy('at', 'desc'), limit(100)));
const others: [string, string | null][] = [
  ['another user', BOB],
  ['a signed-out visitor', null],
];

describe('alert history', () => {
  it('lets the owner get an event and list the history newest first', async () => {
    await assertSucceeds(getDoc(doc(dbFor(ALICE), `${HISTORY}/${AT}_created`)));
    await assertSucceeds(listHistory(dbFor(ALICE)));
  });

  it.each(others)('denies %s getting or listing it', async (_label, uid) => {
    await assertFails(getDoc(doc(dbFor(uid), `${HISTORY}/${AT}_created`)));
    await assertFails(listHistory(dbFor(uid)));
  });

  it('denies a query across every user’s history', async () => {
    await assertFails(getDocs(query(collectionGroup(dbFor(ALICE), 'history'), limit(10))));
  });

  it('denies the owner writing their own history: only the server does', async () => {
    const db = dbFor(ALICE);
    await assertFails(setDoc(doc(db, `${HISTORY}/${AT + 2}_fired`), event('fired', AT + 2)));
    await assertFails(setDoc(doc(db, `${HISTORY}/${AT}_created`), event('created')));
    await assertFails(updateDoc(doc(db, `${HISTORY}/${AT}_created`), { type: 'edited' }));
    await assertFails(deleteDoc(doc(db, `${HISTORY}/${AT}_created`)));
  });

  it.each(others)('denies %s writing it', async (_label, uid) => {
    const db = dbFor(uid);
    await assertFails(setDoc(doc(db, `${HISTORY}/${AT + 2}_fired`), event('fired', AT + 2)));
    await assertFails(updateDoc(doc(db, `${HISTORY}/${AT}_created`), { type: 'edited' }));
    await assertFails(deleteDoc(doc(db, `${HISTORY}/${AT}_created`)));
  });
});
