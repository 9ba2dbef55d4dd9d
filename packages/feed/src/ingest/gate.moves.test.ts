// The gate and the aggregator for move alerts: windows carry their moves, and are published for
// moves only when a move alert can fire or re-arm, carrying only the references their reads use.
import type { IntervalMessage } from '@price-alerts/domain/prices';
import type { AlertDocument, MoveAlertDocument } from '@price-alerts/domain/store';
import { describe, expect, it } from 'vitest';
import { Aggregator } from './aggregator.ts';
import { Gate, type AlertChange } from './gate.ts';
import { levelAlert, moveAlert } from '../testing/alertDocs.ts';

// A Wednesday, so no market clock moves EUR/USD.
const T = Date.parse('2026-01-14T12:00:00Z');

/** The windows of [seconds after T, ask] ticks (bid 0.0002 under), closed one second after the last. */
function windows(ticks: [number, number][]): IntervalMessage[] {
  const aggregator = new Aggregator(1_000, 'test');
  for (const [s, ask] of ticks)
    aggregator.add({ pair: 'EUR/USD', symbol: 'EURUSD', ask, bid: ask - 0.0002, timestamp: T + s * 1000 });
  return aggregator.flush(T + ((ticks.at(-1)?.[0] ?? 0) + 2) * 1000);
}

const move = (extra: Partial<MoveAlertDocument> = {}): MoveAlertDocument => moveAlert(T, extra);
const level: AlertDocument = levelAlert(T);
const change = (id: string, doc?: AlertChange['doc']): AlertChange => ({ path: `users/u/alerts/${id}`, doc });

function readyGate(...alerts: AlertChange[]): Gate {
  const gate = new Gate();
  gate.apply(alerts, 'first');
  return gate;
}

// 1.0800 at 0 s, 1.0850 at 1 s, 1.0910 at 2 s: a rise of 1.02% from the low by the third window.
const rise = (): IntervalMessage[] =>
  windows([
    [0, 1.08],
    [1, 1.085],
    [2, 1.091],
  ]);

describe('windows carry their moves', () => {
  it('for every side and reference, measured across windows', () => {
    const [, , third] = rise();
    expect(third?.moves?.ask?.['15']?.up.best).toMatchObject({ price: 1.091, from: 1.08, fromAt: T });
    expect(third?.moves?.bid?.['5']?.up.best.from).toBeCloseTo(1.0798, 10);
    expect(third?.moves?.mid?.day?.up.best.from).toBeCloseTo(1.0799, 10);
  });
});

describe('the gate for move alerts', () => {
  it('publishes the window whose move reaches a threshold, with the one read and its moves only', () => {
    const gate = readyGate(change('m', move()), change('l', level));
    const published = gate.select(rise());
    expect(published).toHaveLength(1);
    const [m] = published;
    expect(m?.start).toBe(T + 2000);
    expect(m?.judge).toEqual({ ask: ['up:15'] });
    expect(Object.keys(m?.moves ?? {})).toEqual(['ask']);
    expect(Object.keys(m?.moves?.ask ?? {})).toEqual(['15']);
  });

  it('publishes nothing while no move reaches a threshold', () => {
    expect(readyGate(change('m', move({ movePercent: 1.5 }))).select(rise())).toEqual([]);
    expect(readyGate(change('m', move({ alertType: 'Moving down %' }))).select(rise())).toEqual([]);
    expect(
      readyGate(change('m', move({ lookbackMinutes: 5, priceSide: 'bid', movePercent: 2 }))).select(rise()),
    ).toEqual([]);
  });

  it('publishes a window read for levels alone without moves', () => {
    const gate = readyGate(change('l', { ...level, triggerPrice: 1.09 }), change('m', move({ movePercent: 5 })));
    const [m] = gate.select(rise());
    expect(m?.judge).toEqual({ ask: ['Price rising above'] });
    expect(m?.moves).toBeUndefined();
  });

  it('re-arms a disarmed alert whose move fell back', () => {
    // The third window: from the low of 1.08, up to 1.095 in the second, back to 1.09 (a rise of 0.93%).
    const third = windows([
      [0, 1.08],
      [1, 1.095],
      [2, 1.09],
    ]).slice(2);
    const held = readyGate(change('m', move({ armed: false, rearmMoveAt: 0.5, lastFiredAt: T + 1000 })));
    expect(held.select(third)).toEqual([]);
    const back = readyGate(change('m', move({ armed: false, rearmMoveAt: 1, lastFiredAt: T + 1000 })));
    expect(back.select(third).map((m) => m.judge)).toEqual([{ ask: ['rearm:up:15', 'up:15'] }]);
  });

  it('cuts a window early once its move reaches an armed threshold', () => {
    const gate = readyGate(change('m', move()));
    const [, , third] = rise();
    expect(third && gate.reaches(third)).toBe(true);
    expect(readyGate(change('m', move({ movePercent: 3 }))).reaches(third as IntervalMessage)).toBe(false);
  });

  it('publishes again, for an alert the listener delivers late, the kept window that fires it', () => {
    const gate = readyGate(change('l', { ...level, triggerPrice: 5 }));
    expect(gate.select(rise())).toEqual([]);
    const again = gate.apply([change('m', move({ createdAt: new Date(T + 500) }))], 'update');
    expect(again.map((m) => [m.start, m.judge])).toEqual([[T + 2000, { ask: ['up:15'] }]]);
    expect(Object.keys(again[0]?.moves?.ask ?? {})).toEqual(['15']);
  });

  it('judges only prices seen after the alert became active, in the catch-up too', () => {
    const gate = readyGate();
    gate.select(rise());
    expect(gate.apply([change('m', move({ createdAt: new Date(T + 5000) }))], 'update')).toEqual([]);
  });

  it('publishes windows for levels only before the first snapshot, which catches move alerts up on them', () => {
    const gate = new Gate();
    const [m] = gate.select(rise().slice(2));
    expect(m?.judge).toBeUndefined();
    expect(m?.moves).toBeUndefined();
    const again = gate.apply([change('m', move()), change('far', move({ movePercent: 3 }))], 'first');
    expect(again.map((w) => [w.start, w.judge])).toEqual([[T + 2000, { ask: ['up:15'] }]]);
  });

  it('judges moves on the index it had while the listener is away', () => {
    const gate = readyGate(change('m', move()));
    gate.reset();
    const [m] = gate.select(rise().slice(2));
    // Every level read, as without an index, and the one move read the index before names.
    expect(m?.judge).toMatchObject({ armDue: true, ask: expect.arrayContaining(['rearm', 'Price reaching', 'up:15']) });
    expect(m?.judge?.bid).not.toContain('up:15');
    expect(Object.keys(m?.moves ?? {})).toEqual(['ask']);
    expect(Object.keys(m?.moves?.ask ?? {})).toEqual(['15']);
    // Back, with the same alert: nothing to catch up.
    expect(gate.apply([change('m', move())], 'first')).toEqual([]);
  });

  it('forgets a move alert that left the query', () => {
    const gate = readyGate(change('m', move()));
    gate.apply([change('m')], 'update');
    expect(gate.select(rise())).toEqual([]);
    expect(gate.alerts).toBe(0);
  });

  it('leaves the levels’ hold alone when a move alert is armed: it adds no level', () => {
    const levels = [change('l1', { ...level, triggerPrice: 1.09 }), change('l2', { ...level, triggerPrice: 1.09 })];
    const gate = readyGate(...levels, change('m', move({ movePercent: 5 })));
    const [, , third, fourth] = windows([
      [0, 1.08],
      [1, 1.085],
      [2, 1.091],
      [3, 1.0905],
    ]);
    expect(gate.select([third as IntervalMessage]).map((m) => m.judge)).toEqual([{ ask: ['Price rising above'] }]);
    gate.apply([change('m', move({ movePercent: 4, updatedAt: new Date(T + 2_600) }))], 'update');
    // Still beyond 1.09 and no further than the hold covers: the two alerts are being fired already.
    expect(gate.select([fourth as IntervalMessage])).toEqual([]);
  });
});

describe('the move reads’ hold while a window’s firings are in flight', () => {
  // Rises of 1.02% (2 s), 0.97% (3 s) and 1.11% (4 s) from the low of 1.08: each reaches 0.5%.
  const steps = (): IntervalMessage[] =>
    windows([
      [0, 1.08],
      [1, 1.085],
      [2, 1.091],
      [3, 1.0905],
      [4, 1.092],
    ]).slice(2);
  const low = (holdMs?: number) => {
    const gate = new Gate(undefined, holdMs);
    gate.apply([change('m', move({ movePercent: 0.5 })), change('n', move({ movePercent: 0.5 }))], 'first');
    return gate;
  };

  it('reads a move no larger than one just published once, and a larger one again', () => {
    const gate = low();
    const [third, fourth, fifth] = steps() as [IntervalMessage, IntervalMessage, IntervalMessage];
    expect(gate.select([third]).map((m) => m.judge)).toEqual([{ ask: ['up:15'] }]);
    expect(gate.select([fourth])).toEqual([]);
    expect(gate.select([fifth]).map((m) => m.judge)).toEqual([{ ask: ['up:15'] }]);
    expect(gate.counts.held).toBe(1);
  });

  it('reads it again once the hold is over', () => {
    const gate = low(500);
    const [third, fourth] = steps() as [IntervalMessage, IntervalMessage];
    gate.select([third]);
    expect(gate.select([fourth]).map((m) => m.judge)).toEqual([{ ask: ['up:15'] }]);
  });

  it('reads it again when a move alert on the pair became active since', () => {
    const gate = low();
    const [third, fourth] = steps() as [IntervalMessage, IntervalMessage];
    gate.select([third]);
    gate.apply([change('new', move({ movePercent: 0.6, createdAt: new Date(T + 2_600) }))], 'update');
    expect(gate.select([fourth]).map((m) => m.judge)).toEqual([{ ask: ['up:15'] }]);
  });

  it('keeps holding it when a level alert on the pair is armed: a level adds no move', () => {
    const gate = low();
    const [third, fourth] = steps() as [IntervalMessage, IntervalMessage];
    gate.select([third]);
    gate.apply([change('l', { ...level, triggerPrice: 5, createdAt: new Date(T + 2_600) })], 'update');
    expect(gate.select([fourth])).toEqual([]);
  });

  it('never holds a re-arm read: what it fires depends on the re-arm', () => {
    const gate = readyGate(
      change('m', move({ movePercent: 0.5 })),
      change('r', move({ armed: false, rearmMoveAt: 1, lastFiredAt: T + 1000 })),
    );
    const [third, fourth] = steps() as [IntervalMessage, IntervalMessage];
    gate.select([third]);
    expect(gate.select([fourth]).map((m) => m.judge)).toEqual([{ ask: ['rearm:up:15', 'up:15'] }]);
  });
});
