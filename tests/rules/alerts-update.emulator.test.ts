import { assertFails, assertSucceeds, type RulesTestEnvironment } from '@firebase/rules-unit-testing';
import { Timestamp, deleteField, doc, serverTimestamp, setDoc, updateDoc } from 'firebase/firestore';
import { afterAll, beforeAll, beforeEach, describe, it } from 'vitest';
import { ALICE, BOB, rulesEnv, validAlert } from './rules-env';

let env: RulesTestEnvironment;
const CREATED = Timestamp.fromMillis(Date.UTC(2026, 10, 1));

beforeAll(async () => {
  env = await rulesEnv('alerts-update');
});
beforeEach(async () => {
  await env.clearFirestore();
  await env.withSecurityRulesDisabled(async (ctx) => {
    const db = ctx.firestore();
    for (const status of ['active', 'paused', 'triggered', 'cancelled']) {
      await setDoc(doc(db, `users/${ALICE}/alerts/${status}`), { ...validAlert(), status, createdAt: CREATED });
    }
    // An every-time alert that fired and waits to re-arm, and one the runaway guard paused.
    await setDoc(doc(db, `users/${ALICE}/alerts/disarmed`), {
      ...validAlert(),
      ...EVERY,
      armed: false,
      rearmBelow: 1.0914,
      fireCount: 2,
      lastFiredAt: Date.UTC(2026, 10, 2),
      createdAt: CREATED,
      expiresAt: Date.UTC(2026, 0, 1),
    });
    await setDoc(doc(db, `users/${ALICE}/alerts/runaway`), {
      ...validAlert(),
      ...EVERY,
      status: 'paused',
      pauseReason: 'runaway',
      createdAt: CREATED,
    });
    // One snoozed for an hour from a push (actions/).
    await setDoc(doc(db, `users/${ALICE}/alerts/snoozed`), {
      ...validAlert(),
      ...EVERY,
      status: 'paused',
      pauseReason: 'snoozed',
      snoozedUntil: Date.UTC(2030, 0, 1),
      createdAt: CREATED,
    });
  });
});
afterAll(async () => {
  await env.cleanup();
});

function update(uid: string | null, alertId: string, patch: Record<string, unknown>) {
  const ctx = uid ? env.authenticatedContext(uid) : env.unauthenticatedContext();
  return updateDoc(doc(ctx.firestore(), `users/${ALICE}/alerts/${alertId}`), patch);
}

const now = () => ({ updatedAt: serverTimestamp() });
const EVERY = { repeat: 'every', cooldownMinutes: 15, rearmPercent: 0.1 };
/** What the app writes with every edit: armed again, the server's re-arm state cleared. */
const afresh = () => ({
  armed: true,
  rearmBelow: deleteField(),
  rearmAbove: deleteField(),
  armAt: deleteField(),
  pauseReason: deleteField(),
  ...now(),
});

describe('alert update: pause and resume', () => {
  it('lets the owner pause an active alert', async () => {
    await assertSucceeds(update(ALICE, 'active', { status: 'paused', ...now() }));
  });
  it('lets the owner resume a paused alert', async () => {
    await assertSucceeds(update(ALICE, 'paused', { status: 'active', ...now() }));
  });
  it.each([
    ['another user', BOB],
    ['a signed-out visitor', null],
  ])('denies %s', async (_label, uid) => {
    await assertFails(update(uid, 'active', { status: 'paused', ...now() }));
  });
  it.each<[string, string, Record<string, unknown>]>([
    ['without updatedAt', 'active', { status: 'paused' }],
    ['with a client-set updatedAt', 'active', { status: 'paused', updatedAt: Timestamp.now() }],
    ['to triggered', 'active', { status: 'triggered', ...now() }],
    ['to cancelled', 'paused', { status: 'cancelled', ...now() }],
    ['to an unknown status', 'active', { status: 'snoozed', ...now() }],
    ['back from triggered', 'triggered', { status: 'active', ...now() }],
    ['back from cancelled', 'cancelled', { status: 'paused', ...now() }],
    ['setting a pause reason', 'active', { status: 'paused', pauseReason: 'runaway', ...now() }],
    ['resuming a runaway pause but keeping its reason', 'runaway', { status: 'active', ...now() }],
    ['disarming the alert', 'active', { status: 'paused', armed: false, ...now() }],
    ['snoozing it itself', 'active', { status: 'paused', pauseReason: 'snoozed', snoozedUntil: 1, ...now() }],
    ['resuming a snooze but keeping its end', 'snoozed', { status: 'active', pauseReason: deleteField(), ...now() }],
    ['moving a snooze’s end', 'snoozed', { snoozedUntil: Date.UTC(2031, 0, 1), ...now() }],
  ])('denies a toggle %s', async (_label, alertId, patch) => {
    await assertFails(update(ALICE, alertId, patch));
  });
  it('lets the owner resume an alert the runaway guard paused, clearing the reason', async () => {
    await assertSucceeds(update(ALICE, 'runaway', { status: 'active', pauseReason: deleteField(), ...now() }));
  });
  it('lets the owner resume a snoozed alert early, clearing the reason and the snooze’s end', async () => {
    await assertSucceeds(
      update(ALICE, 'snoozed', { status: 'active', pauseReason: deleteField(), snoozedUntil: deleteField(), ...now() }),
    );
  });
  it('lets the owner pause an every-time alert waiting to re-arm, which stays disarmed', async () => {
    await assertSucceeds(update(ALICE, 'disarmed', { status: 'paused', ...now() }));
  });
});

describe('alert update: edit', () => {
  it.each<[string, string, Record<string, unknown>]>([
    ['the trigger price of an active alert', 'active', { triggerPrice: 1.1, ...now() }],
    [
      'every editable field of a paused alert',
      'paused',
      {
        currencyPair: 'XAU/USD',
        alertType: 'Price reaching',
        triggerPrice: 2750.5,
        notificationPreferences: { email: false, push: true },
        note: 'Gold at the range top',
        ...now(),
      },
    ],
    ['the note alone, to 140 characters', 'active', { note: 'n'.repeat(140), ...now() }],
    [
      'its channels to Telegram alone',
      'active',
      { notificationPreferences: { email: false, push: false, telegram: true }, ...now() },
    ],
    [
      'its channels to Discord beside email',
      'paused',
      { notificationPreferences: { email: true, push: false, discord: true }, ...now() },
    ],
    [
      'every field of the alert model',
      'active',
      {
        priceSide: 'mid',
        ...EVERY,
        cooldownMinutes: 60,
        rearmPercent: 0.5,
        expiresAt: Date.now() + 86_400_000,
        ...afresh(),
      },
    ],
    ['a waiting every-time alert, starting it afresh', 'disarmed', { triggerPrice: 1.1, ...afresh() }],
    ['back to once and never expiring', 'disarmed', { repeat: 'once', expiresAt: deleteField(), ...afresh() }],
    ['the level of an alert whose stored expiry is past, keeping it', 'disarmed', { triggerPrice: 1.2, ...afresh() }],
    [
      'a snoozed alert, ending the snooze (it stays paused)',
      'snoozed',
      { triggerPrice: 1.1, snoozedUntil: deleteField(), ...afresh() },
    ],
  ])('lets the owner edit %s', async (_label, alertId, patch) => {
    await assertSucceeds(update(ALICE, alertId, patch));
  });
  it.each<[string, string, Record<string, unknown>]>([
    ['a triggered alert', 'triggered', { triggerPrice: 1.2, ...now() }],
    ['a cancelled alert', 'cancelled', { triggerPrice: 1.2, ...now() }],
    ['to a zero price', 'active', { triggerPrice: 0, ...now() }],
    ['to a string price', 'active', { triggerPrice: '1.2', ...now() }],
    ['to an unknown pair', 'active', { currencyPair: 'DOGE/USD', ...now() }],
    ['to an unknown type', 'active', { alertType: 'Price near', ...now() }],
    ['to no channel', 'active', { notificationPreferences: { email: false, push: false }, ...now() }],
    [
      'to no channel, Telegram and Discord off',
      'active',
      { notificationPreferences: { email: false, push: false, telegram: false, discord: false }, ...now() },
    ],
    [
      'to a Telegram choice that is not a boolean',
      'active',
      { notificationPreferences: { email: true, push: false, telegram: 'yes' }, ...now() },
    ],
    ['the owner', 'active', { userId: BOB, ...now() }],
    ['createdAt', 'active', { createdAt: Timestamp.now(), ...now() }],
    ['the evaluator field triggeredAt', 'active', { triggeredAt: Timestamp.now(), ...now() }],
    ['the evaluator field triggeredPrice', 'active', { triggeredPrice: 1.2, ...now() }],
    ['the server field cancelReason', 'active', { cancelReason: 'error', ...now() }],
    ['the server field failure', 'paused', { failure: { message: 'x', at: Timestamp.now() }, ...now() }],
    ['to a note of 141 characters', 'active', { note: 'n'.repeat(141), ...now() }],
    ['to a numeric note', 'paused', { note: 7, ...now() }],
    ['a new field', 'active', { label: 'hi', ...now() }],
    ['without updatedAt', 'active', { triggerPrice: 1.2 }],
    ['a waiting alert without re-arming it', 'disarmed', { triggerPrice: 1.1, ...now() }],
    ['a waiting alert, armed but keeping rearmBelow', 'disarmed', { triggerPrice: 1.1, armed: true, ...now() }],
    ['to disarmed', 'active', { triggerPrice: 1.1, armed: false, ...now() }],
    ['to an unknown side', 'active', { priceSide: 'last', ...now() }],
    ['to a cooldown not offered', 'active', { ...EVERY, cooldownMinutes: 30, ...now() }],
    ['to a re-arm distance of 20%', 'active', { ...EVERY, rearmPercent: 20, ...now() }],
    ['to an expiry in the past', 'active', { expiresAt: Date.now() - 1000, ...now() }],
    ['to an expiry moved to another past time', 'disarmed', { expiresAt: Date.UTC(2026, 0, 2), ...afresh() }],
    ['the server field fireCount', 'active', { fireCount: 0, ...now() }],
    ['the server field lastFiredAt', 'active', { lastFiredAt: 1, ...now() }],
    ['the server field armAt', 'active', { armAt: 1, ...now() }],
    ['the server field rearmAbove', 'active', { rearmAbove: 2, ...now() }],
    ['the server field recentFirings', 'active', { recentFirings: [1], ...now() }],
    ['to cancelReason expired', 'paused', { cancelReason: 'expired', ...now() }],
    ['a snoozed alert, keeping the snooze’s end', 'snoozed', { triggerPrice: 1.1, ...afresh() }],
  ])('denies editing %s', async (_label, alertId, patch) => {
    await assertFails(update(ALICE, alertId, patch));
  });
  it('denies another user editing', async () => {
    await assertFails(update(BOB, 'active', { triggerPrice: 1.2, ...now() }));
  });
});
