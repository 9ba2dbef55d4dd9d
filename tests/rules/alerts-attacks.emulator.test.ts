// An attacker's pass over the alert rules: values a hand-written client (or the REST
// API) can send that the app never does. Each denied write here would otherwise leave a document
// the server's schema rejects (read by the evaluator's queries forever, never fired, never shown) or
// let the user forge the server's re-arm, cooldown and runaway state.
import { assertFails, assertSucceeds, type RulesTestEnvironment } from '@firebase/rules-unit-testing';
import { alertDocumentSchema } from '@price-alerts/domain/store';
import { Timestamp, deleteField, doc, serverTimestamp, setDoc, updateDoc } from 'firebase/firestore';
import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { ALICE, createCounted, rulesEnv, validAlert } from './rules-env';

let env: RulesTestEnvironment;
const CREATED = Timestamp.fromMillis(Date.UTC(2026, 10, 1));
const DAY = 86_400_000;
const EVERY = { repeat: 'every', cooldownMinutes: 15, rearmPercent: 0.1 };

beforeAll(async () => {
  env = await rulesEnv('alerts-attacks');
});
beforeEach(async () => {
  await env.clearFirestore();
  await env.withSecurityRulesDisabled(async (ctx) => {
    const db = ctx.firestore();
    await setDoc(doc(db, `users/${ALICE}/alerts/active`), { ...validAlert(), ...EVERY, createdAt: CREATED });
    // Fired, re-armed by the price inside its cooldown: armed only at armAt.
    await setDoc(doc(db, `users/${ALICE}/alerts/cooling`), {
      ...validAlert(),
      ...EVERY,
      armed: false,
      armAt: Date.now() + 10 * 60_000,
      armedAt: Date.now() - 60_000,
      fireCount: 15,
      lastFiredAt: Date.now() - 5 * 60_000,
      recentFirings: [Date.now() - 5 * 60_000],
      createdAt: CREATED,
    });
    await setDoc(doc(db, `users/${ALICE}/alerts/runaway`), {
      ...validAlert(),
      ...EVERY,
      armed: false,
      rearmBelow: 1.09,
      status: 'paused',
      pauseReason: 'runaway',
      createdAt: CREATED,
    });
  });
});
afterAll(async () => {
  await env.cleanup();
});

const db = () => env.authenticatedContext(ALICE).firestore();
const create = (patch: Record<string, unknown>) =>
  createCounted(db(), { ...validAlert(), createdAt: serverTimestamp(), ...patch });
const update = (alertId: string, patch: Record<string, unknown>) =>
  updateDoc(doc(db(), `users/${ALICE}/alerts/${alertId}`), { updatedAt: serverTimestamp(), ...patch });
const afresh = { armed: true, rearmBelow: deleteField(), rearmAbove: deleteField(), armAt: deleteField() };

describe('attack: create with values the app never writes', () => {
  it.each<[string, unknown]>([
    ['in the past', Date.now() - 1000],
    ['401 days ahead', Date.now() + 401 * DAY],
    ['a huge number', 1e300],
    ['Infinity', Number.POSITIVE_INFINITY],
    ['NaN', Number.NaN],
    ['negative', -1],
    ['a fraction of a ms', Date.now() + DAY + 0.5],
    ['a string', String(Date.now() + DAY)],
    ['a timestamp', Timestamp.fromMillis(Date.now() + DAY)],
    ['null', null],
  ])('denies an expiry %s', async (_label, expiresAt) => {
    await assertFails(create({ expiresAt }));
  });
  it('accepts an expiry 399 days ahead', async () => {
    await assertSucceeds(create({ expiresAt: Date.now() + 399 * DAY }));
  });

  it.each<[string, unknown]>([
    ['NaN', Number.NaN],
    ['Infinity', Number.POSITIVE_INFINITY],
    ['0.009', 0.009],
    ['10.0001', 10.0001],
    ['0', 0],
    ['negative', -0.5],
    ['a string', '0.1'],
    ['null', null],
  ])('denies a re-arm distance %s', async (_label, rearmPercent) => {
    await assertFails(create({ ...EVERY, rearmPercent }));
  });
  it.each([0.01, 10])('accepts a re-arm distance of %s%', async (rearmPercent) => {
    await assertSucceeds(create({ ...EVERY, rearmPercent }));
  });

  it.each<[string, Record<string, unknown>]>([
    ['cooldown 0', { cooldownMinutes: 0 }],
    ['cooldown 15.5', { cooldownMinutes: 15.5 }],
    ['cooldown "15"', { cooldownMinutes: '15' }],
    ['cooldown NaN', { cooldownMinutes: Number.NaN }],
    ['repeat null', { repeat: null }],
    ['repeat EVERY', { repeat: 'EVERY' }],
    ['side null', { priceSide: null }],
    ['side ASK', { priceSide: 'ASK' }],
    ['side as a list', { priceSide: ['ask'] }],
    ['armed "true"', { armed: 'true' }],
    ['disarmed', { armed: false, rearmBelow: 1 }],
    ['armAt', { armAt: 1 }],
    ['armedAt in the future', { armedAt: Date.now() + DAY }],
    ['fireCount', { fireCount: 0 }],
    ['lastFiredAt', { lastFiredAt: 1 }],
    ['recentFirings', { recentFirings: [] }],
    ['pauseReason', { pauseReason: 'runaway' }],
    ['cancelReason', { cancelReason: 'expired' }],
    ['paused', { status: 'paused' }],
  ])('denies %s', async (_label, patch) => {
    await assertFails(create({ ...EVERY, ...patch }));
  });

  // Whatever the rules store, the server's schema must read, or the alert is read by the
  // evaluator's queries and skipped forever, never shown. The rules count UTF-16 units as the
  // create screen does (note.length); zod counts code points, which is never more.
  it.each([
    ['71 emoji (142 UTF-16 units)', '😀'.repeat(71)],
    ['140 emoji', '😀'.repeat(140)],
  ])('denies a note of %s', async (_label, note) => {
    await assertFails(create({ note }));
  });
  it('accepts a note of 70 emoji (140 UTF-16 units), which the schema reads', async () => {
    expect(alertDocumentSchema.safeParse({ ...validAlert(), note: '😀'.repeat(70) }).success).toBe(true);
    await assertSucceeds(create({ note: '😀'.repeat(70) }));
  });
});

describe('attack: update forging the server’s state', () => {
  it.each<[string, string, Record<string, unknown>]>([
    ['removing the side (the evaluators query on it)', 'active', { priceSide: deleteField(), armed: true }],
    ['removing armed', 'active', { armed: deleteField() }],
    ['armed as a string', 'active', { armed: 'true' }],
    ['a fractional expiry', 'active', { expiresAt: Date.now() + DAY + 0.5, armed: true }],
    ['clearing lastFiredAt to skip the cooldown', 'cooling', { lastFiredAt: deleteField(), ...afresh }],
    ['clearing recentFirings to dodge the runaway guard', 'cooling', { recentFirings: deleteField(), ...afresh }],
    ['resetting fireCount', 'cooling', { fireCount: 0, ...afresh }],
    ['moving armedAt back', 'cooling', { armedAt: 0, ...afresh }],
    ['moving armAt to now, keeping it disarmed', 'cooling', { armAt: Date.now() }],
    ['arming it without an edit’s clearing', 'cooling', { armed: true }],
    ['resuming a runaway pause by an edit that keeps the reason', 'runaway', { status: 'active', ...afresh }],
    ['keeping the runaway reason on an active alert', 'runaway', { status: 'active', rearmBelow: deleteField() }],
    ['cancelling it as expired', 'active', { status: 'cancelled', cancelReason: 'expired' }],
    ['triggering it', 'active', { status: 'triggered', triggeredPrice: 1.1, triggeredAt: Timestamp.now() }],
  ])('denies %s', async (_label, alertId, patch) => {
    await assertFails(update(alertId, patch));
  });

  it('lets a resume keep the re-arm state: a pause freezes the alert as it is', async () => {
    await assertSucceeds(update('runaway', { status: 'active', pauseReason: deleteField() }));
  });
});
