import { describe, expect, it } from 'vitest';
import {
  RUNAWAY_MAX_FIRINGS,
  RUNAWAY_WINDOW_MS,
  cooldownEnd,
  expiryMillis,
  rearmDecision,
  rearmThresholds,
  rearmsAt,
  recentFirings,
  repeatAfterFiring,
} from './alertModel.ts';
import { alertSince, evaluate, judged } from './crossing.ts';

const MIN = 60_000;

describe('rearmThresholds', () => {
  it.each([
    ['Price rising above', { rearmBelow: 0.999 }],
    ['Price dropping below', { rearmAbove: 1.001 }],
    ['Price reaching', { rearmBelow: 0.999, rearmAbove: 1.001 }],
  ] as const)('%s at 1 with 0.1%%', (type, expected) => {
    const got = rearmThresholds(type, 1, 0.1);
    expect(Object.keys(got).sort()).toEqual(Object.keys(expected).sort());
    for (const [k, v] of Object.entries(expected)) expect(got[k as keyof typeof got]).toBeCloseTo(v, 12);
  });
});

describe('rearmsAt', () => {
  it.each([
    [{ rearmBelow: 0.999 }, 0.999, true],
    [{ rearmBelow: 0.999 }, 0.9995, false],
    [{ rearmAbove: 1.001 }, 1.001, true],
    [{ rearmAbove: 1.001 }, 1.0005, false],
    [{ rearmBelow: 0.999, rearmAbove: 1.001 }, 1.002, true],
    [{ rearmBelow: 0.999, rearmAbove: 1.001 }, 1, false],
    [{}, 5, false],
  ])('%o at %d: %s', (thresholds, price, expected) => {
    expect(rearmsAt(thresholds, price)).toBe(expected);
  });
});

describe('recentFirings (the runaway guard)', () => {
  const every = (n: number, gap: number) => Array.from({ length: n }, (_, i) => i * gap);
  it.each([
    ['the first firing', [], 0, 1, false],
    [`${RUNAWAY_MAX_FIRINGS} firings within 3 minutes`, every(14, 1000), 14_000, 15, false],
    [`${RUNAWAY_MAX_FIRINGS + 1} firings within 3 minutes`, every(15, 1000), 15_000, 16, true],
    ['16 firings spread over more than 3 minutes', every(15, 13_000), 15 * 13_000, 14, false],
    ['old firings drop out of the window', [0, 1], RUNAWAY_WINDOW_MS + 1, 1, false],
  ])('%s', (_label, previous, at, kept, runaway) => {
    const got = recentFirings(previous, at);
    expect(got.firings).toHaveLength(kept);
    expect(got.runaway).toBe(runaway);
  });
});

describe('repeatAfterFiring', () => {
  it('disarms, counts and stores the thresholds, with the defaults', () => {
    expect(repeatAfterFiring({ alertType: 'Price rising above', triggerPrice: 2 }, 1000, 2.001)).toEqual({
      armed: false,
      rearmBelow: 2 * (1 - 0.001),
      fireCount: 1,
      lastFiredAt: 1000,
      lastFiredPrice: 2.001,
      recentFirings: [1000],
    });
  });
  it('pauses on the sixteenth firing within 3 minutes', () => {
    const recent = Array.from({ length: 15 }, (_, i) => i * 1000);
    const got = repeatAfterFiring(
      { alertType: 'Price dropping below', triggerPrice: 1, fireCount: 15, recentFirings: recent, rearmPercent: 1 },
      15_000,
      0.99,
    );
    expect(got).toMatchObject({ status: 'paused', pauseReason: 'runaway', fireCount: 16, rearmAbove: 1.01 });
  });
});

describe('rearmDecision', () => {
  const fired = { rearmBelow: 0.999, lastFiredAt: 0, cooldownMinutes: 1 };
  it.each([
    ['no price back past the distance', fired, [{ price: 0.9995, at: 2 * MIN }], undefined],
    ['back past it after the cooldown', fired, [{ price: 0.998, at: 2 * MIN }], { at: 2 * MIN }],
    ['back past it inside the cooldown', fired, [{ price: 0.998, at: 10_000 }], { at: 10_000, armAt: MIN }],
    [
      'only prices after the last firing count',
      { ...fired, lastFiredAt: 5000 },
      [{ price: 0.99, at: 4000 }],
      undefined,
    ],
    [
      'the first price back past it',
      fired,
      [
        { price: 1.0, at: 70_000 },
        { price: 0.998, at: 80_000 },
        { price: 0.99, at: 90_000 },
      ],
      { at: 80_000 },
    ],
  ])('%s', (_label, alert, points, expected) => {
    expect(rearmDecision(alert, points)).toEqual(expected);
  });

  // The price before a window: the firing window's last price, back past the distance after the
  // firing, is seen by the next window only as its price before.
  const above = [{ price: 1.001, at: 3 * MIN }];
  it.each([
    ['after the firing: re-arms at the window start', fired, { price: 0.998, heldUntil: 2 * MIN }, { at: 2 * MIN }],
    ['after the firing, inside the cooldown', fired, { price: 0.998, heldUntil: 10_000 }, { at: 10_000, armAt: MIN }],
    [
      'held until the firing itself: seen before it',
      { ...fired, lastFiredAt: 5000 },
      { price: 0.99, heldUntil: 5000 },
      undefined,
    ],
    ['held until before the firing', { ...fired, lastFiredAt: 5000 }, { price: 0.99, heldUntil: 4000 }, undefined],
    ['not back past the distance', fired, { price: 0.9995, heldUntil: 2 * MIN }, undefined],
  ])('the price before: %s', (_label, alert, before, expected) => {
    expect(rearmDecision(alert, above, before)).toEqual(expected);
  });
});

describe('alertSince and judged for every-time alerts', () => {
  const base = { createdAt: 1000, repeat: 'every' as const, cooldownMinutes: 5 };
  it.each([
    ['a new every-time alert: its creation', base, 1000],
    ['after a firing: the end of its cooldown', { ...base, lastFiredAt: 2000 }, 2000 + 5 * MIN],
    [
      're-armed after the cooldown: just after its re-arm time',
      { ...base, lastFiredAt: 2000, armedAt: 10 * MIN },
      10 * MIN + 1,
    ],
    ['a once alert ignores the repeat fields', { createdAt: 1000, lastFiredAt: 2000, armedAt: 9000 }, 1000],
    [
      'at a snooze’s end: the end, though a re-arm inside the snooze came earlier',
      { ...base, lastFiredAt: 2000, armedAt: 20 * MIN, resumedAt: 60 * MIN },
      60 * MIN,
    ],
  ])('%s', (_label, alert, expected) => {
    expect(alertSince(alert)).toBe(expected);
    expect(cooldownEnd({ cooldownMinutes: 1 })).toBe(Number.NEGATIVE_INFINITY);
  });
  it('never fires a snoozed alert on a crossing inside its snooze, whatever re-armed it meanwhile', () => {
    // Fired at 0, snoozed for the hour; re-armed at 20 min, crossed at 40 min, the snooze ended at 60.
    const alert = judged({
      alertType: 'Price rising above',
      triggerPrice: 1.1,
      createdAt: 0,
      repeat: 'every',
      cooldownMinutes: 1,
      lastFiredAt: 0,
      armedAt: 20 * MIN,
      resumedAt: 60 * MIN,
    });
    expect(evaluate(alert, { points: [{ price: 1.1005, at: 40 * MIN }] })).toBeUndefined();
    expect(evaluate(alert, { points: [{ price: 1.1005, at: 61 * MIN }] })).toMatchObject({ at: 61 * MIN });
  });
  it('never takes the move that re-armed a reaching alert for a crossing of its level', () => {
    // Fired at 1.1005 above 1.1; the price fell to 1.0985 (past 0.1%) and re-armed it there.
    const alert = judged({
      alertType: 'Price reaching',
      triggerPrice: 1.1,
      createdAt: 0,
      repeat: 'every',
      cooldownMinutes: 1,
      lastFiredAt: 100_000,
      armedAt: 201_000,
    });
    const path = {
      points: [
        { price: 1.1005, at: 200_000 },
        { price: 1.0985, at: 201_000 },
        { price: 1.099, at: 202_000 },
      ],
    };
    expect(evaluate(alert, path)).toBeUndefined();
    expect(evaluate(alert, { points: [...path.points, { price: 1.1001, at: 203_000 }] })).toEqual({
      price: 1.1001,
      at: 203_000,
    });
  });
  it('never fires on a price seen at or after the expiry', () => {
    const alert = judged({ alertType: 'Price rising above', triggerPrice: 1, createdAt: 0, expiresAt: 5000 });
    expect(evaluate(alert, { points: [{ price: 1.1, at: 5000 }] })).toBeUndefined();
    expect(evaluate(alert, { points: [{ price: 1.1, at: 4999 }] })).toEqual({ price: 1.1, at: 4999 });
  });
});

describe('expiryMillis', () => {
  const now = new Date(2026, 10, 23, 9, 30);
  it.each([
    ['never', '', undefined],
    ['today', '', new Date(2026, 10, 23, 23, 59, 59, 999).getTime()],
    ['week', '', now.getTime() + 7 * 24 * 60 * MIN],
    ['month', '', new Date(2026, 11, 23, 9, 30).getTime()],
    ['date', '2026-12-01T08:00', new Date(2026, 11, 1, 8, 0).getTime()],
  ] as const)('%s %s', (choice, text, expected) => {
    expect(expiryMillis(choice, now, text)).toBe(expected);
  });
  it.each([
    [
      'end of today in its last minute is still ahead',
      'today',
      new Date(2026, 10, 23, 23, 59, 30),
      new Date(2026, 10, 23, 23, 59, 59, 999),
    ],
    [
      'a month from 31 January is the last day of February',
      'month',
      new Date(2027, 0, 31, 10, 0),
      new Date(2027, 1, 28, 10, 0),
    ],
    ['a month from 31 March is 30 April', 'month', new Date(2027, 2, 31, 8, 0), new Date(2027, 3, 30, 8, 0)],
    ['a month from 15 December is 15 January', 'month', new Date(2026, 11, 15, 8, 0), new Date(2027, 0, 15, 8, 0)],
  ] as const)('%s', (_label, choice, from, expected) => {
    expect(expiryMillis(choice, from)).toBe(expected.getTime());
  });
  it('is NaN for a date that is not a datetime-local value', () => {
    expect(expiryMillis('date', now, 'tomorrow')).toBeNaN();
  });
});
