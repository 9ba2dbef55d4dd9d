import { assertFails, assertSucceeds, type RulesTestEnvironment } from '@firebase/rules-unit-testing';
import { ALERT_TYPES, CURRENCY_PAIRS } from '@price-alerts/domain/common';
import { Timestamp, addDoc, collection, serverTimestamp } from 'firebase/firestore';
import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { ALICE, BOB, createCounted, rulesEnv, validAlert } from './rules-env';

let env: RulesTestEnvironment;

beforeAll(async () => {
  env = await rulesEnv('alerts-create');
});
beforeEach(async () => {
  await env.clearFirestore();
});
afterAll(async () => {
  await env.cleanup();
});

/** As the app creates an alert: with the counter's +1 in the same batch (see alerts-cap for the cap). */
function create(uid: string | null, data: Record<string, unknown>, owner = ALICE) {
  const ctx = uid ? env.authenticatedContext(uid) : env.unauthenticatedContext();
  return createCounted(ctx.firestore(), data, owner);
}

const withTime = (patch: Record<string, unknown> = {}): Record<string, unknown> => ({
  ...validAlert(),
  createdAt: serverTimestamp(),
  ...patch,
});
const without = (key: string) => Object.fromEntries(Object.entries(withTime()).filter(([k]) => k !== key));

describe('alert create: who', () => {
  it('lets the owner create a valid alert', async () => {
    await assertSucceeds(create(ALICE, withTime()));
  });
  it('denies another user writing into the owner’s alerts', async () => {
    await assertFails(create(BOB, withTime()));
  });
  it('denies a signed-out visitor', async () => {
    await assertFails(create(null, withTime()));
  });
  it('denies the owner a valid alert written without the counter', async () => {
    await assertFails(
      addDoc(collection(env.authenticatedContext(ALICE).firestore(), `users/${ALICE}/alerts`), withTime()),
    );
  });
});

describe('alert create: valid documents', () => {
  it.each(CURRENCY_PAIRS)('accepts pair %s', async (currencyPair) => {
    await assertSucceeds(create(ALICE, withTime({ currencyPair })));
  });
  it.each(ALERT_TYPES)('accepts type %s', async (alertType) => {
    await assertSucceeds(create(ALICE, withTime({ alertType })));
  });
  it.each([
    ['email only', { email: true, push: false }],
    ['push only', { email: false, push: true }],
    ['both', { email: true, push: true }],
    ['Telegram only', { email: false, push: false, telegram: true }],
    ['Discord only', { email: false, push: false, discord: true }],
    ['all four', { email: true, push: true, telegram: true, discord: true }],
    ['email, Telegram and Discord off', { email: true, push: false, telegram: false, discord: false }],
  ])('accepts notifications by %s', async (_label, notificationPreferences) => {
    await assertSucceeds(create(ALICE, withTime({ notificationPreferences })));
  });
  it.each([
    ['a short note', 'Take profit here'],
    ['a note of 140 characters', 'n'.repeat(140)],
    ['an empty note', ''],
  ])('accepts %s', async (_label, note) => {
    await assertSucceeds(create(ALICE, withTime({ note })));
  });
  it.each(['ask', 'bid', 'mid'])('accepts the %s side', async (priceSide) => {
    await assertSucceeds(create(ALICE, withTime({ priceSide })));
  });
  it.each([
    ['repeating every time with the defaults', { repeat: 'every' }],
    ['repeating once, said explicitly', { repeat: 'once' }],
    ['a cooldown of 1 minute', { repeat: 'every', cooldownMinutes: 1 }],
    ['a cooldown of 1 day', { repeat: 'every', cooldownMinutes: 1440 }],
    ['a re-arm distance of 0.01%', { repeat: 'every', rearmPercent: 0.01 }],
    ['a re-arm distance of 10%', { repeat: 'every', rearmPercent: 10 }],
    ['an expiry in an hour', { expiresAt: Date.now() + 3_600_000 }],
    ['an expiry in 300 days', { expiresAt: Date.now() + 300 * 86_400_000 }],
  ])('accepts %s', async (_label, patch) => {
    await assertSucceeds(create(ALICE, withTime(patch)));
  });
  it.each([0.00001, 1, 64000, 999_999_999])('accepts price %d', async (triggerPrice) => {
    await assertSucceeds(create(ALICE, withTime({ triggerPrice })));
  });
});

const invalid: [string, Record<string, unknown>][] = [
  ['a foreign userId', withTime({ userId: BOB })],
  ['no userId', without('userId')],
  ['an empty userId', withTime({ userId: '' })],
  ['a numeric userId', withTime({ userId: 42 })],
  ['an unknown pair', withTime({ currencyPair: 'DOGE/USD' })],
  ['a pair without the slash', withTime({ currencyPair: 'EURUSD' })],
  ['a lower-case pair', withTime({ currencyPair: 'eur/usd' })],
  ['an empty pair', withTime({ currencyPair: '' })],
  ['a numeric pair', withTime({ currencyPair: 1 })],
  ['no pair', without('currencyPair')],
  ['an unknown side', withTime({ priceSide: 'last' })],
  ['a numeric side', withTime({ priceSide: 1 })],
  ['no side', without('priceSide')],
  ['no armed flag', without('armed')],
  ['an alert created disarmed', withTime({ armed: false })],
  ['a string armed flag', withTime({ armed: 'true' })],
  ['an unknown repeat', withTime({ repeat: 'twice' })],
  ['a cooldown not offered', withTime({ repeat: 'every', cooldownMinutes: 2 })],
  ['a string cooldown', withTime({ repeat: 'every', cooldownMinutes: '15' })],
  ['a re-arm distance of 0', withTime({ repeat: 'every', rearmPercent: 0 })],
  ['a re-arm distance of 11%', withTime({ repeat: 'every', rearmPercent: 11 })],
  ['a string re-arm distance', withTime({ repeat: 'every', rearmPercent: '0.1' })],
  ['an expiry in the past', withTime({ expiresAt: Date.now() - 60_000 })],
  ['an expiry two years ahead', withTime({ expiresAt: Date.now() + 730 * 86_400_000 })],
  ['a fractional expiry', withTime({ expiresAt: Date.now() + 3_600_000.5 })],
  ['an expiry as a timestamp', withTime({ expiresAt: Timestamp.fromMillis(Date.now() + 3_600_000) })],
  ['a server field rearmBelow', withTime({ rearmBelow: 1.09 })],
  ['a server field rearmAbove', withTime({ rearmAbove: 1.09 })],
  ['a server field armAt', withTime({ armAt: 1 })],
  ['a server field armedAt', withTime({ armedAt: 1 })],
  ['a server field fireCount', withTime({ fireCount: 0 })],
  ['a server field lastFiredAt', withTime({ lastFiredAt: 1 })],
  ['a server field recentFirings', withTime({ recentFirings: [] })],
  ['a server field pauseReason', withTime({ pauseReason: 'runaway' })],
  ['a cancelReason expired', withTime({ cancelReason: 'expired' })],
  ['an unknown type', withTime({ alertType: 'Price near' })],
  ['a lower-case type', withTime({ alertType: 'price reaching' })],
  ['an empty type', withTime({ alertType: '' })],
  ['a null type', withTime({ alertType: null })],
  ['no type', without('alertType')],
  ['a zero price', withTime({ triggerPrice: 0 })],
  ['a negative price', withTime({ triggerPrice: -1 })],
  ['a tiny negative price', withTime({ triggerPrice: -0.0001 })],
  ['a string price', withTime({ triggerPrice: '1.1' })],
  ['a padded string price', withTime({ triggerPrice: ' 1' })],
  ['a NaN price', withTime({ triggerPrice: Number.NaN })],
  ['an infinite price', withTime({ triggerPrice: Number.POSITIVE_INFINITY })],
  ['a negative infinite price', withTime({ triggerPrice: Number.NEGATIVE_INFINITY })],
  ['an absurdly large price', withTime({ triggerPrice: 1e12 })],
  ['a null price', withTime({ triggerPrice: null })],
  ['a boolean price', withTime({ triggerPrice: true })],
  ['a map price', withTime({ triggerPrice: { value: 1 } })],
  ['an array price', withTime({ triggerPrice: [1] })],
  ['no price', without('triggerPrice')],
  ['status paused', withTime({ status: 'paused' })],
  ['status triggered', withTime({ status: 'triggered' })],
  ['status cancelled', withTime({ status: 'cancelled' })],
  ['status in capitals', withTime({ status: 'ACTIVE' })],
  ['a null status', withTime({ status: null })],
  ['no status', without('status')],
  ['no notification preferences', without('notificationPreferences')],
  ['no channel chosen', withTime({ notificationPreferences: { email: false, push: false } })],
  ['preferences without push', withTime({ notificationPreferences: { email: true } })],
  ['preferences without email', withTime({ notificationPreferences: { push: true } })],
  ['a string preference', withTime({ notificationPreferences: { email: 'true', push: false } })],
  ['numeric preferences', withTime({ notificationPreferences: { email: 1, push: 0 } })],
  ['an extra channel', withTime({ notificationPreferences: { email: true, push: false, sms: true } })],
  [
    'Telegram and Discord both off, alone',
    withTime({ notificationPreferences: { email: false, push: false, telegram: false, discord: false } }),
  ],
  ['a string Telegram choice', withTime({ notificationPreferences: { email: true, push: false, telegram: 'yes' } })],
  ['a numeric Discord choice', withTime({ notificationPreferences: { email: false, push: false, discord: 1 } })],
  ['Telegram without email and push', withTime({ notificationPreferences: { telegram: true } })],
  ['preferences as a boolean', withTime({ notificationPreferences: true })],
  ['null preferences', withTime({ notificationPreferences: null })],
  ['a client-set createdAt', withTime({ createdAt: Timestamp.now() })],
  ['a createdAt in the past', withTime({ createdAt: Timestamp.fromMillis(Date.UTC(2020, 0, 1)) })],
  ['a string createdAt', withTime({ createdAt: '2026-11-22T10:00:00Z' })],
  ['no createdAt', without('createdAt')],
  ['an evaluator field triggeredAt', withTime({ triggeredAt: serverTimestamp() })],
  ['an evaluator field triggeredPrice', withTime({ triggeredPrice: 1.1 })],
  ['a server field cancelReason', withTime({ cancelReason: 'error' })],
  ['a server field failure', withTime({ failure: { message: 'x', at: serverTimestamp() } })],
  ['an id field', withTime({ id: 'x' })],
  ['an updatedAt on create', withTime({ updatedAt: serverTimestamp() })],
  ['a privilege field', withTime({ admin: true })],
  ['a price side', withTime({ side: 'bid' })],
  ['a note of 141 characters', withTime({ note: 'n'.repeat(141) })],
  ['a numeric note', withTime({ note: 42 })],
  ['a note as a map', withTime({ note: { text: 'hi' } })],
];

describe(`alert create: ${invalid.length} invalid documents`, () => {
  it('has at least 50 cases', () => {
    expect(invalid.length).toBeGreaterThanOrEqual(50);
  });
  it.each(invalid)('denies %s', async (_label, data) => {
    await assertFails(create(ALICE, data));
  });
});
