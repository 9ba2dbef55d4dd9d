// The history trigger's core against the Firestore emulator, fed the before and after snapshots a
// write leaves (as onDocumentWritten hands them over): the user's changes are recorded once each,
// the server's writes not at all, and a deleted alert's history goes with it.
import type { AlertEvent } from '@price-alerts/domain/alerts';
import { Timestamp, type DocumentSnapshot } from 'firebase-admin/firestore';
import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { clearFirestoreProject } from '../../../tests/emulator/firestore-emulator';
import { alertData, testApp, type TestApp } from '../testing/emulatorApp';
import { recordAlertWrite } from './alertWrites';

const PROJECT = 'demo-alert-history';
const CREATED = 1_800_000_000_000;
let t: TestApp;

beforeAll(async () => {
  t = await testApp(PROJECT);
});
beforeEach(() => clearFirestoreProject(PROJECT));
afterAll(() => t.close());

const ref = () => t.db.doc('users/u1/alerts/a1');
const events = async () =>
  (await ref().collection('history').orderBy('at').get()).docs.map((d) => ({ id: d.id, ...(d.data() as AlertEvent) }));

/** Applies a write and hands its before and after to the trigger's core, as the trigger would. */
async function write(change: () => Promise<unknown>, writtenAt = CREATED + 99_000): Promise<number> {
  const before: DocumentSnapshot = await ref().get();
  await change();
  return recordAlertWrite(t.db, before, await ref().get(), writtenAt);
}

const create = () =>
  ref().set(alertData({ uid: 'u1', id: 'a1', type: 'Price rising above', trigger: 1.1, createdAt: CREATED }));
const byUser = (at: number, patch: Record<string, unknown>) =>
  ref().update({ ...patch, updatedAt: Timestamp.fromMillis(at) });

describe('recordAlertWrite', () => {
  it('records create, pause, resume and edit at the server time of each write, with a TTL', async () => {
    expect(await write(create)).toBe(1);
    expect(await write(() => byUser(CREATED + 1_000, { status: 'paused' }))).toBe(1);
    expect(await write(() => byUser(CREATED + 2_000, { status: 'active' }))).toBe(1);
    expect(await write(() => byUser(CREATED + 3_000, { triggerPrice: 1.2, note: 'higher' }))).toBe(1);
    const recorded = await events();
    expect(recorded.map(({ id, type, at }) => ({ id, type, at }))).toEqual([
      { id: `${CREATED}_created`, type: 'created', at: CREATED },
      { id: `${CREATED + 1_000}_paused`, type: 'paused', at: CREATED + 1_000 },
      { id: `${CREATED + 2_000}_resumed`, type: 'resumed', at: CREATED + 2_000 },
      { id: `${CREATED + 3_000}_edited`, type: 'edited', at: CREATED + 3_000 },
    ]);
    // Kept for 90 days by the TTL policy on expireAt.
    expect((recorded[0]?.expireAt as Timestamp).toMillis()).toBe(CREATED + 90 * 86_400_000);
  });

  it('records nothing for the server’s writes: firing, the runaway pause, expiry', async () => {
    await write(create);
    expect(await write(() => ref().update({ status: 'triggered', triggeredPrice: 1.1 }))).toBe(0);
    await ref().update({ status: 'active' });
    expect(
      await write(() => ref().update({ armed: false, fireCount: 3, status: 'paused', pauseReason: 'runaway' })),
    ).toBe(0);
    expect(await write(() => ref().update({ status: 'cancelled', cancelReason: 'expired' }))).toBe(0);
    expect((await events()).map((e) => e.type)).toEqual(['created']);
  });

  it('records a redelivered trigger’s change once', async () => {
    const before = await ref().get();
    await create();
    const after = await ref().get();
    await recordAlertWrite(t.db, before, after, CREATED);
    await recordAlertWrite(t.db, before, after, CREATED);
    expect(await events()).toHaveLength(1);
  });

  it('deletes the history with the alert, and records nothing for an alert deleted before its trigger ran', async () => {
    await write(create);
    await write(() => byUser(CREATED + 1_000, { status: 'paused' }));
    // The pause's trigger runs late, after the user deleted the alert (triggers are not ordered).
    const before = await ref().get();
    await byUser(CREATED + 2_000, { status: 'active' });
    const after = await ref().get();
    expect(await write(() => ref().delete())).toBe(0);
    expect(await events()).toEqual([]);
    expect(await recordAlertWrite(t.db, before, after, CREATED + 2_000)).toBe(0);
    expect(await events()).toEqual([]);
  });

  it('a late delete trigger leaves the history of the alert re-created under the same id', async () => {
    await write(create);
    const before = await ref().get();
    await ref().delete();
    const deleted = await ref().get();
    // Re-created under the same id, and its trigger ran before the delete's (triggers are not ordered).
    const again = CREATED + 60_000;
    expect(
      await write(() =>
        ref().set(alertData({ uid: 'u1', id: 'a1', type: 'Price rising above', trigger: 1.2, createdAt: again })),
      ),
    ).toBe(1);
    await recordAlertWrite(t.db, before, deleted, CREATED + 30_000);
    expect((await events()).map(({ id }) => id)).toEqual([`${again}_created`]);
  });

  it('the delete trigger still takes the deleted alert’s own events when the id was re-created', async () => {
    await write(create);
    await write(() => byUser(CREATED + 1_000, { status: 'paused' }));
    const before = await ref().get();
    await ref().delete();
    const deleted = await ref().get();
    const again = CREATED + 60_000;
    await write(() =>
      ref().set(alertData({ uid: 'u1', id: 'a1', type: 'Price rising above', trigger: 1.2, createdAt: again })),
    );
    await recordAlertWrite(t.db, before, deleted, CREATED + 30_000);
    expect((await events()).map(({ type }) => type)).toEqual(['created']);
    expect((await events())[0]?.at).toBe(again);
  });
});
