// The whole server path under every fault at once, in-process against the emulators: interval
// messages delivered twice, out of order and to two evaluators at once; two senders sweeping
// together; SendGrid answering 500 before 202; FCM reporting a dead token. Afterwards every alert
// that should fire fired exactly once and was notified exactly once per chosen channel.
import { type IntervalMessage } from '@price-alerts/domain/prices';
import { pushTokenId } from '@price-alerts/domain/notify';
import { startMailSink, type MailSink } from '@price-alerts/stand-ins/mail';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { evaluatePair } from './evaluation/evaluator';
import { pathsFromInterval } from './evaluation/intervals';
import { sendDelivery } from './notify/sender';
import { dueDeliveries } from './repositories/deliveries';
import { outcome, seedAlerts, testApp, type SeedAlert, type TestApp } from './testing/emulatorApp';
import { fakeFcm } from './testing/fakeFcm';
import { interval } from './testing/intervals';
import { testSender } from './testing/sender';

const W = 1_800_000_000_000;
let t: TestApp;
let sink: MailSink;
beforeAll(async () => {
  t = await testApp('demo-pipeline');
  sink = await startMailSink();
});
afterAll(async () => {
  await sink.close();
  await t.close();
});

describe('the server path under faults', () => {
  it('fires and notifies each alert exactly once', async () => {
    const users = await Promise.all(
      [0, 1, 2].map((i) => t.auth.createUser({ email: `pipe-${i}-${Date.now()}@example.test`, emailVerified: true })),
    );
    const fcm = fakeFcm();
    for (const [i, user] of users.entries()) {
      for (const token of [`live-token-${i}`, `dead-token-${i}`])
        await t.db.doc(`users/${user.uid}/pushTokens/${await pushTokenId(token)}`).set({ token });
      fcm.errors.set(`dead-token-${i}`, 'messaging/registration-token-not-registered');
    }
    // 1.1000 -> 1.1030 over two windows; alerts from 1.0950 to 1.1090 in 0.0005 steps, every type.
    const alerts: (SeedAlert & { fires: boolean })[] = [];
    for (let k = 0; k < 29; k++) {
      const trigger = Number((1.095 + k * 0.0005).toFixed(4));
      for (const type of ['Price rising above', 'Price dropping below', 'Price reaching'] as const) {
        const user = users[(k + alerts.length) % 3];
        if (!user) throw new Error('no user');
        const fires =
          type === 'Price rising above'
            ? trigger <= 1.103
            : type === 'Price dropping below'
              ? trigger >= 1.1
              : trigger >= 1.1 && trigger <= 1.103;
        alerts.push({
          uid: user.uid,
          id: `a-${k}-${type.split(' ')[1]}`,
          type,
          trigger,
          createdAt: W - 60_000,
          email: k % 2 === 0,
          push: k % 3 !== 0,
          fires,
        });
      }
    }
    await seedAlerts(t.db, alerts);
    const first: IntervalMessage = interval(W, { first: 1.1, low: 1.1, high: 1.101, last: 1.101 }, 1.1);
    const second: IntervalMessage = interval(
      W + 1000,
      { first: 1.1015, low: 1.1012, high: 1.103, last: 1.1025 },
      1.101,
    );
    const evaluate = (m: IntervalMessage) => evaluatePair(t.db, m.pair, pathsFromInterval(m), { pageSize: 7 });
    await Promise.all([evaluate(second), evaluate(first), evaluate(second), evaluate(first)]);

    const expected = alerts
      .filter((a) => a.fires)
      .map((a) => a.id)
      .sort();
    expect(await outcome(t.db)).toEqual({ triggered: expected, deliveries: expected });

    await fetch(`${sink.url}/control/fail`, { method: 'POST', body: JSON.stringify({ status: 500, count: 3 }) });
    let clock = Date.now();
    const sender = (owner: string) => testSender(t, { sinkUrl: sink.url, fcm, owner, now: () => clock });
    for (let sweep = 0; sweep < 5; sweep++) {
      const due = await dueDeliveries(t.db, clock);
      await Promise.all(due.flatMap((id) => [sendDelivery(sender('a'), id), sendDelivery(sender('b'), id)]));
      clock += 120_000;
    }
    expect(await dueDeliveries(t.db, clock + 10_000_000)).toEqual([]);

    const byId = new Map(alerts.map((a) => [a.id, a]));
    const mailed = sink.mails.map((m) => /alert=([^\s]+)/.exec(m.text ?? '')?.[1]).sort();
    expect(mailed).toEqual(expected.filter((id) => byId.get(id)?.email));
    const pushed = fcm.sent.map((m) => m.data?.alertId).sort();
    expect(pushed).toEqual(expected.filter((id) => byId.get(id)?.push));
    expect(fcm.sent.every((m) => m.token.startsWith('live-token-'))).toBe(true);
    for (const user of users)
      expect((await t.db.collection(`users/${user.uid}/pushTokens`).get()).docs.map((d) => d.get('token'))).toEqual([
        `live-token-${users.indexOf(user)}`,
      ]);
  });
});
