// FCM batching with the typed fake of sendEach: FCM's servers are the boundary.
import { alertPush } from '@price-alerts/domain/notify';
import type { TokenMessage } from 'firebase-admin/messaging';
import { describe, expect, it } from 'vitest';
import { fakeFcm } from '../testing/fakeFcm';
import { SEND_EACH_LIMIT, fcmProvider } from './fcm';

const payload = alertPush(
  {
    alertId: 'a1',
    currencyPair: 'EUR/USD',
    alertType: 'Price rising above',
    triggerPrice: 1.1,
    triggeredPrice: 1.1001,
    triggeredAt: new Date(Date.UTC(2027, 0, 1)),
  },
  'UTC',
);
const tokens = (n: number) => Array.from({ length: n }, (_, i) => `device-token-${String(i).padStart(5, '0')}`);

/** The fake, counting the size of each sendEach call. */
function countingFcm() {
  const fake = fakeFcm();
  const calls: number[] = [];
  const sendEach = fake.sendEach.bind(fake);
  fake.sendEach = async (messages, dryRun) => {
    calls.push(messages.length);
    return sendEach(messages, dryRun);
  };
  return { fake, calls };
}

describe('fcmProvider batching', () => {
  it.each([
    [1, [1]],
    [500, [500]],
    [501, [500, 1]],
    [1001, [500, 500, 1]],
  ])('sends %d tokens in calls of %j (FCM takes at most 500)', async (n, sizes) => {
    const { fake, calls } = countingFcm();
    const results = await fcmProvider(fake).send('u1', tokens(n), payload);
    expect(calls).toEqual(sizes);
    expect(Math.max(...calls)).toBeLessThanOrEqual(SEND_EACH_LIMIT);
    expect(results).toHaveLength(n);
    expect(fake.sent.map((m) => m.token)).toEqual(tokens(n));
  });

  it('returns the results in token order across calls', async () => {
    const { fake } = countingFcm();
    const all = tokens(1001);
    fake.errors.set(all[3] ?? '', 'messaging/registration-token-not-registered');
    fake.errors.set(all[777] ?? '', 'messaging/internal-error');
    fake.errors.set(all[1000] ?? '', 'messaging/invalid-registration-token');
    const results = await fcmProvider(fake).send('u1', all, payload);
    const notOk = results.flatMap((r, i) => (r.ok ? [] : [[i, r.dead]]));
    expect(notOk).toEqual([
      [3, true],
      [777, false],
      [1000, true],
    ]);
    expect((fake.sent[0] as TokenMessage).notification).toEqual(payload.notification);
  });

  it('throws when the first call fails (nothing went out), to be retried', async () => {
    const { fake } = countingFcm();
    fake.down = new Error('unreachable');
    await expect(fcmProvider(fake).send('u1', tokens(600), payload)).rejects.toThrow(/FCM: unreachable/);
  });

  it('fails only the tokens of a later call that fails, keeping those already sent', async () => {
    const { fake, calls } = countingFcm();
    const sendEach = fake.sendEach;
    fake.sendEach = async (messages, dryRun) => {
      if (calls.length === 1) fake.down = new Error('unreachable');
      return sendEach(messages, dryRun);
    };
    const results = await fcmProvider(fake).send('u1', tokens(700), payload);
    expect(calls).toEqual([500, 200]);
    expect(results.slice(0, 500).every((r) => r.ok)).toBe(true);
    expect(results.slice(500).every((r) => !r.ok && !r.dead && r.error === 'FCM: unreachable')).toBe(true);
  });
});
