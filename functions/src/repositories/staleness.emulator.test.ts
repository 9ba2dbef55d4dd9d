// The scheduled check's outage memory against the Firestore emulator: each outage reported once.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { testApp, type TestApp } from '../testing/emulatorApp';
import { recordStaleness } from './staleness';

let t: TestApp;
beforeAll(async () => {
  t = await testApp('demo-staleness');
});
afterAll(() => t.close());

const WEDNESDAY = Date.UTC(2026, 10, 18, 12, 0);
const MIN = 60_000;

describe('recordStaleness', () => {
  it('reports an outage when it starts and when it ends, not at every run, even two runs at once', async () => {
    const quiet = [{ pair: 'EUR/USD' as const, timestamp: WEDNESDAY - 45_000 }];
    const [a, b] = await Promise.all([
      recordStaleness(t.db, quiet, WEDNESDAY),
      recordStaleness(t.db, quiet, WEDNESDAY),
    ]);
    expect([...a.started, ...b.started]).toEqual([{ pair: 'EUR/USD', lastAt: WEDNESDAY - 45_000 }]);
    // Minutes later, still quiet: nothing new.
    for (const later of [1, 2, 3]) {
      expect(await recordStaleness(t.db, quiet, WEDNESDAY + later * MIN)).toMatchObject({ started: [], ended: [] });
    }
    const back = [{ pair: 'EUR/USD' as const, timestamp: WEDNESDAY + 4 * MIN - 1_000 }];
    expect(await recordStaleness(t.db, back, WEDNESDAY + 4 * MIN)).toMatchObject({ started: [], ended: ['EUR/USD'] });
    expect((await t.db.doc('evaluator/staleness').get()).data()).toEqual({ pairs: {} });
  });
});
