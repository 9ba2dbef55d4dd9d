import { describe, expect, it } from 'vitest';
import { ALERT_TYPES, PRICE_SIDES, type AlertType, type PriceSide } from './constants.ts';
import { triggerRange, type PricePath } from './crossing.ts';
import type { Judge, JudgeKind } from './intervals.ts';
import { LevelIndex, indexedAlert, judgeAlert, type IndexedAlert, type SidePathMap } from './levelIndex.ts';
import { judgeBySummary, summarize } from './levelSummary.ts';
import { SortedLevels } from './sortedLevels.ts';
import type { AlertDocument } from './schemas.ts';

const ABOVE: AlertType = 'Price rising above';
const BELOW: AlertType = 'Price dropping below';
const REACH: AlertType = 'Price reaching';

const alert = (extra: Partial<IndexedAlert> = {}): IndexedAlert => ({
  pair: 'EUR/USD',
  side: 'ask',
  alertType: ABOVE,
  triggerPrice: 1.1,
  armed: true,
  ...extra,
});

/** Ask path 1.0990 -> 1.1010 (low, high), with the price before at `before`. */
const path = (low: number, high: number, before?: number): PricePath => ({
  points: [
    { price: low, at: 100 },
    { price: high, at: 200 },
  ],
  ...(before !== undefined ? { before: { price: before, heldUntil: 100, at: 50 } } : {}),
});

const judgeOf = (alerts: IndexedAlert[], paths: SidePathMap, latestAt = 200) => {
  const index = new LevelIndex();
  alerts.forEach((a, i) => index.set(`a${i}`, a));
  return index.judge('EUR/USD', paths, latestAt);
};

describe('LevelIndex.judge: the reads a window needs', () => {
  const cases: { name: string; alerts: IndexedAlert[]; paths: SidePathMap; judge: Judge | undefined }[] = [
    { name: 'no alert', alerts: [], paths: { ask: path(1.09, 1.11) }, judge: undefined },
    { name: 'above, reached', alerts: [alert()], paths: { ask: path(1.09, 1.1) }, judge: { ask: [ABOVE] } },
    { name: 'above, not reached', alerts: [alert()], paths: { ask: path(1.09, 1.0999) }, judge: undefined },
    {
      name: 'below, reached at the low',
      alerts: [alert({ alertType: BELOW, triggerPrice: 1.095 })],
      paths: { ask: path(1.095, 1.1) },
      judge: { ask: [BELOW] },
    },
    {
      name: 'reaching, crossed between the price before and the window',
      alerts: [alert({ alertType: REACH, triggerPrice: 1.08 })],
      paths: { ask: path(1.09, 1.1, 1.07) },
      judge: { ask: [REACH] },
    },
    {
      name: 'reaching, outside the move',
      alerts: [alert({ alertType: REACH, triggerPrice: 1.08 })],
      paths: { ask: path(1.09, 1.1, 1.085) },
      judge: undefined,
    },
    {
      name: 'another side is not this side',
      alerts: [alert({ side: 'bid' })],
      paths: { ask: path(1.09, 1.2), bid: path(1.09, 1.0999) },
      judge: undefined,
    },
    { name: 'another pair', alerts: [alert({ pair: 'GBP/USD' })], paths: { ask: path(1.09, 1.2) }, judge: undefined },
    {
      name: 'a disarmed alert is not fired',
      alerts: [alert({ armed: false, rearmBelow: 1.09 })],
      paths: { ask: path(1.095, 1.2) },
      judge: undefined,
    },
    {
      name: 'a fall to the re-arm threshold: re-arm, then every type',
      alerts: [alert({ armed: false, rearmBelow: 1.09 })],
      paths: { ask: path(1.09, 1.2) },
      judge: { ask: ['rearm', ...ALERT_TYPES] },
    },
    {
      name: 'the price before counts for re-arming',
      alerts: [alert({ armed: false, rearmAbove: 1.2 })],
      paths: { ask: path(1.09, 1.1, 1.2) },
      judge: { ask: ['rearm', ...ALERT_TYPES] },
    },
    {
      name: 'waiting for its cooldown, not over: nothing',
      alerts: [alert({ armed: false, armAt: 300 })],
      paths: { ask: path(1.09, 1.2) },
      judge: undefined,
    },
    {
      name: 'waiting, cooldown over and reached: arm first',
      alerts: [alert({ armed: false, armAt: 150 })],
      paths: { ask: path(1.09, 1.2) },
      judge: { armDue: true, ask: [ABOVE] },
    },
    {
      name: 'waiting, cooldown over, not reached: nothing to publish',
      alerts: [alert({ armed: false, armAt: 150 })],
      paths: { ask: path(1.09, 1.095) },
      judge: undefined,
    },
    {
      name: 'waiting beside an armed alert of the same type: still armed first',
      alerts: [alert(), alert({ armed: false, armAt: 150, triggerPrice: 1.15 })],
      paths: { ask: path(1.09, 1.2) },
      judge: { ask: [ABOVE], armDue: true },
    },
  ];
  it.each(cases)('$name', ({ alerts, paths, judge }) => {
    expect(judgeOf(alerts, paths)).toEqual(judge);
  });

  it('forgets a removed alert and follows a changed one', () => {
    const index = new LevelIndex();
    index.set('a', alert());
    index.set('b', alert({ triggerPrice: 1.3 }));
    expect(index.judge('EUR/USD', { ask: path(1.09, 1.1) }, 200)).toEqual({ ask: [ABOVE] });
    index.set('a', alert({ triggerPrice: 1.2 }));
    expect(index.judge('EUR/USD', { ask: path(1.09, 1.1) }, 200)).toBeUndefined();
    index.set('a', undefined);
    index.set('b', undefined);
    expect(index.size).toBe(0);
    expect(index.judge('EUR/USD', { ask: path(0.5, 2) }, 200)).toBeUndefined();
  });
});

describe('indexedAlert', () => {
  const doc = (extra: Partial<AlertDocument>): AlertDocument => ({
    userId: 'u',
    currencyPair: 'EUR/USD',
    alertType: ABOVE,
    triggerPrice: 1.1,
    status: 'active',
    notificationPreferences: { email: true, push: false },
    ...extra,
  });
  it.each([
    ['paused', { status: 'paused' as const }, undefined],
    ['triggered', { status: 'triggered' as const }, undefined],
    ['active, no side or armed field: ask, armed', {}, alert()],
    ['disarmed', { armed: false, rearmBelow: 1.09 }, alert({ armed: false, rearmBelow: 1.09 })],
  ])('%s', (_name, extra, expected) => {
    // toEqual: fields left undefined (no re-arm threshold) are as good as absent.
    expect(indexedAlert(doc(extra))).toEqual(expected);
  });
});

describe('SortedLevels', () => {
  it('keeps copies, removes one at a time, and answers ranges inclusively', () => {
    const levels = new SortedLevels();
    [3, 1, 2, 2].forEach((x) => levels.add(x));
    expect(levels.anyIn(2, 2)).toBe(true);
    expect(levels.remove(2)).toBe(true);
    expect(levels.anyIn(2, 2)).toBe(true);
    expect(levels.remove(2)).toBe(true);
    expect(levels.anyIn(1.5, 2.5)).toBe(false);
    expect(levels.remove(2)).toBe(false);
    expect([levels.min(), levels.max(), levels.size]).toEqual([1, 3, 2]);
  });
  it.each([
    [[1, 2, 10, 11, 30], 1, [[1, 30]]],
    [
      [1, 2, 10, 11, 30],
      2,
      [
        [1, 11],
        [30, 30],
      ],
    ],
    [
      [1, 2, 10, 11, 30],
      3,
      [
        [1, 2],
        [10, 11],
        [30, 30],
      ],
    ],
    [
      [1, 2, 10, 11, 30],
      9,
      [
        [1, 1],
        [2, 2],
        [10, 10],
        [11, 11],
        [30, 30],
      ],
    ],
    [[], 4, []],
  ])('cover(%j, %i) closes the smallest gaps first', (values, count, cover) => {
    const levels = new SortedLevels();
    values.forEach((x) => levels.add(x));
    expect(levels.cover(count)).toEqual(cover);
  });
});

// ---- property: the index names a read exactly when that read would find an alert -------------

function random(seed: number): () => number {
  let a = seed >>> 0;
  return () => {
    a = (a + 0x6d2b79f5) >>> 0;
    let t = Math.imul(a ^ (a >>> 15), a | 1);
    t ^= t + Math.imul(t ^ (t >>> 7), t | 61);
    return ((t ^ (t >>> 14)) >>> 0) / 4294967296;
  };
}

/** What each evaluator query (queries.ts) would return something for, alert by alert. */
function naive(alerts: IndexedAlert[], paths: SidePathMap, latestAt: number): Judge | undefined {
  const judge: Judge = {};
  const due = alerts.filter((a) => !a.armed && a.armAt !== undefined && a.armAt <= latestAt);
  for (const side of PRICE_SIDES) {
    const p = paths[side];
    if (!p || p.points.length === 0) continue;
    const own = alerts.filter((a) => a.side === side && a.pair === 'EUR/USD');
    const prices = [...p.points.map((x) => x.price), ...(p.before ? [p.before.price] : [])];
    const [low, high] = [Math.min(...prices), Math.max(...prices)];
    const rearms = own.some(
      (a) => !a.armed && ((a.rearmBelow ?? -Infinity) >= low || (a.rearmAbove ?? Infinity) <= high),
    );
    const kinds: JudgeKind[] = rearms ? ['rearm', ...ALERT_TYPES] : [];
    for (const type of rearms ? [] : ALERT_TYPES) {
      const range = triggerRange(type, p);
      const inRange = (a: IndexedAlert) =>
        range !== undefined && (range.min ?? -Infinity) <= a.triggerPrice && a.triggerPrice <= (range.max ?? Infinity);
      if (own.some((a) => a.alertType === type && (a.armed || due.includes(a)) && inRange(a))) kinds.push(type);
    }
    if (kinds.length) judge[side] = kinds;
    if (
      own.some(
        (a) => due.includes(a) && kinds.includes(a.alertType) && judgeAlert({ ...a, armed: true }, paths, latestAt),
      )
    )
      judge.armDue = true;
  }
  return Object.keys(judge).length ? judge : undefined;
}

const sorted = (j: Judge | undefined) =>
  j && Object.fromEntries(Object.entries(j).map(([k, v]) => [k, Array.isArray(v) ? [...v].sort() : v]));

describe('property: random populations and paths', () => {
  const rand = random(7);
  const pick = <T>(xs: readonly T[]): T => xs[Math.floor(rand() * xs.length)] as T;
  const price = () => 1 + Math.round(rand() * 200) / 1000;
  const randomAlert = (): IndexedAlert => {
    const armed = rand() < 0.6;
    const threshold = rand();
    return {
      pair: pick(['EUR/USD', 'EUR/USD', 'GBP/USD'] as const),
      side: pick(PRICE_SIDES),
      alertType: pick(ALERT_TYPES),
      triggerPrice: price(),
      armed,
      ...(!armed && threshold < 0.35 ? { rearmBelow: price() } : {}),
      ...(!armed && threshold >= 0.35 && threshold < 0.7 ? { rearmAbove: price() } : {}),
      ...(!armed && threshold >= 0.7 ? { armAt: Math.floor(rand() * 400) } : {}),
    };
  };
  const randomPath = (): PricePath => {
    const points = Array.from({ length: 1 + Math.floor(rand() * 4) }, (_, i) => ({ price: price(), at: 100 + i }));
    return rand() < 0.7 ? { points, before: { price: price(), heldUntil: 100, at: 90 } } : { points };
  };

  it('judge equals the naive reads, and the summary never names fewer, over 2,000 cases', () => {
    for (let run = 0; run < 2000; run++) {
      const alerts = Array.from({ length: Math.floor(rand() * 12) }, randomAlert);
      const index = new LevelIndex();
      alerts.forEach((a, i) => index.set(`a${i}`, a));
      // Churn: some alerts change and come back, which must leave no trace.
      alerts.slice(0, 3).forEach((a, i) => {
        index.set(`a${i}`, randomAlert());
        index.set(`a${i}`, a);
      });
      const paths: SidePathMap = {};
      for (const side of PRICE_SIDES) if (rand() < 0.8) paths[side] = randomPath();
      const latestAt = Math.floor(rand() * 400);
      const judge = index.judge('EUR/USD', paths, latestAt);
      expect(sorted(judge), `run ${run}`).toEqual(sorted(naive(alerts, paths, latestAt)));
      const bySummary = judgeBySummary(summarize(index, 0), 'EUR/USD', paths, latestAt);
      for (const side of PRICE_SIDES)
        for (const kind of judge?.[side] ?? []) expect(bySummary?.[side], `run ${run}`).toContain(kind);
      if (judge?.armDue) expect(bySummary?.armDue, `run ${run}`).toBe(true);
    }
  });
});

describe('judgeBySummary', () => {
  it('judges nothing for a pair the summary does not hold', () => {
    const index = new LevelIndex();
    index.set('a', alert({ pair: 'GBP/USD' }));
    expect(judgeBySummary(summarize(index, 0), 'EUR/USD', { ask: path(0.5, 2) }, 0)).toBeUndefined();
  });
  it('covers many reaching levels with few intervals, looser but never tighter', () => {
    const index = new LevelIndex();
    for (let i = 0; i < 100; i++) index.set(`r${i}`, alert({ alertType: REACH, triggerPrice: 1 + i / 100 }));
    const summary = summarize(index, 5);
    expect(summary.pairs.EURUSD?.ask?.reaching.length).toBeLessThanOrEqual(32);
    expect(judgeBySummary(summary, 'EUR/USD', { ask: path(1.505, 1.505, 1.5049) }, 0)).toEqual({ ask: [REACH] });
    expect(judgeBySummary(summary, 'EUR/USD', { ask: path(2.1, 2.2) }, 0)).toBeUndefined();
  });
  it.each<[string, Partial<IndexedAlert>, PriceSide]>([
    ['above', { alertType: ABOVE }, 'ask'],
    ['below on the bid', { alertType: BELOW, side: 'bid', triggerPrice: 1.2 }, 'bid'],
  ])('%s', (_name, extra, side) => {
    const index = new LevelIndex();
    index.set('a', alert(extra));
    expect(judgeBySummary(summarize(index, 0), 'EUR/USD', { [side]: path(1.1, 1.1) }, 0)).toEqual({
      [side]: [extra.alertType],
    });
  });
});
