// The app's history query, against the Firestore emulator with the real rules: the owner reads an
// alert's events live, newest first, at most 100; another user is refused.
import type { RulesTestEnvironment } from '@firebase/rules-unit-testing';
import { HISTORY_RETENTION_MS, type AlertEvent } from '@price-alerts/domain/alerts';
import { Timestamp, doc, setDoc, writeBatch, type Firestore } from 'firebase/firestore';
import { afterAll, beforeAll, beforeEach, describe, expect, it, onTestFinished, vi } from 'vitest';
import { ALICE, BOB, rulesEnv, validAlert } from '../../../../tests/rules/rules-env';
import { watchHistory, type HistoryEvent } from './history';

let env: RulesTestEnvironment;
const BASE = Date.UTC(2026, 10, 1, 9, 0);
const ALERT = 'a-1';
const HISTORY = `users/${ALICE}/alerts/${ALERT}/history`;

const stored = (type: AlertEvent['type'], at: number, patch: Partial<AlertEvent> = {}) => ({
  type,
  at,
  expireAt: Timestamp.fromMillis(at + HISTORY_RETENTION_MS),
  ...patch,
});

/** Writes as the server does (the rules let no client write history). */
function asServer(write: (db: Firestore) => Promise<void>): Promise<void> {
  return env.withSecurityRulesDisabled((ctx) => write(ctx.firestore() as unknown as Firestore));
}

const dbOf = (uid: string) => env.authenticatedContext(uid).firestore() as unknown as Firestore;

/** The first snapshot of the alert's history that satisfies `predicate`, then stops listening. */
function nextHistory(db: Firestore, predicate: (events: HistoryEvent[]) => boolean = () => true) {
  return new Promise<HistoryEvent[]>((resolve, reject) => {
    const stop = watchHistory(
      db,
      ALICE,
      ALERT,
      (events) => {
        if (!predicate(events)) return;
        stop();
        resolve(events);
      },
      reject,
    );
  });
}

beforeAll(async () => {
  env = await rulesEnv('repo-history');
});
beforeEach(async () => {
  await env.clearFirestore();
  // 105 events a minute apart (the newest last), in one batch: more than the query's 100.
  await asServer(async (db) => {
    await setDoc(doc(db, `users/${ALICE}/alerts/${ALERT}`), validAlert());
    const batch = writeBatch(db);
    batch.set(doc(db, `${HISTORY}/e-000`), stored('created', BASE));
    for (let i = 1; i < 105; i++) {
      const event =
        i % 2
          ? stored('fired', BASE + i * 60_000, { price: Number((1.09 + i / 1e5).toFixed(5)), side: 'bid' })
          : stored('rearmed', BASE + i * 60_000);
      batch.set(doc(db, `${HISTORY}/e-${String(i).padStart(3, '0')}`), event);
    }
    await batch.commit();
  });
});
afterAll(async () => {
  await env.cleanup();
});

describe('history repository', () => {
  it('lists the owner’s 100 newest events, newest first, parsed with their ids', async () => {
    const events = await nextHistory(dbOf(ALICE));
    expect(events).toHaveLength(100);
    expect(events.map((e) => e.at)).toEqual([...events.map((e) => e.at)].sort((a, b) => b - a));
    expect(events[0]).toMatchObject({ id: 'e-104', type: 'rearmed', at: BASE + 104 * 60_000 });
    expect(events[1]).toMatchObject({ id: 'e-103', type: 'fired', side: 'bid', price: 1.09103 });
    // The five oldest, the creation among them, are past the limit.
    expect(events.at(-1)?.id).toBe('e-005');
    expect((events[0]?.expireAt as Timestamp).toMillis()).toBe(BASE + 104 * 60_000 + HISTORY_RETENTION_MS);
  });

  it('delivers an event the server writes later at the head, live', async () => {
    // One listener throughout: the write lands after its first snapshot from the server.
    const snapshots: HistoryEvent[][] = [];
    let failed: unknown;
    const stop = watchHistory(
      dbOf(ALICE),
      ALICE,
      ALERT,
      (events) => snapshots.push(events),
      (e) => (failed = e),
    );
    await vi.waitFor(() => expect(snapshots.at(-1)).toHaveLength(100), { timeout: 15_000 });
    await asServer(async (admin) => {
      await setDoc(
        doc(admin, `${HISTORY}/e-105`),
        stored('notified', BASE + 105 * 60_000, {
          channel: 'push',
          outcome: 'skipped',
          reason: 'No device registered for push',
        }),
      );
    });
    await vi.waitFor(() => expect(snapshots.at(-1)?.[0]?.id).toBe('e-105'), { timeout: 15_000 });
    stop();
    expect(failed).toBeUndefined();
    const events = snapshots.at(-1) ?? [];
    expect(events[0]).toMatchObject({ type: 'notified', channel: 'push', outcome: 'skipped' });
    expect(events).toHaveLength(100);
  });

  it('leaves out a document that is not an event rather than breaking the list', async () => {
    const warn = vi.spyOn(console, 'warn').mockImplementation(() => {});
    // Restored whatever happens: later files share this process.
    onTestFinished(() => warn.mockRestore());
    await asServer(async (db) => {
      await setDoc(doc(db, `${HISTORY}/bad`), {
        type: 'teleported',
        at: BASE + 200 * 60_000,
        expireAt: Timestamp.now(),
      });
    });
    const events = await nextHistory(dbOf(ALICE));
    expect(events.map((e) => e.id)).not.toContain('bad');
    expect(events).toHaveLength(99);
    // The log names the field at fault, not only the document.
    expect(warn).toHaveBeenCalledWith(
      expect.stringMatching(new RegExp(`^Skipped invalid document ${HISTORY}/bad: type: `)),
    );
  });

  it('refuses another user, who hears of it through onError', async () => {
    await expect(nextHistory(dbOf(BOB))).rejects.toMatchObject({ code: 'permission-denied' });
  });
});
