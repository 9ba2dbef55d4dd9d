// 'See all': the full lists as one query that grows a page at a time, against the Firestore emulator
// with the real rules.
import type { RulesTestEnvironment } from '@firebase/rules-unit-testing';
import { Timestamp, doc, writeBatch, type Firestore } from 'firebase/firestore';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { seedAliceAlerts } from './seedAlerts.testing';
import { ALICE, BOB, rulesEnv, validAlert } from '../../../../tests/rules/rules-env';
import { watchAlertList, type AlertList, type AlertPage } from './alerts';

let env: RulesTestEnvironment;
const BASE = Date.UTC(2026, 10, 1);

beforeAll(async () => {
  env = await rulesEnv('repo-alert-pages');
});
afterAll(async () => {
  await env.cleanup();
});

async function reseed(): Promise<void> {
  await env.clearFirestore();
  // 24 alerts, statuses in turn, one minute apart: 12 in each list; a-23 is the newest.
  await seedAliceAlerts(env, BASE);
}

const dbOf = (uid: string) => env.authenticatedContext(uid).firestore() as unknown as Firestore;

/** The list's first answer from the server at `size` (the cache may answer first with fewer). */
function load(db: Firestore, list: AlertList, size: number): Promise<AlertPage> {
  return new Promise((resolve, reject) => {
    const stop = watchAlertList(
      db,
      ALICE,
      list,
      size,
      (result) => {
        if (result.fromCache) return;
        stop();
        resolve(result);
      },
      reject,
    );
  });
}

const idsOf = (page: AlertPage) => page.alerts.map((a) => a.id);

describe('full alert lists, growing a page at a time', () => {
  beforeAll(reseed);

  it.each([
    ['active', ['a-21', 'a-20', 'a-17', 'a-16', 'a-13'], ['a-12', 'a-09', 'a-08', 'a-05', 'a-04'], ['a-01', 'a-00']],
    ['previous', ['a-23', 'a-22', 'a-19', 'a-18', 'a-15'], ['a-14', 'a-11', 'a-10', 'a-07', 'a-06'], ['a-03', 'a-02']],
  ] as const)(
    'loads every %s alert, newest first, each once, ending with a snapshot that is not full',
    async (list, first, second, third) => {
      const db = dbOf(ALICE);
      const loads = [await load(db, list, 5), await load(db, list, 10), await load(db, list, 15)];
      expect(loads.map(idsOf)).toEqual([first, [...first, ...second], [...first, ...second, ...third]]);
      expect(loads.map((page) => page.full)).toEqual([true, true, false]);
    },
  );

  it('refuses another user’s list, whatever its size', async () => {
    await expect(load(dbOf(BOB), 'active', 5)).rejects.toMatchObject({ code: 'permission-denied' });
  });
});

/** Applies what may happen while a list is open: a newer alert, one leaving and one joining the list. */
async function changeAliceAlerts(env: RulesTestEnvironment): Promise<void> {
  await env.withSecurityRulesDisabled(async (ctx) => {
    const admin = ctx.firestore();
    // One commit, as a server's firing and the user's tap in the same moment would be: written one
    // after the other, the emulator once never told the open query of the second (a-09 leaving).
    const batch = writeBatch(admin);
    batch.set(doc(admin, `users/${ALICE}/alerts/a-new`), {
      ...validAlert(),
      status: 'active',
      createdAt: Timestamp.fromMillis(BASE + 60 * 60_000),
    });
    batch.update(doc(admin, `users/${ALICE}/alerts/a-09`), { status: 'triggered' });
    batch.update(doc(admin, `users/${ALICE}/alerts/a-03`), { status: 'paused' });
    await batch.commit();
  });
}

/** Alice's active list once changeAliceAlerts has run, newest first. */
const CHANGED_ACTIVE = [
  ...['a-new', 'a-21', 'a-20', 'a-17', 'a-16', 'a-13', 'a-12', 'a-08', 'a-05', 'a-04'],
  ...['a-03', 'a-01', 'a-00'],
];

describe('full alert lists that change while open', () => {
  beforeAll(reseed);

  it('shows every alert exactly once after a newer alert arrives and others change list', async () => {
    const db = dbOf(ALICE);
    expect(idsOf(await load(db, 'active', 5))).toEqual(['a-21', 'a-20', 'a-17', 'a-16', 'a-13']);
    // 'Load more': the one query, now ten long, stays open while the alerts change.
    let latest: string[] = [];
    const seen: string[] = [];
    const stop = watchAlertList(
      db,
      ALICE,
      'active',
      10,
      (page) => {
        seen.push(`${page.fromCache ? 'cache' : 'server'} ${idsOf(page).join(',')}`);
        if (!page.fromCache) latest = idsOf(page);
      },
      (error) => {
        throw error;
      },
    );
    try {
      await expect.poll(() => latest.length).toBe(10);
      await changeAliceAlerts(env);
      // a-13, pushed past the first five by a-new, is still shown: no page boundary to fall over.
      // Filling the slot a-09 leaves takes the server another round trip; under a full CI run (browser
      // tests on both cores) it once took longer than the project's 10 s poll.
      await expect
        .poll(() => latest, { timeout: 25_000 })
        .toEqual(CHANGED_ACTIVE.slice(0, 10))
        .catch((error: unknown) => {
          // What the listener delivered, in order: the failure's own line shows neither list in full.
          throw new Error(`${String(error)}\nsnapshots seen:\n${seen.join('\n')}`);
        });
    } finally {
      stop();
    }
    const all = await load(db, 'active', 15);
    expect(idsOf(all)).toEqual(CHANGED_ACTIVE);
    expect(all.full).toBe(false);
  });
});
