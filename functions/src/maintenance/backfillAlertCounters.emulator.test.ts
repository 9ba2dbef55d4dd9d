// The one-off counter backfill against the Firestore emulator.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { seedAlerts, testApp, type TestApp } from '../testing/emulatorApp';
import { backfillAlertCounters } from './backfillAlertCounters';

let t: TestApp;
beforeAll(async () => {
  t = await testApp('demo-backfill');
});
afterAll(() => t.close());

describe('backfillAlertCounters', () => {
  it('sets each account’s counter to the alerts it holds, and changes nothing when run again', async () => {
    const alerts = (uid: string, n: number) =>
      Array.from({ length: n }, (_, i) => ({ uid, id: `${uid}-${i}`, type: 'Price reaching' as const, trigger: 1 }));
    await seedAlerts(t.db, [...alerts('legacy', 7), ...alerts('drifted', 3), ...alerts('right', 2)]);
    await t.db.doc('users/drifted/counters/alerts').set({ count: 1, lastAlertId: 'drifted-2' });
    await t.db.doc('users/right/counters/alerts').set({ count: 2, lastAlertId: 'right-1' });
    await t.db.doc('users/no-alerts').set({ fullName: 'No Alerts' });

    expect(await backfillAlertCounters(t.db)).toEqual({ accounts: 4, updated: 3 });
    const counter = async (uid: string) => (await t.db.doc(`users/${uid}/counters/alerts`).get()).data();
    expect(await counter('legacy')).toEqual({ count: 7, lastAlertId: '' });
    expect(await counter('drifted')).toEqual({ count: 3, lastAlertId: 'drifted-2' });
    expect(await counter('right')).toEqual({ count: 2, lastAlertId: 'right-1' });
    expect(await counter('no-alerts')).toEqual({ count: 0, lastAlertId: '' });

    expect(await backfillAlertCounters(t.db)).toEqual({ accounts: 4, updated: 0 });
  });
});
