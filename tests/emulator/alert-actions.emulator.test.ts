// The applyAlertAction callable on the Functions emulator, as the confirm page and the service
// worker call it: signed out, it does what a valid token says; signed in as someone else, a bad or
// huge token, or no token at all, it refuses with a result (never an error) and changes nothing.
import { deleteApp, initializeApp, type App } from 'firebase-admin/app';
import { Timestamp, getFirestore, type Firestore } from 'firebase-admin/firestore';
import { randomBytes } from 'node:crypto';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { signActionToken } from '../../functions/src/actions/signing';
import { localSecret } from '../../scripts/lib/local-secrets.mjs';
import { callFunction, createTestUser, type TestUser } from './auth-emulator';

const KEY = localSecret(join(import.meta.dirname, '..', '..', 'functions'), 'ACTION_SIGNING_KEY');
let app: App;
let db: Firestore;
let owner: TestUser;
let other: TestUser;

beforeAll(async () => {
  app = initializeApp({ projectId: 'demo-price-alerts' }, 'alert-actions-test');
  db = getFirestore(app);
  [owner, other] = await Promise.all([createTestUser('actions-owner'), createTestUser('actions-other')]);
});
afterAll(async () => {
  await db.recursiveDelete(db.doc(`users/${owner.uid}`));
  await deleteApp(app);
});

async function everyTimeAlert(id: string, firedAt: number): Promise<void> {
  await db.doc(`users/${owner.uid}/alerts/${id}`).set({
    userId: owner.uid,
    currencyPair: 'EUR/USD',
    alertType: 'Price rising above',
    triggerPrice: 1.095,
    priceSide: 'ask',
    status: 'active',
    armed: false,
    rearmBelow: 1.0939,
    repeat: 'every',
    cooldownMinutes: 15,
    rearmPercent: 0.1,
    fireCount: 1,
    lastFiredAt: firedAt,
    notificationPreferences: { email: true, push: true },
    createdAt: Timestamp.fromMillis(firedAt - 60_000),
  });
}

const sign = (alertId: string, firedAt: number, action: 'snooze' | 'pause' = 'snooze') =>
  signActionToken(
    {
      uid: owner.uid,
      alertId,
      firedAt,
      action,
      via: 'push',
      what: 'EUR/USD Price rising above 1.09500',
      label: 'Snooze 1 h',
    },
    KEY,
    Date.now(),
  );

describe('applyAlertAction', () => {
  it('snoozes from a device where nobody is signed in, and says it was already done on a second tap', async () => {
    const firedAt = Date.now() - 5_000;
    await everyTimeAlert('callable-snooze', firedAt);
    const token = sign('callable-snooze', firedAt);
    const first = await callFunction('applyAlertAction', { token });
    expect(first.body.result).toMatchObject({ outcome: 'done', action: 'snooze' });
    const second = await callFunction('applyAlertAction', { token });
    expect(second.body.result).toMatchObject({ outcome: 'used', action: 'snooze' });
    expect((await db.doc(`users/${owner.uid}/alerts/callable-snooze`).get()).data()).toMatchObject({
      status: 'paused',
      pauseReason: 'snoozed',
    });
  });

  it.each<[string, () => unknown, () => string | undefined, string]>([
    [
      'signed in as another user',
      () => ({ token: sign('callable-other', Date.now() - 5_000) }),
      () => other.idToken,
      'otherAccount',
    ],
    [
      'with an altered token',
      () => ({ token: `${sign('callable-other', Date.now() - 5_000)}x` }),
      () => undefined,
      'invalid',
    ],
    ['with a huge token', () => ({ token: 'a'.repeat(100_000) }), () => undefined, 'invalid'],
    ['with no token', () => ({}), () => undefined, 'invalid'],
    ['with nothing at all', () => null, () => undefined, 'invalid'],
  ])('refuses a call %s, changing nothing', async (_label, data, idToken, reason) => {
    await everyTimeAlert('callable-other', Date.now() - 5_000);
    const { status, body } = await callFunction('applyAlertAction', data(), idToken());
    expect([status, body.result]).toEqual([200, { outcome: 'refused', reason }]);
    expect((await db.doc(`users/${owner.uid}/alerts/callable-other`).get()).get('status')).toBe('active');
  });

  it('previews a token for the confirm page, changing nothing, and refuses to preview a forged one', async () => {
    const firedAt = Date.now() - 5_000;
    await everyTimeAlert('callable-preview', firedAt);
    const token = sign('callable-preview', firedAt);
    expect((await callFunction('applyAlertAction', { token, preview: true })).body.result).toEqual({
      outcome: 'preview',
      action: 'snooze',
      what: 'EUR/USD Price rising above 1.09500',
      label: 'Snooze 1 h',
    });
    expect((await db.doc(`users/${owner.uid}/alerts/callable-preview`).get()).get('status')).toBe('active');
    const forged = `${token.split('.')[0]}.${'A'.repeat(43)}`;
    expect((await callFunction('applyAlertAction', { token: forged, preview: true })).body.result).toEqual({
      outcome: 'refused',
      reason: 'invalid',
    });
    // Only `preview: true` previews; any other shape is refused, and acts on nothing.
    for (const shape of [
      { token, preview: 'yes' },
      { token, preview: 1 },
      { token, extra: true },
    ])
      expect((await callFunction('applyAlertAction', shape)).body.result).toEqual({
        outcome: 'refused',
        reason: 'invalid',
      });
    expect((await db.doc(`users/${owner.uid}/alerts/callable-preview`).get()).get('status')).toBe('active');
    // The preview used nothing: the token still acts.
    expect((await callFunction('applyAlertAction', { token })).body.result).toMatchObject({ outcome: 'done' });
    // Used, its preview says what it did, so the page offers no button that could only say so after a tap.
    expect((await callFunction('applyAlertAction', { token, preview: true })).body.result).toMatchObject({
      outcome: 'used',
      action: 'snooze',
      until: expect.any(Number),
    });
  });

  it('lets the owner, signed in, act with their own token', async () => {
    const firedAt = Date.now() - 5_000;
    await everyTimeAlert('callable-own', firedAt);
    const { body } = await callFunction(
      'applyAlertAction',
      { token: sign('callable-own', firedAt, 'pause') },
      owner.idToken,
    );
    expect(body.result).toEqual({ outcome: 'done', action: 'pause' });
  });

  it('tells an address past 120 bad tokens a minute, and an account past 30 calls, to wait; others go on', async () => {
    // Fresh keys each run: a worker the emulator keeps keeps its counts.
    const address = (n: number) => `2001:db8:${randomBytes(2).toString('hex')}:${n}::1`;
    const [flooding, elsewhere] = [address(1), address(2)];
    const forged = `${sign('any', Date.now()).split('.')[0]}.${'A'.repeat(43)}`;
    const from = async (ip: string, token: string) =>
      (await callFrom(ip, { token, preview: true })).result as { outcome: string; reason?: string };
    for (let i = 0; i < 120; i++)
      expect(await from(flooding, forged)).toEqual({ outcome: 'refused', reason: 'invalid' });
    expect(await from(flooding, forged)).toEqual({ outcome: 'refused', reason: 'tooMany' });
    expect(await from(elsewhere, forged)).toEqual({ outcome: 'refused', reason: 'invalid' });
    // One account's valid links, each from an address of its own: the 31st in the minute waits.
    const account = (uid: string) =>
      signActionToken(
        { uid, alertId: 'a', firedAt: 1, action: 'pause', via: 'email', what: 'EUR/USD', label: 'Pause' },
        KEY,
        Date.now(),
      );
    // A valid link is never refused for its address: a shared one must not lock anyone out.
    const busy = account(`busy-${randomBytes(4).toString('hex')}`);
    expect(await from(flooding, busy)).toMatchObject({ outcome: 'preview' });
    for (let i = 1; i < 30; i++) expect(await from(address(100 + i), busy)).toMatchObject({ outcome: 'preview' });
    expect(await from(address(200), busy)).toEqual({ outcome: 'refused', reason: 'tooMany' });
    const calm = account(`calm-${randomBytes(4).toString('hex')}`);
    expect(await from(address(201), calm)).toMatchObject({ outcome: 'preview' });
  });
});

/** A call as Google's front end passes it on, with the caller's address appended to X-Forwarded-For. */
async function callFrom(address: string, data: unknown): Promise<{ result?: unknown }> {
  const host = process.env.FUNCTIONS_EMULATOR_HOST ?? '127.0.0.1:5001';
  const res = await fetch(`http://${host}/demo-price-alerts/us-central1/applyAlertAction`, {
    method: 'POST',
    headers: { 'content-type': 'application/json', 'x-forwarded-for': `10.9.9.9, ${address}` },
    body: JSON.stringify({ data }),
  });
  return (await res.json()) as { result?: unknown };
}
