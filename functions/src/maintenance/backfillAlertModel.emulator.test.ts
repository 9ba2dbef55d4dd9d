// The one-off alert-model backfill against the Firestore emulator.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { testApp, type TestApp } from '../testing/emulatorApp';
import { backfillAlertModel } from './backfillAlertModel';

let t: TestApp;
beforeAll(async () => {
  t = await testApp('demo-backfill-model');
});
afterAll(() => t.close());

describe('backfillAlertModel', () => {
  it('gives old alerts the ask side and the armed flag, keeps newer ones as they are, and is idempotent', async () => {
    const old = {
      userId: 'a',
      currencyPair: 'EUR/USD',
      alertType: 'Price reaching',
      triggerPrice: 1,
      status: 'active',
    };
    await t.db.doc('users/a/alerts/old').set(old);
    await t.db.doc('users/a/alerts/half').set({ ...old, priceSide: 'bid' });
    await t.db.doc('users/b/alerts/new').set({ ...old, userId: 'b', priceSide: 'mid', armed: false });

    expect(await backfillAlertModel(t.db)).toEqual({ alerts: 3, updated: 2 });
    const fields = async (path: string) => {
      const d = await t.db.doc(path).get();
      return [d.get('priceSide'), d.get('armed')];
    };
    expect(await fields('users/a/alerts/old')).toEqual(['ask', true]);
    expect(await fields('users/a/alerts/half')).toEqual(['bid', true]);
    expect(await fields('users/b/alerts/new')).toEqual(['mid', false]);
    expect(await backfillAlertModel(t.db)).toEqual({ alerts: 3, updated: 0 });
  });
});
