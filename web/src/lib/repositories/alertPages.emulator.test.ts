// 'See all': the full lists a page at a time, against the Firestore emulator with the real rules.
import type { RulesTestEnvironment } from '@firebase/rules-unit-testing';
import type { Firestore } from 'firebase/firestore';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { seedAliceAlerts } from './seedAlerts.testing';
import { ALICE, BOB, rulesEnv } from '../../../../tests/rules/rules-env';
import { watchAlertPage, type AlertCursor, type AlertList, type AlertPage } from './alerts';

let env: RulesTestEnvironment;
const BASE = Date.UTC(2026, 10, 1);

beforeAll(async () => {
  env = await rulesEnv('repo-alert-pages');
  await env.clearFirestore();
  // 24 alerts, statuses in turn, one minute apart: 12 in each list; a-23 is the newest.
  await seedAliceAlerts(env, BASE);
});
afterAll(async () => {
  await env.cleanup();
});

const dbOf = (uid: string) => env.authenticatedContext(uid).firestore() as unknown as Firestore;

/** The page's first snapshot from the server (a cache-only one may come first and be partial). */
function page(db: Firestore, list: AlertList, size: number, after: AlertCursor | null): Promise<AlertPage> {
  return new Promise((resolve, reject) => {
    const stop = watchAlertPage(
      db,
      ALICE,
      list,
      size,
      after,
      (result) => {
        stop();
        resolve(result);
      },
      reject,
    );
  });
}

describe('full alert lists, paged', () => {
  it.each([
    ['active', ['a-21', 'a-20', 'a-17', 'a-16', 'a-13'], ['a-12', 'a-09', 'a-08', 'a-05', 'a-04'], ['a-01', 'a-00']],
    ['previous', ['a-23', 'a-22', 'a-19', 'a-18', 'a-15'], ['a-14', 'a-11', 'a-10', 'a-07', 'a-06'], ['a-03', 'a-02']],
  ] as const)(
    'pages through every %s alert, newest first, each once, ending with a short page',
    async (list, ...want) => {
      const db = dbOf(ALICE);
      const first = await page(db, list, 5, null);
      const second = await page(db, list, 5, first.next);
      const third = await page(db, list, 5, second.next);
      expect([first, second, third].map((p) => p.alerts.map((a) => a.id))).toEqual(want);
      expect(first.next).not.toBeNull();
      expect(third.next).toBeNull();
    },
  );

  it('refuses another user’s list, whatever the page', async () => {
    await expect(page(dbOf(BOB), 'active', 5, null)).rejects.toMatchObject({ code: 'permission-denied' });
  });
});
