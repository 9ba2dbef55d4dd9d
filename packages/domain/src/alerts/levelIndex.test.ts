import { describe, expect, it } from 'vitest';
import { ALERT_TYPES, type AlertType, type PriceSide } from '../common/constants.ts';
import type { PricePath } from './crossing.ts';
import type { Judge } from '../prices/intervals.ts';
import { LevelIndex, indexedAlert, type IndexedAlert, type SidePathMap } from './levelIndex.ts';
import { judgeBySummary, summarize } from './levelSummary.ts';
import { SortedLevels } from './sortedLevels.ts';
import type { AlertDocument } from '../store/schemas.ts';

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

describe('LevelIndex.reachesArmed: the check made on every tick', () => {
  const reaches = (alerts: IndexedAlert[], paths: SidePathMap) => {
    const index = new LevelIndex();
    alerts.forEach((a, i) => index.set(`a${i}`, a));
    return index.reachesArmed('EUR/USD', paths);
  };
  it.each<[string, IndexedAlert[], SidePathMap, boolean]>([
    ['above, reached', [alert()], { ask: path(1.09, 1.1) }, true],
    ['above, not reached', [alert()], { ask: path(1.09, 1.0999) }, false],
    ['below, reached', [alert({ alertType: BELOW, triggerPrice: 1.095 })], { ask: path(1.095, 1.1) }, true],
    [
      'reaching, crossed since the price before',
      [alert({ alertType: REACH, triggerPrice: 1.08 })],
      { ask: path(1.09, 1.1, 1.07) },
      true,
    ],
    ['another side moved', [alert({ side: 'bid' })], { ask: path(1.09, 1.2) }, false],
    ['another pair', [alert({ pair: 'GBP/USD' })], { ask: path(1.09, 1.2) }, false],
    [
      'a re-arm threshold: waits for the window end',
      [alert({ armed: false, rearmBelow: 1.095 })],
      { ask: path(1.09, 1.1) },
      false,
    ],
    [
      'a cooldown ending: waits for the window end',
      [alert({ armed: false, armAt: 150 })],
      { ask: path(1.09, 1.2) },
      false,
    ],
    ['no ticks', [alert()], { ask: { points: [] } }, false],
  ])('%s', (_name, alerts, paths, expected) => {
    expect(reaches(alerts, paths)).toBe(expected);
  });

  it('agrees with judge wherever every alert is armed, reached or not', () => {
    const seen = new Set<boolean>();
    for (const low of [1.05, 1.09, 1.1, 1.12])
      for (const high of [1.06, 1.1, 1.2])
        for (const type of ALERT_TYPES) {
          const alerts = [alert({ alertType: type }), alert({ alertType: type, side: 'mid', triggerPrice: 1.15 })];
          const paths = { ask: path(low, Math.max(low, high), 1.08), mid: path(low, Math.max(low, high)) };
          const reached = reaches(alerts, paths);
          expect(reached).toBe(judgeOf(alerts, paths) !== undefined);
          seen.add(reached);
        }
    expect([...seen].sort()).toEqual([false, true]);
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

describe('a large index', () => {
  it('loads 200,000 alerts at one level at once, and summarises waiting ones without a spread of arguments', () => {
    const entries: [string, IndexedAlert][] = [];
    for (let i = 0; i < 200_000; i++)
      entries.push([`a${i}`, alert(i % 2 ? { armed: false, armAt: 10_000, triggerPrice: 1.2 } : {})]);
    const index = new LevelIndex();
    index.load(entries);
    expect(index.size).toBe(200_000);
    expect(index.judge('EUR/USD', { ask: path(1.09, 1.1) }, 200)).toEqual({ ask: [ABOVE] });
    expect(index.bounds('EUR/USD', 'ask', 16)).toMatchObject({ above: 1.1 });
    index.set('a0', undefined);
    expect(index.size).toBe(199_999);
  });

  it('load fills an empty index only', () => {
    const index = new LevelIndex();
    index.set('a', alert());
    expect(() => index.load([['b', alert()]])).toThrow('fills an empty index only');
  });
});
