import type { IntervalMessage } from '@price-alerts/domain/prices';
import type { AlertDocument } from '@price-alerts/domain/store';
import { describe, expect, it } from 'vitest';
import { Gate, type AlertChange } from './gate.ts';
import { levelAlert } from '../testing/alertDocs.ts';

const T = 1_800_000_000_000;

/** A one-second EUR/USD window at T + i s whose every side goes from `low` up to `high`. */
function window(i: number, low: number, high: number, previous?: number): IntervalMessage {
  const start = T + i * 1000;
  const side = { first: low, low, high, last: high, lowAt: start + 100, highAt: start + 900 };
  return {
    pair: 'EUR/USD',
    start,
    end: start + 1000,
    firstAt: start + 100,
    lastAt: start + 900,
    ticks: 2,
    ask: side,
    bid: side,
    mid: side,
    ...(previous !== undefined
      ? { previousAsk: previous, previousBid: previous, previousMid: previous, previousAt: start - 100 }
      : {}),
    source: 'test',
  };
}

const alert = (extra: Partial<AlertDocument> = {}): AlertDocument => levelAlert(T, extra);

const change = (id: string, doc?: AlertDocument): AlertChange => ({ path: `users/u/alerts/${id}`, doc });

function readyGate(...alerts: AlertChange[]): Gate {
  const gate = new Gate();
  gate.apply(alerts, 'first');
  return gate;
}

describe('Gate', () => {
  it('publishes every window, with every read, until the listener’s first snapshot', () => {
    const gate = new Gate();
    const m = window(0, 1.0, 1.01);
    expect(gate.select([m])).toEqual([m]);
    expect(gate.summary(T)).toBeUndefined();
  });

  it('publishes nothing once ready while no alert can fire: idle costs no message', () => {
    const gate = readyGate(change('far', alert({ triggerPrice: 2 })));
    expect(gate.select([window(0, 1.0, 1.01), window(1, 1.01, 1.02, 1.01)])).toEqual([]);
    expect(gate.counts).toEqual({ windows: 2, published: 0, caughtUp: 0, held: 0 });
  });

  it('publishes a window that reaches a level, naming the read it needs', () => {
    const gate = readyGate(change('a', alert()));
    expect(gate.select([window(0, 1.09, 1.1)])).toEqual([
      { ...window(0, 1.09, 1.1), judge: { ask: ['Price rising above'] } },
    ]);
  });

  it('an alert the listener delivers after its crossing: the kept window is published again', () => {
    const gate = readyGate();
    // Created at T + 50; the price crosses 1.1 in the window at T + 1 s, before the listener says so.
    expect(gate.select([window(0, 1.0, 1.01), window(1, 1.05, 1.12, 1.01)])).toEqual([]);
    const again = gate.apply([change('new', alert({ createdAt: new Date(T + 50) }))], 'update');
    expect(again).toEqual([{ ...window(1, 1.05, 1.12, 1.01), judge: { ask: ['Price rising above'] } }]);
    expect(gate.counts.caughtUp).toBe(1);
  });

  it('judges a late alert only on windows from when it became active', () => {
    const gate = readyGate();
    gate.select([window(0, 1.05, 1.12), window(5, 1.0, 1.01, 1.05)]);
    // Resumed at T + 2 s: the crossing at T + 0.9 s came before, the later window is below the level.
    expect(gate.apply([change('resumed', alert({ updatedAt: new Date(T + 2000) }))], 'update')).toEqual([]);
  });

  it('the service’s first snapshot judges nothing again: every window till then went out', () => {
    const gate = new Gate();
    gate.select([window(0, 1.05, 1.12)]);
    expect(gate.apply([change('a', alert())], 'first')).toEqual([]);
    expect(gate.ready).toBe(true);
  });

  it('after a listener failure, the next first snapshot catches up what the old index lacked', () => {
    const gate = readyGate(change('old', alert({ triggerPrice: 2 })));
    // Judged with an index that had not heard of 'new' yet: not published.
    expect(gate.select([window(0, 1.05, 1.12)])).toEqual([]);
    gate.reset();
    expect(gate.ready).toBe(false);
    // While the listener is down every window goes out, with every read.
    expect(gate.select([window(1, 1.0, 1.01, 1.12)])).toHaveLength(1);
    const again = gate.apply([change('old', alert({ triggerPrice: 2 })), change('new', alert())], 'first');
    expect(again).toEqual([{ ...window(0, 1.05, 1.12), judge: { ask: ['Price rising above'] } }]);
    expect(gate.ready).toBe(true);
  });

  it('publishes at most one window again per change: a resumed alert far past its re-arm threshold', () => {
    const gate = readyGate();
    for (let i = 0; i < 300; i++) gate.select([window(i, 1.0, 1.01, 1.0)]);
    const resumed = alert({
      repeat: 'every',
      armed: false,
      rearmBelow: 1.0989,
      lastFiredAt: T - 1000,
      updatedAt: new Date(T + 100_000),
    });
    const again = gate.apply([change('e', resumed)], 'update');
    // The first window after the resume re-arms it; what follows comes back through the listener.
    expect(again.map((m) => m.start)).toEqual([T + 100_000]);
  });

  it('forgets an alert that left the active ones', () => {
    const gate = readyGate(change('a', alert()));
    gate.apply([change('a', undefined)], 'update');
    expect(gate.select([window(0, 1.0, 1.2)])).toEqual([]);
    gate.apply([change('p', alert({ status: 'paused' }))], 'update');
    expect(gate.select([window(1, 1.0, 1.2)])).toEqual([]);
  });

  it('a fired every-time alert: windows after its firing that take it back past the distance re-arm it', () => {
    const gate = readyGate();
    gate.select([window(0, 1.099, 1.101), window(1, 1.09, 1.095, 1.101)]);
    const fired = alert({ repeat: 'every', armed: false, rearmBelow: 1.0989, lastFiredAt: T + 900 });
    expect(gate.apply([change('e', fired)], 'update')).toEqual([
      {
        ...window(1, 1.09, 1.095, 1.101),
        judge: { ask: ['rearm', 'Price reaching', 'Price rising above', 'Price dropping below'] },
      },
    ]);
  });

  it('a waiting alert learnt late fires on a price at its cooldown’s very end', () => {
    const gate = readyGate();
    // The window's high, at T + 900, is the instant the cooldown of a firing at T - 59,100 ends.
    gate.select([window(0, 1.05, 1.12)]);
    const waiting = alert({
      repeat: 'every',
      cooldownMinutes: 1,
      armed: false,
      armAt: T + 900,
      lastFiredAt: T - 59_100,
    });
    expect(gate.apply([change('w', waiting)], 'update')).toEqual([
      { ...window(0, 1.05, 1.12), judge: { armDue: true, ask: ['Price rising above'] } },
    ]);
  });

  it('keeps windows for the retention only', () => {
    const gate = new Gate(2_000);
    gate.apply([], 'first');
    gate.select([window(0, 1.05, 1.12), window(3, 1.0, 1.01, 1.05)]);
    expect(gate.apply([change('a', alert())], 'update')).toEqual([]);
  });

  it('marks the summary due when the alerts change, and summarises the index', () => {
    const gate = readyGate(change('a', alert()));
    expect(gate.dirty).toBe(true);
    expect(gate.summary(T)).toEqual({ asOf: T, pairs: { EURUSD: { ask: { above: 1.1, reaching: [] } } } });
    expect(gate.dirty).toBe(false);
  });

  describe('a news spike: levels a published window reached are not read again while it fires them', () => {
    const ABOVE = { ask: ['Price rising above'] };
    const crowd = (n: number, triggerPrice = 1.1) =>
      Array.from({ length: n }, (_, i) => change(`spike${i}`, alert({ triggerPrice })));

    it('publishes a later window beyond the same levels only when it reaches further, or after the hold', () => {
      const gate = readyGate(...crowd(3), change('far', alert({ triggerPrice: 1.14 })));
      expect(gate.select([window(0, 1.05, 1.11)])).toMatchObject([{ judge: ABOVE }]);
      // Still above 1.1: the listener has not yet told the index that the three fired.
      expect(gate.select([window(1, 1.1, 1.11, 1.11)])).toEqual([]);
      expect(gate.select([window(2, 1.105, 1.108, 1.11)])).toEqual([]);
      // Further up, to 1.14: that window is read, for the levels it adds only.
      const further = gate.select([window(3, 1.11, 1.15, 1.108)]);
      expect(further.map((m) => m.judge)).toEqual([
        { ...ABOVE, skip: [{ side: 'ask', type: 'Price rising above', max: 1.11 }] },
      ]);
      expect(gate.select([window(4, 1.12, 1.13, 1.15)])).toEqual([]);
      // 20 s after the first: a message lost for good costs no more than that.
      expect(gate.select([window(20, 1.12, 1.13, 1.13)])).toMatchObject([{ judge: ABOVE }]);
      expect(gate.counts).toMatchObject({ windows: 6, published: 3, held: 4 });
    });

    it('publishes nothing for a window making new highs past every level while the spike fires', () => {
      const gate = readyGate(...crowd(3));
      expect(gate.select([window(0, 1.05, 1.11)])).toMatchObject([{ judge: ABOVE }]);
      // Up to 1.15, where no alert waits: the part beyond the held levels would read nothing.
      expect(gate.select([window(1, 1.11, 1.15, 1.108)])).toEqual([]);
      expect(gate.counts).toMatchObject({ windows: 2, published: 1, held: 1 });
      // An alert created up there since clears the hold: the next window is read whole.
      gate.apply([change('new', alert({ triggerPrice: 1.16 }))], 'update');
      expect(gate.select([window(2, 1.12, 1.17, 1.15)]).map((m) => m.judge)).toEqual([ABOVE]);
    });

    it('holds on while the listener shows the spike firing, and publishes again once it stops', () => {
      const gate = readyGate(...crowd(4));
      expect(gate.select([window(0, 1.05, 1.11)])).toMatchObject([{ judge: ABOVE }]);
      // The firing takes longer than the hold: each alert it fires extends it.
      gate.select([window(15, 1.1, 1.11, 1.11)]);
      gate.apply([change('spike0', alert({ status: 'triggered' }))], 'update');
      expect(gate.select([window(25, 1.1, 1.11, 1.11)])).toEqual([]);
      gate.apply([change('spike1', undefined)], 'update');
      expect(gate.select([window(40, 1.1, 1.11, 1.11)])).toEqual([]);
      // Nothing fired for the whole hold since (its evaluator died): the next window is read again.
      expect(gate.select([window(61, 1.1, 1.11, 1.11)])).toMatchObject([{ judge: ABOVE }]);
    });

    it('holds no longer than the evaluator can run, however long alerts in range keep leaving', () => {
      const gate = readyGate(...crowd(30));
      gate.select([window(0, 1.05, 1.11)]);
      // A user pausing alerts in the range every 15 s looks, to the listener, like a firing.
      for (let i = 1; i < 20; i++) {
        expect(gate.select([window(i * 15, 1.1, 1.11, 1.11)])).toEqual([]);
        gate.apply([change(`spike${i}`, alert({ status: 'paused' }))], 'update');
      }
      // 300 s after the first window: read again.
      expect(gate.select([window(299, 1.1, 1.11, 1.11)])).toEqual([]);
      expect(gate.select([window(300, 1.1, 1.11, 1.11)])).toMatchObject([{ judge: ABOVE }]);
    });

    it('publishes the next window once an alert is armed on the pair since', () => {
      const gate = readyGate(...crowd(2));
      gate.select([window(0, 1.05, 1.11)]);
      // Created after that window: it could not fire on it, and the next window is its first.
      const late = alert({ triggerPrice: 1.105, createdAt: new Date(T + 1_000) });
      expect(gate.apply([change('late', late)], 'update')).toEqual([]);
      expect(gate.select([window(1, 1.1, 1.11, 1.11)])).toMatchObject([{ judge: ABOVE }]);
    });

    it('does not forget for an alert that fired or was paused: that only takes a level away', () => {
      const gate = readyGate(...crowd(2));
      gate.select([window(0, 1.05, 1.11)]);
      gate.apply([change('spike0', alert({ status: 'triggered' })), change('spike1', undefined)], 'update');
      gate.apply([change('spike2', alert({ status: 'paused', triggerPrice: 1.105 }))], 'update');
      expect(gate.select([window(1, 1.1, 1.11, 1.11)])).toEqual([]);
    });

    it('keeps re-arm reads whole', () => {
      const disarmed = alert({
        repeat: 'every',
        cooldownMinutes: 1,
        rearmPercent: 0.1,
        armed: false,
        rearmBelow: 1.099,
      });
      const gate = readyGate(...crowd(2), change('again', disarmed));
      const first = gate.select([window(0, 1.05, 1.11)]);
      expect(first).toHaveLength(1);
      expect(first[0]?.judge?.ask).toContain('rearm');
      const again = gate.select([window(1, 1.09, 1.11, 1.11)]);
      expect(again).toHaveLength(1);
      expect(again[0]?.judge?.ask).toEqual(expect.arrayContaining(['rearm', 'Price rising above']));
    });

    it('records no reach from a window whose prices came before an armed alert became active', () => {
      // Created at T + 500, after the window's spike to 1.11 at T + 100, and delivered before it closed.
      const late = alert({ createdAt: new Date(T + 500) });
      const gate = readyGate(...crowd(2));
      gate.apply([change('late', late)], 'update');
      expect(gate.select([window(0, 1.09, 1.11)])).toMatchObject([{ judge: ABOVE }]);
      // Its first crossing comes in the next window, which is read.
      expect(gate.select([window(1, 1.095, 1.105, 1.09)])).toMatchObject([{ judge: ABOVE }]);
    });

    it('holds nothing back for a pair whose window could not be published', () => {
      const gate = readyGate(...crowd(2));
      const [published] = gate.select([window(0, 1.05, 1.11)]);
      gate.unpublished([published as IntervalMessage]);
      expect(gate.select([window(1, 1.1, 1.11, 1.11)])).toMatchObject([{ judge: ABOVE }]);
    });

    it('keeps the arming of ended cooldowns whole', () => {
      const waiting = alert({
        repeat: 'every',
        cooldownMinutes: 1,
        armed: false,
        armAt: T + 1_500,
        lastFiredAt: T - 58_500,
      });
      const gate = readyGate(...crowd(2), change('waiting', waiting));
      gate.select([window(0, 1.05, 1.11)]);
      expect(gate.select([window(1, 1.1, 1.11, 1.11)])).toMatchObject([
        { judge: { armDue: true, ask: ['Price rising above'] } },
      ]);
    });

    it('forgets what it recorded when the listener restarts', () => {
      const gate = readyGate(...crowd(2));
      gate.select([window(0, 1.05, 1.11)]);
      gate.reset();
      gate.apply(crowd(2), 'first');
      expect(gate.select([window(1, 1.1, 1.11, 1.11)])).toMatchObject([{ judge: ABOVE }]);
    });
  });
});
