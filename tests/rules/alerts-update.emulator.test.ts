import { assertFails, assertSucceeds, type RulesTestEnvironment } from '@firebase/rules-unit-testing';
import { Timestamp, doc, serverTimestamp, setDoc, updateDoc } from 'firebase/firestore';
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
  ])('denies a toggle %s', async (_label, alertId, patch) => {
    await assertFails(update(ALICE, alertId, patch));
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
  ])('denies editing %s', async (_label, alertId, patch) => {
    await assertFails(update(ALICE, alertId, patch));
  });
  it('denies another user editing', async () => {
    await assertFails(update(BOB, 'active', { triggerPrice: 1.2, ...now() }));
  });
});
