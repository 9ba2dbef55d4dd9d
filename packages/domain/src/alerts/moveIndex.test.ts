import { describe, expect, it } from 'vitest';
import type { MovePoint, MoveStats, SideMoves } from '../prices/moves.ts';
import { moveReadOf, type MoveAlertDocument } from '../store/schemas.ts';
import { MoveIndex, indexedMove, judgeMove, type IndexedMove } from './moveIndex.ts';
import { evaluateMove } from './moveRules.ts';

const doc = (over: Partial<MoveAlertDocument> = {}): MoveAlertDocument =>
  withRead({
    userId: 'u1',
    currencyPair: 'EUR/USD',
    alertType: 'Moving up %',
    movePercent: 1.5,
    lookbackMinutes: 15,
    status: 'active',
    notificationPreferences: { email: true, push: false },
    ...over,
  });
/** The read the fields name, as the form writes it. */
function withRead(a: Omit<MoveAlertDocument, 'moveRead'> & { moveRead?: unknown }): MoveAlertDocument {
  return { ...a, moveRead: moveReadOf(a) } as MoveAlertDocument;
}
const indexed = (over: Partial<MoveAlertDocument> = {}): IndexedMove => {
  const a = indexedMove(doc(over));
  if (!a) throw new Error('not indexed');
  return a;
};
const point = (price: number, at = 10, from = 100): MovePoint => ({ price, at, from, fromAt: 0 });
/** A window whose rise from 100 peaked at `best`, and whose smallest rise was `least`. */
const rising = (best: number, least = 100, last = best): SideMoves => {
  const up: MoveStats = { best: point(best), least: point(least, 5), last: point(last, 20) };
  const flat: MoveStats = { best: point(100), least: point(100), last: point(100) };
  return { '15': { up, down: flat } };
};

describe('indexedMove', () => {
  it('names the read of its reference and direction', () => {
    expect(indexed()).toMatchObject({ read: 'up:15', reference: '15', side: 'ask', threshold: 1.5, armed: true });
    expect(indexed({ alertType: 'Change on the day', direction: 'down', lookbackMinutes: undefined })).toMatchObject({
      read: 'down:day',
      reference: 'day',
    });
    expect(indexed({ alertType: 'Moving down %', lookbackMinutes: 5, priceSide: 'bid' }).read).toBe('down:5');
  });

  it('leaves out what no read finds', () => {
    expect(indexedMove(doc({ status: 'paused' }))).toBeUndefined();
    expect(indexedMove(doc({ status: 'triggered' }))).toBeUndefined();
  });
});

describe('MoveIndex.judge', () => {
  const index = (...alerts: IndexedMove[]) => {
    const i = new MoveIndex();
    alerts.forEach((a, n) => i.set(`a${n}`, a));
    return i;
  };

  it.each([
    ['a rise short of the threshold', [indexed()], rising(101.4), undefined],
    ['a rise at the threshold', [indexed()], rising(101.5), { ask: ['up:15'] }],
    ['a rise past it', [indexed()], rising(103), { ask: ['up:15'] }],
    [
      'the lowest threshold decides',
      [indexed({ movePercent: 5 }), indexed({ movePercent: 1 })],
      rising(101),
      { ask: ['up:15'] },
    ],
    ['a fall is not read for a rise', [indexed({ alertType: 'Moving down %' })], rising(103), undefined],
    ['another lookback is not read', [indexed({ lookbackMinutes: 60 })], rising(103), undefined],
    ['another side is not read', [indexed({ priceSide: 'bid' })], rising(103), undefined],
    [
      'a disarmed alert whose move fell back: re-arm, then fire',
      [indexed({ armed: false, rearmMoveAt: 1.4 })],
      rising(101.2, 101.3),
      { ask: ['rearm:up:15', 'up:15'] },
    ],
    ['a disarmed alert whose move held', [indexed({ armed: false, rearmMoveAt: 1.4 })], rising(102, 101.5), undefined],
    [
      'a cooldown that ended: armed first',
      [indexed({ armed: false, armAt: 15 })],
      rising(102),
      { armDue: true, ask: ['up:15'] },
    ],
    ['a cooldown still running', [indexed({ armed: false, armAt: 50 })], rising(102), undefined],
  ] as [string, IndexedMove[], SideMoves, object | undefined][])('%s', (_label, alerts, moves, expected) => {
    expect(index(...alerts).judge('EUR/USD', { ask: moves }, 20)).toEqual(expected);
  });

  it('forgets an alert that left, and another pair is not read', () => {
    const i = index(indexed());
    expect(i.judge('GBP/USD', { ask: rising(103) }, 20)).toBeUndefined();
    i.set('a0', undefined);
    expect(i.judge('EUR/USD', { ask: rising(103) }, 20)).toBeUndefined();
    expect(i.size).toBe(0);
  });

  it('cuts a window early only for an armed threshold', () => {
    expect(index(indexed()).reachesArmed('EUR/USD', { ask: rising(102) })).toBe(true);
    expect(index(indexed()).reachesArmed('EUR/USD', { ask: rising(101) })).toBe(false);
    expect(index(indexed({ armed: false, rearmMoveAt: 1.4 })).reachesArmed('EUR/USD', { ask: rising(101) })).toBe(
      false,
    );
  });
});

describe('the index names every read that fires an alert', () => {
  // Random populations and windows: whatever evaluateMove fires, judge names its read, and judgeMove agrees.
  it('on 2,000 random windows', () => {
    let seed = 7;
    let fired = 0;
    const random = () => ((seed = (seed * 16807) % 2147483647) - 1) / 2147483646;
    for (let round = 0; round < 2_000; round += 1) {
      const alerts = Array.from({ length: 1 + Math.floor(random() * 4) }, () =>
        doc({
          movePercent: Number((0.1 + random() * 3).toFixed(2)),
          alertType: random() < 0.5 ? 'Moving up %' : 'Moving down %',
        }),
      );
      const i = new MoveIndex();
      alerts.forEach((a, n) => i.set(`a${n}`, indexedMove(a)));
      const best = 97 + random() * 6;
      const window: SideMoves = {
        '15': {
          up: { best: point(Math.max(best, 100)), least: point(100), last: point(Math.max(best, 100)) },
          down: { best: point(Math.min(best, 100)), least: point(100), last: point(Math.min(best, 100)) },
        },
      };
      const judge = i.judge('EUR/USD', { ask: window }, 20);
      for (const a of alerts) {
        if (!evaluateMove({ ...a, since: 0 }, window)) continue;
        fired += 1;
        const own = indexedMove(a);
        expect(own && judge?.ask).toContain(own?.read);
        expect(own && judgeMove(own, window, 20)?.ask).toContain(own?.read);
      }
    }
    // The windows fire a fair share of the alerts, so the check above is made many times.
    expect(fired).toBeGreaterThan(500);
  });
});
