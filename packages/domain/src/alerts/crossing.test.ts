import { describe, expect, it } from 'vitest';
import type { AlertType } from '../common/constants.ts';
import {
  alertSince,
  evaluate,
  pathFromInterval,
  pathFromLatest,
  triggerRange,
  withoutSkipped,
  type Firing,
  type PricePath,
  type TriggerRange,
} from './crossing.ts';
import { intervalMessageSchema, type IntervalMessage } from '../prices/intervals.ts';

const ABOVE: AlertType = 'Price rising above';
const BELOW: AlertType = 'Price dropping below';
const REACH: AlertType = 'Price reaching';

/** A window [10_000, 11_000): first at 10_100, low at 10_300, high at 10_600, last at 10_900. */
function interval(ask: { first: number; low: number; high: number; last: number }, previousAsk?: number) {
  const m: IntervalMessage = {
    pair: 'EUR/USD',
    start: 10_000,
    end: 11_000,
    firstAt: 10_100,
    lastAt: 10_900,
    ticks: 4,
    ask: { ...ask, lowAt: 10_300, highAt: 10_600 },
    bid: { ...ask, lowAt: 10_300, highAt: 10_600 },
    ...(previousAsk !== undefined ? { previousAsk } : {}),
    source: 'test',
  };
  return pathFromInterval(intervalMessageSchema.parse(m));
}

const flat = (price: number, previousAsk?: number) =>
  interval({ first: price, low: price, high: price, last: price }, previousAsk);
// Rises through the window: 1.1000 -> low 1.0990 -> high 1.1050 -> last 1.1020.
const swing = (previousAsk?: number) => interval({ first: 1.1, low: 1.099, high: 1.105, last: 1.102 }, previousAsk);

const EARLY = 0; // active long before the window
// The scheduled check a minute on: 1.09 judged last time, 1.11 now.
const minute = pathFromLatest({ price: 1.09, at: 1_000 }, { price: 1.11, at: 61_000 });
type Row = [name: string, type: AlertType, trigger: number, since: number, path: PricePath, fires: Firing | undefined];

const rows: Row[] = [
  // Rising above: at or above.
  ['above: price above', ABOVE, 1.1, EARLY, flat(1.101), { price: 1.101, at: 10_100 }],
  ['above: price exactly at', ABOVE, 1.1, EARLY, flat(1.1), { price: 1.1, at: 10_100 }],
  ['above: price below', ABOVE, 1.1, EARLY, flat(1.0999), undefined],
  ['above: only the high reaches it', ABOVE, 1.104, EARLY, swing(), { price: 1.105, at: 10_600 }],
  ['above: the previous price alone does not count', ABOVE, 1.1, EARLY, flat(1.09, 1.2), undefined],
  // Dropping below: at or below.
  ['below: price below', BELOW, 1.1, EARLY, flat(1.0999), { price: 1.0999, at: 10_100 }],
  ['below: price exactly at', BELOW, 1.1, EARLY, flat(1.1), { price: 1.1, at: 10_100 }],
  ['below: price above', BELOW, 1.1, EARLY, flat(1.1001), undefined],
  ['below: only the low reaches it', BELOW, 1.0995, EARLY, swing(), { price: 1.099, at: 10_300 }],
  // Reaching: touching from either side, including jumps.
  ['reach: a tick exactly at', REACH, 1.1, EARLY, flat(1.1), { price: 1.1, at: 10_100 }],
  ['reach: from below, inside the window', REACH, 1.103, EARLY, swing(), { price: 1.105, at: 10_600 }],
  ['reach: from above, inside the window', REACH, 1.0995, EARLY, swing(), { price: 1.099, at: 10_300 }],
  ['reach: jump up between windows', REACH, 1.1, EARLY, flat(1.1005, 1.0995), { price: 1.1005, at: 10_100 }],
  ['reach: jump down between windows', REACH, 1.1, EARLY, flat(1.0995, 1.1005), { price: 1.0995, at: 10_100 }],
  ['reach: never touched', REACH, 1.11, EARLY, swing(1.1), undefined],
  ['reach: no previous price and no touch', REACH, 1.1, EARLY, flat(1.1005), undefined],
  ['reach: touched only before the window', REACH, 1.08, EARLY, flat(1.1, 1.1), undefined],
  // Created, resumed or edited during the window: judged only on prices seen from then on.
  ['since mid-window: the earlier high does not count', ABOVE, 1.104, 10_700, swing(), undefined],
  ['since mid-window: the last price counts', ABOVE, 1.101, 10_700, swing(), { price: 1.102, at: 10_900 }],
  ['since mid-window: the earlier low does not count', BELOW, 1.0995, 10_400, swing(), undefined],
  [
    'since mid-window: a jump from the previous window does not count',
    REACH,
    1.1,
    10_200,
    flat(1.1005, 1.0995),
    undefined,
  ],
  [
    'since before the first tick: the previous price is its start',
    REACH,
    1.1,
    10_050,
    flat(1.1005, 1.0995),
    { price: 1.1005, at: 10_100 },
  ],
  [
    'since mid-window: reaching from the last price seen before',
    REACH,
    1.1035,
    10_500,
    swing(),
    { price: 1.105, at: 10_600 },
  ],
  [
    'since mid-window: a jump right after the alert counts',
    REACH,
    1.1,
    10_200,
    interval({ first: 1.1005, low: 1.0995, high: 1.1005, last: 1.0995 }),
    { price: 1.0995, at: 10_300 },
  ],
  [
    'since mid-window: a crossing wholly before it does not count',
    REACH,
    1.1,
    10_400,
    {
      points: [
        { price: 1.1005, at: 10_100 },
        { price: 1.0995, at: 10_300 },
        { price: 1.0996, at: 10_900 },
      ],
    },
    undefined,
  ],
  ['since after the window: nothing counts', ABOVE, 1.0, 10_950, swing(), undefined],
  // The scheduled check: last checked price, then the latest.
  ['scheduled: latest above', ABOVE, 1.1, EARLY, minute, { price: 1.11, at: 61_000 }],
  ['scheduled: crossing since the last check', REACH, 1.1, EARLY, minute, { price: 1.11, at: 61_000 }],
  ['scheduled: created after the last check, no crossing seen', REACH, 1.1, 5_000, minute, undefined],
  [
    'scheduled: no new price',
    ABOVE,
    1.1,
    EARLY,
    pathFromLatest({ price: 1.11, at: 61_000 }, { price: 1.11, at: 61_000 }),
    undefined,
  ],
  [
    'scheduled: first run, no checkpoint',
    BELOW,
    1.2,
    EARLY,
    pathFromLatest(undefined, { price: 1.11, at: 61_000 }),
    { price: 1.11, at: 61_000 },
  ],
  [
    'scheduled: latest price older than the alert',
    ABOVE,
    1.1,
    62_000,
    pathFromLatest(undefined, { price: 1.11, at: 61_000 }),
    undefined,
  ],
];

describe('evaluate', () => {
  it.each(rows)('%s', (_name, alertType, triggerPrice, since, path, fires) => {
    expect(evaluate({ alertType, triggerPrice, since }, path)).toEqual(fires);
  });

  it.each(rows)(
    'the query range never leaves out an alert that fires: %s',
    (_name, alertType, triggerPrice, since, path) => {
      const range = triggerRange(alertType, path);
      if (!evaluate({ alertType, triggerPrice, since }, path)) return;
      expect(range).toBeDefined();
      expect(triggerPrice).toBeGreaterThanOrEqual(range?.min ?? -Infinity);
      expect(triggerPrice).toBeLessThanOrEqual(range?.max ?? Infinity);
    },
  );
});

describe('triggerRange', () => {
  it.each<[AlertType, PricePath, ReturnType<typeof triggerRange>]>([
    [ABOVE, swing(1.09), { max: 1.105 }],
    [BELOW, swing(1.09), { min: 1.099 }],
    [REACH, swing(1.09), { min: 1.09, max: 1.105 }],
    [REACH, swing(1.2), { min: 1.099, max: 1.2 }],
    [REACH, swing(), { min: 1.099, max: 1.105 }],
    [ABOVE, { points: [] }, undefined],
  ])('%s on %j', (type, path, expected) => {
    expect(triggerRange(type, path)).toEqual(expected);
  });

  it('on random walks, every alert outside the range stays silent', () => {
    let seed = 7;
    const random = () => (seed = (seed * 16807) % 2147483647) / 2147483647;
    for (let run = 0; run < 300; run++) {
      const prices = Array.from({ length: 4 }, () => 1 + Math.round(random() * 100) / 1000);
      const [first, a, b, last] = prices as [number, number, number, number];
      const low = Math.min(first, a, b, last);
      const high = Math.max(first, a, b, last);
      const path = interval({ first, low, high, last }, 1 + Math.round(random() * 100) / 1000);
      for (const type of [ABOVE, BELOW, REACH]) {
        const range = triggerRange(type, path);
        for (let x = 0.99; x <= 1.11; x += 0.001) {
          const inRange = x >= (range?.min ?? -Infinity) && x <= (range?.max ?? Infinity);
          if (!inRange) expect(evaluate({ alertType: type, triggerPrice: x, since: 0 }, path)).toBeUndefined();
        }
      }
    }
  });
});

describe('alertSince', () => {
  it.each([
    [{ createdAt: new Date(5_000) }, 5_000],
    [{ createdAt: new Date(5_000), updatedAt: new Date(9_000) }, 9_000],
    [{ createdAt: { seconds: 12, nanoseconds: 500_000_000 } }, 12_500],
    [{ createdAt: null }, Number.NEGATIVE_INFINITY],
    [{}, Number.NEGATIVE_INFINITY],
  ])('%j -> %d', (alert, expected) => {
    expect(alertSince(alert)).toBe(expected);
  });
});

describe('pathFromInterval per side', () => {
  const at = { lowAt: 300, highAt: 600 };
  const m = intervalMessageSchema.parse({
    pair: 'EUR/USD',
    start: 0,
    end: 1000,
    firstAt: 100,
    lastAt: 900,
    ticks: 4,
    ask: { first: 1.1, low: 1.099, high: 1.105, last: 1.102, ...at },
    bid: { first: 1.0998, low: 1.0988, high: 1.1048, last: 1.1018, ...at },
    mid: { first: 1.0999, low: 1.0989, high: 1.1049, last: 1.1019, ...at },
    previousAsk: 1.098,
    previousBid: 1.0978,
    previousMid: 1.0979,
    source: 'test',
  });
  it.each([
    ['ask', 1.105, 1.098],
    ['bid', 1.1048, 1.0978],
    ['mid', 1.1049, 1.0979],
  ] as const)('%s: its own prices and price before', (side, high, before) => {
    const path = pathFromInterval(m, side);
    expect(path.points.map((p) => p.price)).toContain(high);
    expect(path.before).toEqual({ price: before, heldUntil: 100 });
  });
  it('has no mid path for a message from a service older than sides', () => {
    const { mid: _mid, previousMid: _previous, ...old } = m;
    expect(pathFromInterval(intervalMessageSchema.parse(old), 'mid')).toEqual({ points: [] });
  });
});

describe('withoutSkipped', () => {
  it.each<[string, TriggerRange, TriggerRange, TriggerRange | undefined]>([
    ['apart: the whole range', { max: 1.2 }, { min: 1.3 }, { max: 1.2 }],
    ['the lower part skipped: from its top', { max: 1.2 }, { max: 1.1 }, { min: 1.1, max: 1.2 }],
    ['the upper part skipped: to its bottom', { min: 1.0 }, { min: 1.1 }, { min: 1.0, max: 1.1 }],
    ['all of it skipped: nothing', { min: 1.05, max: 1.08 }, { min: 1.0, max: 1.1 }, undefined],
    ['a middle part: the whole range', { min: 1.0, max: 1.2 }, { min: 1.05, max: 1.1 }, { min: 1.0, max: 1.2 }],
  ])('%s', (_label, range, skip, expected) => {
    expect(withoutSkipped(range, skip)).toEqual(expected);
  });
});
