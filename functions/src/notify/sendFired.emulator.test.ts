// A long run's sending against the Firestore and Auth emulators and the local mail sink: what fired
// leaves while the rest still fires, and what the run created without reporting its commit, at its end.
import { pathFromInterval } from '@price-alerts/domain/alerts';
import { Timestamp } from 'firebase-admin/firestore';
import { describe, expect, it } from 'vitest';
import { fireAlerts } from '../evaluation/fire';
import { createDelivery } from '../repositories/deliveries';
import { seedAlerts } from '../testing/emulatorApp';
import { fakeFcm } from '../testing/fakeFcm';
import { interval } from '../testing/intervals';
import { mailSuite, testSender } from '../testing/sender';
import { FLUSH_MS, sendFired } from './sendFired';

const suite = mailSuite('demo-send-fired', ['ann', 'ben']);

const sender = () =>
  testSender(suite.t, { sinkUrl: suite.sink.url, fcm: fakeFcm(), owner: 'flush-test', now: Date.now });
const mailedTo = async (uid: string) => {
  const { email } = await suite.t.auth.getUser(uid);
  return suite.sink.mails.filter((m) => m.to.includes(email ?? '-')).length;
};
/** Polls `check` until it holds, for at most `ms`. */
async function until(check: () => Promise<boolean>, ms: number): Promise<boolean> {
  const end = Date.now() + ms;
  while (Date.now() < end) {
    if (await check()) return true;
    await new Promise((resolve) => setTimeout(resolve, 50));
  }
  return check();
}

describe('a run that fires for longer than a flush', () => {
  it('sends what fired first while it goes on, and the rest of what it created when it ends', async () => {
    const [ann = '', ben = ''] = suite.users;
    const { t } = suite;
    await seedAlerts(t.db, [{ uid: ann, id: 'first', type: 'Price rising above', trigger: 1.1 }]);
    const path = pathFromInterval(interval(Date.now() - 2_000, { first: 1.09, low: 1.09, high: 1.2, last: 1.2 }, 1.09));
    let annToldDuringRun = false;
    await sendFired(sender(), async () => {
      await fireAlerts(t.db, [`users/${ann}/alerts/first`], path);
      // Ben's delivery is committed by code that does not report it (as the expiry run's): sent at the end.
      const held = t.db.batch();
      createDelivery(held, t.db, {
        userId: ben,
        alertId: 'late',
        currencyPair: 'EUR/USD',
        alertType: 'Price rising above',
        triggerPrice: 1.1,
        triggeredPrice: 1.2,
        triggeredAt: Timestamp.fromMillis(Date.now()),
        channels: { email: { state: 'pending', attempts: 0 } },
        dueAt: Date.now(),
      });
      annToldDuringRun = await until(async () => (await mailedTo(ann)) === 1, FLUSH_MS * 3);
      await held.commit();
    });
    expect(annToldDuringRun).toBe(true);
    expect([await mailedTo(ann), await mailedTo(ben)]).toEqual([1, 1]);
    const late = (await t.db.collection('deliveries').where('alertId', '==', 'late').get()).docs[0];
    expect(late?.get('channels.email.state')).toBe('sent');
    expect(late?.get('lease')).toBeUndefined();
  });
});
