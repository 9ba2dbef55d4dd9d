// The rules for move alerts ('Moving up %', 'Moving down %', 'Change on the day'): what the form
// writes is allowed, and each thing it refuses is denied, on create and on edit.
import { assertFails, assertSucceeds, type RulesTestEnvironment } from '@firebase/rules-unit-testing';
import { Timestamp, deleteField, doc, serverTimestamp, setDoc, updateDoc } from 'firebase/firestore';
import { afterAll, beforeAll, beforeEach, describe, it } from 'vitest';
import { ALICE, BOB, createCounted, rulesEnv, validAlert } from './rules-env';

let env: RulesTestEnvironment;
const CREATED = Timestamp.fromMillis(Date.UTC(2026, 10, 1));

beforeAll(async () => {
  env = await rulesEnv('alerts-moves');
});
beforeEach(async () => {
  await env.clearFirestore();
  await env.withSecurityRulesDisabled(async (ctx) => {
    const db = ctx.firestore();
    await setDoc(doc(db, `users/${ALICE}/alerts/level`), { ...validAlert(), createdAt: CREATED });
    await setDoc(doc(db, `users/${ALICE}/alerts/move`), { ...moving(), createdAt: CREATED });
    await setDoc(doc(db, `users/${ALICE}/alerts/fired`), {
      ...moving(),
      repeat: 'every',
      armed: false,
      rearmMoveAt: 1.4,
      fireCount: 1,
      createdAt: CREATED,
    });
  });
});
afterAll(async () => {
  await env.cleanup();
});

const { triggerPrice: _level, ...base } = validAlert();
/** A 'Moving up 1.5% in 15 min' alert as the app writes it. */
const moving = (patch: Record<string, unknown> = {}) => ({
  ...base,
  alertType: 'Moving up %',
  movePercent: 1.5,
  lookbackMinutes: 15,
  moveRead: 'up:15',
  ...patch,
});
const day = (patch: Record<string, unknown> = {}) => {
  const { lookbackMinutes: _l, ...rest } = moving({
    alertType: 'Change on the day',
    direction: 'down',
    moveRead: 'down:day',
    movePercent: 2,
  });
  return { ...rest, ...patch };
};
const create = (data: Record<string, unknown>, uid = ALICE) =>
  createCounted(env.authenticatedContext(uid).firestore(), { ...data, createdAt: serverTimestamp() });
const update = (id: string, patch: Record<string, unknown>) =>
  updateDoc(doc(env.authenticatedContext(ALICE).firestore(), `users/${ALICE}/alerts/${id}`), {
    armed: true,
    rearmMoveAt: deleteField(),
    updatedAt: serverTimestamp(),
    ...patch,
  });

describe('move alert create', () => {
  it.each([
    ['up 1.5% in 15 min', moving()],
    [
      'down 0.25% in 5 min',
      moving({ alertType: 'Moving down %', movePercent: 0.25, lookbackMinutes: 5, moveRead: 'down:5' }),
    ],
    ['up in 1 h', moving({ lookbackMinutes: 60, moveRead: 'up:60' })],
    ['up in 24 h', moving({ lookbackMinutes: 1440, moveRead: 'up:1440' })],
    ['the largest threshold, 50%', moving({ movePercent: 50 })],
    ['a small threshold', moving({ movePercent: 0.01 })],
    ['down 2% on the day', day()],
    ['up on the day', day({ direction: 'up', moveRead: 'up:day' })],
    [
      'every time, with a note and an expiry',
      moving({ repeat: 'every', note: 'breakout', expiresAt: Date.now() + 86_400_000 }),
    ],
  ])('allows %s', async (_label, data) => {
    await assertSucceeds(create(data));
  });

  it.each([
    ['another user’s', moving({ userId: BOB }), BOB],
    ['a threshold of 0', moving({ movePercent: 0 })],
    ['a threshold under a hundredth of a per cent', moving({ movePercent: 0.009 })],
    ['a negative threshold', moving({ movePercent: -1 })],
    ['a threshold over 50%', moving({ movePercent: 50.01 })],
    ['a threshold that is not a number', moving({ movePercent: Number.NaN })],
    ['a threshold as text', moving({ movePercent: '1.5' })],
    ['an infinite threshold', moving({ movePercent: Number.POSITIVE_INFINITY })],
    ['no threshold', moving({ movePercent: undefined })],
    ['a lookback not offered', moving({ lookbackMinutes: 30, moveRead: 'up:30' })],
    ['a moving alert without a lookback', moving({ lookbackMinutes: undefined, moveRead: 'up:' })],
    ['a read of another lookback', moving({ moveRead: 'up:60' })],
    ['a read of the other direction', moving({ moveRead: 'down:15' })],
    ['no read', moving({ moveRead: undefined })],
    ['a moving alert with a direction', moving({ direction: 'up' })],
    ['a move with a trigger price too', moving({ triggerPrice: 1.09 })],
    ['a day alert without a direction', day({ direction: undefined, moveRead: 'up:day' })],
    ['a day alert with a lookback', day({ lookbackMinutes: 15 })],
    ['an unknown direction', day({ direction: 'sideways', moveRead: 'sideways:day' })],
    ['a level type with a threshold', { ...validAlert(), movePercent: 1 }],
    ['an unknown move type', moving({ alertType: 'Moving sideways %' })],
    ['the server’s re-arm level', moving({ rearmMoveAt: 1 })],
    ['the server’s fired move', moving({ firedMove: { percent: 2, from: 1, fromAt: 0 } })],
  ])('denies %s', async (_label, data, uid = ALICE) => {
    const clean = Object.fromEntries(Object.entries(data).filter(([, v]) => v !== undefined));
    await assertFails(create(clean, uid));
  });
});

describe('move alert edit', () => {
  it.each([
    ['a new threshold', 'move', { movePercent: 2 }],
    ['a new lookback', 'move', { lookbackMinutes: 60, moveRead: 'up:60' }],
    [
      'to a day’s change',
      'move',
      { alertType: 'Change on the day', lookbackMinutes: deleteField(), direction: 'up', moveRead: 'up:day' },
    ],
    [
      'a level to a move',
      'level',
      {
        alertType: 'Moving down %',
        triggerPrice: deleteField(),
        movePercent: 1,
        lookbackMinutes: 5,
        moveRead: 'down:5',
      },
    ],
    [
      'a move to a level',
      'move',
      {
        alertType: 'Price rising above',
        triggerPrice: 1.1,
        movePercent: deleteField(),
        lookbackMinutes: deleteField(),
        moveRead: deleteField(),
      },
    ],
    ['a fired every-time alert, re-armed by the edit', 'fired', { movePercent: 1 }],
  ])('allows %s', async (_label, id, patch) => {
    await assertSucceeds(update(id, patch));
  });

  it.each([
    ['a threshold of 0', 'move', { movePercent: 0 }],
    ['a threshold over 50%', 'move', { movePercent: 51 }],
    ['a lookback whose read is not changed with it', 'move', { lookbackMinutes: 60 }],
    [
      'a level to a move keeping its trigger price',
      'level',
      { alertType: 'Moving up %', movePercent: 1, lookbackMinutes: 5, moveRead: 'up:5' },
    ],
    ['a move to a level keeping its threshold', 'move', { alertType: 'Price rising above', triggerPrice: 1.1 }],
    ['an edit that leaves the re-arm level', 'fired', { movePercent: 1, rearmMoveAt: 1.4 }],
  ])('denies %s', async (_label, id, patch) => {
    await assertFails(update(id, patch));
  });
});
