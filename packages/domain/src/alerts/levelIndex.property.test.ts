import { describe, expect, it } from 'vitest';
import { ALERT_TYPES, PRICE_SIDES } from '../common/constants.ts';
import { triggerRange, type PricePath } from './crossing.ts';
import type { Judge, JudgeKind } from '../prices/intervals.ts';
import { LevelIndex, type IndexedAlert, type SidePathMap } from './levelIndex.ts';
import { judgeBySummary, summarize } from './levelSummary.ts';

// Property: on random populations and paths, the index names a read exactly when the evaluator's
// query for it (queries.ts: its filters on pair, side, type, status, armed and the price range)
// would find one of the alerts, loaded at once or one by one, and the summary never names fewer.

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
    const inRange = (a: IndexedAlert) => {
      const range = triggerRange(a.alertType, p);
      return (
        range !== undefined && (range.min ?? -Infinity) <= a.triggerPrice && a.triggerPrice <= (range.max ?? Infinity)
      );
    };
    for (const type of rearms ? [] : ALERT_TYPES)
      if (own.some((a) => a.alertType === type && (a.armed || due.includes(a)) && inRange(a))) kinds.push(type);
    if (kinds.length) judge[side] = kinds;
    // The arm-due read comes first when a waiting alert's own firing read is made and could find it.
    if (own.some((a) => due.includes(a) && kinds.includes(a.alertType) && inRange(a))) judge.armDue = true;
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
      const loaded = new LevelIndex();
      loaded.load(alerts.map((a, i) => [`a${i}`, a]));
      // Churn: some alerts change and come back, which must leave no trace.
      alerts.slice(0, 3).forEach((a, i) => {
        index.set(`a${i}`, randomAlert());
        index.set(`a${i}`, a);
      });
      const paths: SidePathMap = {};
      for (const side of PRICE_SIDES) if (rand() < 0.8) paths[side] = randomPath();
      const latestAt = Math.floor(rand() * 400);
      const judge = index.judge('EUR/USD', paths, latestAt);
      expect(sorted(loaded.judge('EUR/USD', paths, latestAt)), `run ${run} (loaded)`).toEqual(sorted(judge));
      expect(sorted(judge), `run ${run}`).toEqual(sorted(naive(alerts, paths, latestAt)));
      const bySummary = judgeBySummary(summarize(index, 0), 'EUR/USD', paths, latestAt);
      for (const side of PRICE_SIDES)
        for (const kind of judge?.[side] ?? []) expect(bySummary?.[side], `run ${run}`).toContain(kind);
      if (judge?.armDue) expect(bySummary?.armDue, `run ${run}`).toBe(true);
    }
  });
});
