// Actions from a push or an email against the Firestore emulator: the token's checks, the one
// transaction that applies an action once (double taps, two devices, retries), an alert that changed
// since the firing, 'Set again' within the account's cap, and the snooze's end.
import { SNOOZE_MS, type ActionPayload, type AlertAction } from '@price-alerts/domain/actions';
import { Timestamp } from 'firebase-admin/firestore';
import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { clearFirestoreProject } from '../../../tests/emulator/firestore-emulator';
import { seedAlerts, testApp, type TestApp } from '../testing/emulatorApp';
import { applyAction } from './applyAction';
import { signActionToken, verifyActionToken } from './signing';
import { SNOOZE_ENDED, resumeSnoozed } from './snoozes';

const PROJECT = 'demo-actions';
const KEY = 'test-action-signing-key-0123456789';
const U = 'trader';
const FIRED = 1_900_000_000_000;
const NOW = FIRED + 60_000;
let t: TestApp;

beforeAll(async () => {
  t = await testApp(PROJECT);
});
afterAll(async () => {
  await t.close();
});
beforeEach(async () => {
  await clearFirestoreProject(PROJECT);
});

const EVERY = { repeat: 'every', cooldownMinutes: 15, rearmPercent: 0.1, fireCount: 1, lastFiredAt: FIRED };
const ONCE_FIRED = { triggeredAt: Timestamp.fromMillis(FIRED), triggeredPrice: 1.0951 };

async function seed(id: string, status: 'active' | 'paused' | 'triggered', extra: Record<string, unknown>) {
  await seedAlerts(t.db, [
    { uid: U, id, type: 'Price rising above', trigger: 1.095, status, createdAt: FIRED - 3_600_000, extra },
  ]);
}

const token = (action: AlertAction, alertId: string, patch: Partial<ActionPayload> = {}) =>
  signActionToken(
    {
      uid: U,
      alertId,
      firedAt: FIRED,
      action,
      via: 'push',
      what: 'EUR/USD Price rising above 1.09500',
      label: 'L',
      ...patch,
    },
    KEY,
    FIRED,
  );

async function act(tokenText: string, now = NOW) {
  const check = verifyActionToken(tokenText, KEY, now);
  if (!check.ok) return { outcome: 'refused', reason: check.reason } as const;
  return applyAction(t.db, check.payload, tokenText, now);
}
const alert = async (id: string) => (await t.db.doc(`users/${U}/alerts/${id}`).get()).data() ?? {};
const history = async (id: string) =>
  (await t.db.collection(`users/${U}/alerts/${id}/history`).get()).docs.map((d) => {
    const { expireAt: _e, ...event } = d.data();
    return event;
  });

describe('the token', () => {
  it.each<[string, () => string, 'invalid' | 'expired']>([
    [
      'forged: signed with another key',
      () => signActionToken({ ...payloadOf(), action: 'pause' }, `${KEY}-other`, FIRED),
      'invalid',
    ],
    ['altered: another alert in the payload', () => swapPayload(token('pause', 'a1'), { alertId: 'a2' }), 'invalid'],
    ['altered: another user in the payload', () => swapPayload(token('pause', 'a1'), { uid: 'victim' }), 'invalid'],
    [
      'an unknown action, though signed',
      () => signActionToken({ ...payloadOf(), action: 'delete' as never }, KEY, FIRED),
      'invalid',
    ],
    ['cut short', () => token('pause', 'a1').slice(0, -3), 'invalid'],
    ['not a token', () => 'hello', 'invalid'],
    ['expired after 7 days', () => token('pause', 'a1'), 'expired'],
  ])('refuses one %s, changing nothing', async (label, make, reason) => {
    await seed('a1', 'active', EVERY);
    const now = label.startsWith('expired') ? FIRED + 7 * 86_400_000 + 1 : NOW;
    expect(await act(make(), now)).toEqual({ outcome: 'refused', reason });
    expect((await alert('a1')).status).toBe('active');
    expect(await history('a1')).toEqual([]);
  });
});

const payloadOf = () => ({ uid: U, alertId: 'a1', firedAt: FIRED, via: 'push' as const, what: 'x', label: 'L' });
/** The token with its payload changed and its signature kept, as an attacker would try. */
function swapPayload(tokenText: string, patch: Partial<ActionPayload>): string {
  const [payload, signature] = tokenText.split('.') as [string, string];
  const data = JSON.parse(Buffer.from(payload, 'base64url').toString()) as ActionPayload;
  return `${Buffer.from(JSON.stringify({ ...data, ...patch })).toString('base64url')}.${signature}`;
}

describe('snooze and pause', () => {
  it('snoozes an every-time alert for an hour, once, whatever the taps', async () => {
    await seed('a1', 'active', EVERY);
    const snooze = token('snooze', 'a1');
    const results = await Promise.all([act(snooze), act(snooze), act(snooze)]);
    expect(results.filter((r) => r.outcome === 'done')).toEqual([
      { outcome: 'done', action: 'snooze', until: NOW + SNOOZE_MS },
    ]);
    expect(results.filter((r) => r.outcome === 'used')).toHaveLength(2);
    expect(await alert('a1')).toMatchObject({
      status: 'paused',
      pauseReason: 'snoozed',
      snoozedUntil: NOW + SNOOZE_MS,
    });
    expect(await history('a1')).toEqual([{ type: 'snoozed', at: NOW, until: NOW + SNOOZE_MS, via: 'push' }]);
    // A retry a minute later says what the first tap did.
    expect(await act(snooze, NOW + 60_000)).toEqual({ outcome: 'used', action: 'snooze', until: NOW + SNOOZE_MS });
  });

  it('pauses from the email; the push’s snooze for the same firing then says it is already paused', async () => {
    await seed('a1', 'active', EVERY);
    expect(await act(token('pause', 'a1', { via: 'email' }))).toEqual({ outcome: 'done', action: 'pause' });
    expect(await act(token('snooze', 'a1'))).toEqual({ outcome: 'refused', reason: 'alreadyPaused' });
    expect(await alert('a1')).toMatchObject({ status: 'paused' });
    expect(await alert('a1')).not.toHaveProperty('pauseReason');
    expect(await history('a1')).toEqual([{ type: 'paused', at: NOW, via: 'email' }]);
  });

  it.each<[string, 'active' | 'paused' | 'triggered', Record<string, unknown>, string]>([
    ['edited after the firing', 'active', { ...EVERY, updatedAt: Timestamp.fromMillis(FIRED + 1) }, 'changed'],
    [
      're-created under the same id after it',
      'active',
      { ...EVERY, createdAt: Timestamp.fromMillis(FIRED + 5) },
      'changed',
    ],
    ['already paused by the user', 'paused', EVERY, 'alreadyPaused'],
    ['ended', 'triggered', ONCE_FIRED, 'ended'],
  ])('leaves an alert %s as it is, and says so', async (_label, status, extra, reason) => {
    await seed('a1', status, extra);
    const before = await alert('a1');
    expect(await act(token('snooze', 'a1'))).toEqual({ outcome: 'refused', reason });
    expect(await alert('a1')).toEqual(before);
  });

  it('says a deleted alert no longer exists', async () => {
    expect(await act(token('pause', 'gone'))).toEqual({ outcome: 'refused', reason: 'missing' });
    expect((await t.db.collection(`users/${U}/alerts`).get()).size).toBe(0);
  });
});

describe('set again', () => {
  it('makes one new active alert with the same settings, its level half a per cent further', async () => {
    await seed('a1', 'triggered', { ...ONCE_FIRED, note: 'Range top', expiresAt: NOW + 86_400_000 });
    await t.db.doc(`users/${U}/counters/alerts`).set({ count: 7, lastAlertId: 'a1' });
    const further = token('further', 'a1', { via: 'email' });
    const [first, second] = await Promise.all([act(further), act(further)]);
    const done = [first, second].find((r) => r?.outcome === 'done');
    expect([first?.outcome, second?.outcome].sort()).toEqual(['done', 'used']);
    const id = done && 'newAlertId' in done ? (done.newAlertId as string) : '';
    expect(await alert(id)).toMatchObject({
      userId: U,
      currencyPair: 'EUR/USD',
      alertType: 'Price rising above',
      triggerPrice: 1.10048,
      status: 'active',
      armed: true,
      note: 'Range top',
      expiresAt: NOW + 86_400_000,
      notificationPreferences: { email: true, push: true },
    });
    expect((await t.db.doc(`users/${U}/counters/alerts`).get()).data()).toEqual({ count: 8, lastAlertId: id });
    expect(await history('a1')).toEqual([{ type: 'set_again', at: NOW, via: 'email', newAlertId: id }]);
  });

  it('sets a firing again once, from the push or the email, whichever buttons are tapped', async () => {
    await seed('a1', 'triggered', ONCE_FIRED);
    const fromPush = await act(token('again', 'a1'));
    const fromEmail = await act(token('further', 'a1', { via: 'email' }));
    const made = fromPush.outcome === 'done' ? fromPush.newAlertId : '';
    expect(fromEmail).toEqual({ outcome: 'used', action: 'further', newAlertId: made });
    expect((await t.db.collection(`users/${U}/alerts`).get()).size).toBe(2);
    expect((await alert('a1')).setAgain).toBe(made);
  });

  it('refuses at the account’s 200 alerts, and for an alert not ended', async () => {
    await seed('a1', 'triggered', ONCE_FIRED);
    await seed('a2', 'active', {});
    await t.db.doc(`users/${U}/counters/alerts`).set({ count: 200, lastAlertId: 'a1' });
    expect(await act(token('again', 'a1'))).toEqual({ outcome: 'refused', reason: 'limit' });
    expect(await act(token('again', 'a2'))).toEqual({ outcome: 'refused', reason: 'notEnded' });
    expect((await t.db.collection(`users/${U}/alerts`).get()).size).toBe(2);
  });
});

describe('the snooze’s end', () => {
  const until = NOW + SNOOZE_MS;
  const snoozed = { ...EVERY, pauseReason: 'snoozed', snoozedUntil: until };

  it('makes a snoozed alert active again from its end, once, and leaves one not due', async () => {
    await seed('due', 'paused', snoozed);
    await seed('later', 'paused', { ...snoozed, snoozedUntil: until + 60_000 });
    expect(await resumeSnoozed(t.db, until)).toMatchObject({ resumed: 1, failed: 0 });
    expect(await alert('due')).toMatchObject({ status: 'active', resumedAt: until });
    expect(await alert('due')).not.toHaveProperty('pauseReason');
    expect(await alert('due')).not.toHaveProperty('snoozedUntil');
    expect(await history('due')).toEqual([{ type: 'resumed', at: until, reason: SNOOZE_ENDED }]);
    expect((await alert('later')).status).toBe('paused');
    expect(await resumeSnoozed(t.db, until)).toMatchObject({ resumed: 0 });
  });

  it('leaves an alert the user resumed and paused again, or edited, during the snooze as the user left it', async () => {
    // Resumed early (the snooze cleared), then paused by hand: the job does not resume it.
    await seed('repaused', 'paused', { ...EVERY, updatedAt: Timestamp.fromMillis(NOW + 60_000) });
    await seed('edited', 'paused', { ...EVERY, triggerPrice: 1.1, updatedAt: Timestamp.fromMillis(NOW + 60_000) });
    expect(await resumeSnoozed(t.db, until)).toMatchObject({ resumed: 0 });
    expect([(await alert('repaused')).status, (await alert('edited')).status]).toEqual(['paused', 'paused']);
  });

  it('makes an old link of the same firing stale once the snooze has ended', async () => {
    await seed('due', 'paused', snoozed);
    await resumeSnoozed(t.db, until);
    expect(await act(token('pause', 'due', { via: 'email' }), until + 1_000)).toEqual({
      outcome: 'refused',
      reason: 'changed',
    });
  });
});
