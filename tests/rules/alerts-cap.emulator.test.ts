// The cap of 200 alerts per account: the counter users/{uid}/counters/alerts moves only with the
// create or delete of the alert it names, and holds against concurrent creates.
import { assertFails, assertSucceeds, type RulesTestEnvironment } from '@firebase/rules-unit-testing';
import { MAX_ALERTS_PER_ACCOUNT } from '@price-alerts/domain/common';
import {
  Timestamp,
  collection,
  deleteDoc,
  doc,
  getDoc,
  getDocs,
  increment,
  serverTimestamp,
  setDoc,
  updateDoc,
  writeBatch,
} from 'firebase/firestore';
import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { ALICE, BOB, COUNTER, createCounted, deleteCounted, rulesEnv, validAlert, type TestDb } from './rules-env';

let env: RulesTestEnvironment;

beforeAll(async () => {
  env = await rulesEnv('alerts-cap');
});
beforeEach(async () => {
  await env.clearFirestore();
});
afterAll(async () => {
  await env.cleanup();
});

const dbFor = (uid: string | null) => (uid ? env.authenticatedContext(uid) : env.unauthenticatedContext()).firestore();
const newAlert = () => ({ ...validAlert(), createdAt: serverTimestamp() });

/** Stored as the server would: `count` alerts held, the counter saying so, plus the alerts named. */
async function seed(count: number, alertIds: string[] = []) {
  await env.withSecurityRulesDisabled(async (ctx) => {
    const db = ctx.firestore();
    await setDoc(doc(db, COUNTER()), { count, lastAlertId: 'seed' });
    for (const id of alertIds)
      await setDoc(doc(db, `users/${ALICE}/alerts/${id}`), { ...validAlert(), createdAt: Timestamp.now() });
  });
}

async function storedCount(): Promise<number> {
  let count = -1;
  await env.withSecurityRulesDisabled(async (ctx) => {
    count = (await getDoc(doc(ctx.firestore(), COUNTER()))).get('count') as number;
  });
  return count;
}

function batchOf(db: TestDb, write: (b: ReturnType<typeof writeBatch>) => void) {
  const batch = writeBatch(db);
  write(batch);
  return batch.commit();
}

describe('alert create with the counter', () => {
  it('starts the counter at 1 on the first alert, and counts on from there', async () => {
    await assertSucceeds(createCounted(dbFor(ALICE), newAlert()));
    await assertSucceeds(createCounted(dbFor(ALICE), newAlert()));
    expect(await storedCount()).toBe(2);
  });
  it('allows the 200th alert and denies the 201st', async () => {
    await seed(MAX_ALERTS_PER_ACCOUNT - 1);
    await assertSucceeds(createCounted(dbFor(ALICE), newAlert()));
    await assertFails(createCounted(dbFor(ALICE), newAlert()));
    expect(await storedCount()).toBe(200);
  });
  it.each<[string, (db: TestDb, alertId: string) => Record<string, unknown>]>([
    ['the counter unchanged', () => ({ count: 5, lastAlertId: 'seed' })],
    ['the counter up by two', (_db, id) => ({ count: 7, lastAlertId: id })],
    ['the counter naming another alert', () => ({ count: increment(1), lastAlertId: 'other' })],
    ['the counter with an extra field', (_db, id) => ({ count: increment(1), lastAlertId: id, max: 1000 })],
  ])('denies an alert created with %s', async (_label, counter) => {
    await seed(5);
    const db = dbFor(ALICE);
    const ref = doc(db, `users/${ALICE}/alerts/new-one`);
    await assertFails(
      batchOf(db, (b) => {
        b.set(ref, newAlert());
        b.set(doc(db, COUNTER()), counter(db, ref.id), { merge: true });
      }),
    );
  });
  it('denies two alerts in one batch with a single +1', async () => {
    await seed(5);
    const db = dbFor(ALICE);
    await assertFails(
      batchOf(db, (b) => {
        b.set(doc(db, `users/${ALICE}/alerts/x1`), newAlert());
        b.set(doc(db, `users/${ALICE}/alerts/x2`), newAlert());
        b.set(doc(db, COUNTER()), { count: increment(1), lastAlertId: 'x2' }, { merge: true });
      }),
    );
  });
});

describe('the counter document', () => {
  it('lets the owner read it, and no one else', async () => {
    await seed(3);
    await assertSucceeds(getDoc(doc(dbFor(ALICE), COUNTER())));
    await assertFails(getDoc(doc(dbFor(BOB), COUNTER())));
    await assertFails(getDoc(doc(dbFor(null), COUNTER())));
  });
  it.each<[string, Record<string, unknown>]>([
    ['lowered', { count: 0, lastAlertId: 'seed' }],
    ['counted down without a delete', { count: increment(-1), lastAlertId: 'a1' }],
    ['counted up without a create', { count: increment(1), lastAlertId: 'nothing' }],
    ['counted up naming an alert that exists', { count: increment(1), lastAlertId: 'a1' }],
  ])('denies the owner writing it %s', async (_label, data) => {
    await seed(3, ['a1']);
    await assertFails(setDoc(doc(dbFor(ALICE), COUNTER()), data, { merge: true }));
  });
  it('denies deleting it, and another user creating an alert counted on it', async () => {
    await seed(3);
    await assertFails(deleteDoc(doc(dbFor(ALICE), COUNTER())));
    await assertFails(createCounted(dbFor(BOB), newAlert()));
    await assertFails(updateDoc(doc(dbFor(BOB), COUNTER()), { count: 0 }));
  });
});

describe('alert delete with the counter', () => {
  it('lets the owner delete an alert with the counter’s -1 naming it', async () => {
    await seed(3, ['a1']);
    await assertSucceeds(deleteCounted(dbFor(ALICE), 'a1'));
    expect(await storedCount()).toBe(2);
  });
  it('denies a counted delete without the -1, or with the -1 naming another alert', async () => {
    await seed(3, ['a1', 'a2']);
    await assertFails(deleteDoc(doc(dbFor(ALICE), `users/${ALICE}/alerts/a1`)));
    const db = dbFor(ALICE);
    await assertFails(
      batchOf(db, (b) => {
        b.delete(doc(db, `users/${ALICE}/alerts/a1`));
        b.set(doc(db, COUNTER()), { count: increment(-1), lastAlertId: 'a2' }, { merge: true });
      }),
    );
    await assertFails(deleteCounted(dbFor(BOB), 'a1'));
  });
});

describe('the cap under concurrent requests', () => {
  it('with 199 alerts, 10 concurrent creates from 10 clients: exactly one succeeds', async () => {
    await seed(MAX_ALERTS_PER_ACCOUNT - 1);
    // Each its own client (app and connection), as ten tabs or scripts would be.
    const clients = Array.from({ length: 10 }, () => dbFor(ALICE));
    const results = await Promise.allSettled(clients.map((db) => createCounted(db, newAlert())));
    expect(results.filter((r) => r.status === 'fulfilled')).toHaveLength(1);
    expect(await storedCount()).toBe(200);
    let alerts = -1;
    await env.withSecurityRulesDisabled(async (ctx) => {
      alerts = (await getDocs(collection(ctx.firestore(), `users/${ALICE}/alerts`))).size;
    });
    expect(alerts).toBe(1);
    await assertFails(createCounted(dbFor(ALICE), newAlert()));
  });
});
