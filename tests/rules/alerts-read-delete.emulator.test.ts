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
  where,
} from 'firebase/firestore';
import { afterAll, beforeAll, beforeEach, describe, it } from 'vitest';
import { ALICE, BOB, rulesEnv, validAlert } from './rules-env';

let env: RulesTestEnvironment;

beforeAll(async () => {
  env = await rulesEnv('alerts-read');
});
beforeEach(async () => {
  await env.clearFirestore();
  await env.withSecurityRulesDisabled(async (ctx) => {
    const db = ctx.firestore();
    await setDoc(doc(db, `users/${ALICE}/alerts/a1`), { ...validAlert(), createdAt: Timestamp.now() });
    await setDoc(doc(db, `users/${ALICE}/alerts/t1`), {
      ...validAlert(),
      status: 'triggered',
      createdAt: Timestamp.now(),
    });
  });
});
afterAll(async () => {
  await env.cleanup();
});

const ctxFor = (uid: string | null) => (uid ? env.authenticatedContext(uid) : env.unauthenticatedContext());

function dashboardQuery(uid: string | null) {
  return query(
    collection(ctxFor(uid).firestore(), `users/${ALICE}/alerts`),
    where('status', 'in', ['active', 'paused']),
    orderBy('createdAt', 'desc'),
    limit(10),
  );
}

describe('alert read', () => {
  it('lets the owner get an alert and run the dashboard query', async () => {
    await assertSucceeds(getDoc(doc(ctxFor(ALICE).firestore(), `users/${ALICE}/alerts/a1`)));
    await assertSucceeds(getDocs(dashboardQuery(ALICE)));
  });
  it.each([
    ['another user', BOB],
    ['a signed-out visitor', null],
  ])('denies %s getting or listing', async (_label, uid) => {
    await assertFails(getDoc(doc(ctxFor(uid).firestore(), `users/${ALICE}/alerts/a1`)));
    await assertFails(getDocs(dashboardQuery(uid)));
  });
  it('denies a client query across every user’s alerts', async () => {
    await assertFails(getDocs(collectionGroup(ctxFor(ALICE).firestore(), 'alerts')));
  });
});

describe('alert delete', () => {
  // Without a counter (alerts stored before it existed); counted deletes are in alerts-cap.
  it.each(['a1', 't1'])('lets the owner delete %s, whatever its status', async (alertId) => {
    await assertSucceeds(deleteDoc(doc(ctxFor(ALICE).firestore(), `users/${ALICE}/alerts/${alertId}`)));
  });
  it.each([
    ['another user', BOB],
    ['a signed-out visitor', null],
  ])('denies %s', async (_label, uid) => {
    await assertFails(deleteDoc(doc(ctxFor(uid).firestore(), `users/${ALICE}/alerts/a1`)));
  });
});
