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

  describe('sendMany', () => {
    const users = (counts: number[]) =>
      counts.map((n, u) => ({ userId: `u${u}`, tokens: tokens(n).map((t) => `${t}-u${u}`), payload }));

    it('packs many users’ messages into calls of 500 and hands each user their own results', async () => {
      const { fake, calls } = countingFcm();
      const requests = users([300, 150, 100, 2]);
      fake.errors.set(requests[2]?.tokens[99] ?? '', 'messaging/registration-token-not-registered');
      const results = await fcmProvider(fake).sendMany(requests);
      expect(calls).toEqual([500, 52]);
      expect(results.map((r) => r.length)).toEqual([300, 150, 100, 2]);
      expect(results[2]?.[99]).toMatchObject({ ok: false, dead: true });
      expect(results.flat().filter((r) => !r.ok)).toHaveLength(1);
      expect(fake.sent.map((m) => m.token)).toEqual(requests.flatMap((r) => r.tokens).filter((_, i) => i !== 549));
    });

    it('fails only the messages of a call that fails, and never throws', async () => {
      const { fake, calls } = countingFcm();
      const sendEach = fake.sendEach;
      fake.sendEach = async (messages, dryRun) => {
        fake.down = calls.length === 0 ? new Error('unreachable') : undefined;
        return sendEach(messages, dryRun);
      };
      const results = await fcmProvider(fake).sendMany(users([400, 200]));
      expect(calls).toEqual([500, 100]);
      expect(results[0]?.every((r) => r.error === 'FCM: unreachable')).toBe(true);
      expect(results[1]?.slice(0, 100).every((r) => r.error === 'FCM: unreachable')).toBe(true);
      expect(results[1]?.slice(100).every((r) => r.ok)).toBe(true);
    });
  });
});
