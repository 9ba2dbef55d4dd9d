// Property: judging move alerts from price windows (the ingest's window moves, the evaluator's
// evaluateMove) agrees with a naive evaluator that replays every tick and measures each move by
// brute force. An alert active from a window's start fires in the very window the naive one fires
// it; one that became active in the middle of a window never fires on anything the naive one would
// not, and fires no later than the naive one plus what that window could not show.
import { describe, expect, it } from 'vitest';
import { MoveTracker, WindowMoves, reachesMove, type SideMoves } from '../prices/moves.ts';
import { evaluateMove, moveAxis, type JudgedMove } from './moveRules.ts';

const T = Date.parse('2026-01-14T00:00:30Z'); // crypto: no market clock, one trading day

function random(seed: number): () => number {
  let a = seed;
  return () => (a = (a * 16807) % 2147483647) / 2147483647;
}

/** Ticks of a random walk with jumps: 0 to 4 a second at random milliseconds, for `seconds`. */
function walk(rand: () => number, seconds: number): { at: number; price: number }[] {
  const ticks: { at: number; price: number }[] = [];
  let price = 100;
  for (let s = 0; s < seconds; s++) {
    const offsets = Array.from({ length: Math.floor(rand() * 5) }, () => Math.floor(rand() * 1000)).sort(
      (a, b) => a - b,
    );
    for (const ms of offsets) {
      price *= 1 + (rand() - 0.5) * 0.002 + (rand() < 0.01 ? (rand() - 0.5) * 0.03 : 0);
      ticks.push({ at: T + s * 1000 + ms, price });
    }
  }
  return ticks;
}

/** The first tick the naive evaluator fires the alert on: every tick after `since`, its move by brute force. */
function naiveFiring(alert: JudgedMove, ticks: readonly { at: number; price: number }[]) {
  const { reference, direction } = moveAxis(alert);
  const open = ticks[0]?.price ?? 1;
  return ticks.find((tick) => {
    if (tick.at < alert.since) return false;
    let from = open;
    if (reference !== 'day') {
      const span = Number(reference) * 60_000;
      const within = ticks.filter((t) => t.at >= tick.at - span && t.at <= tick.at).map((t) => t.price);
      from = direction === 'up' ? Math.min(...within) : Math.max(...within);
    }
    const percent = direction === 'up' ? (tick.price / from - 1) * 100 : (1 - tick.price / from) * 100;
    return reachesMove(percent, alert.movePercent);
  });
}

/** The windows' moves on ask, one window a second, folded exactly (no grain). */
function windows(ticks: readonly { at: number; price: number }[]): { start: number; moves: SideMoves }[] {
  const tracker = new MoveTracker('BTC/USD', { grainMs: 1 });
  const out: { start: number; moves: SideMoves }[] = [];
  let open: { start: number; moves: WindowMoves } | undefined;
  for (const { at, price } of ticks) {
    const start = Math.floor(at / 1000) * 1000;
    if (open && open.start !== start) out.push({ start: open.start, moves: open.moves.take().ask ?? {} });
    if (!open || open.start !== start) open = { start, moves: new WindowMoves() };
    open.moves.add(tracker.fold(at, { ask: price, bid: price, mid: price }));
  }
  if (open) out.push({ start: open.start, moves: open.moves.take().ask ?? {} });
  return out;
}

function randomAlert(rand: () => number, since: number): JudgedMove {
  const kind = Math.floor(rand() * 3);
  const movePercent = Number((0.05 + rand() * 0.8).toFixed(2));
  if (kind === 2)
    return { alertType: 'Change on the day', direction: rand() < 0.5 ? 'up' : 'down', movePercent, since };
  return {
    alertType: kind === 0 ? 'Moving up %' : 'Moving down %',
    lookbackMinutes: rand() < 0.5 ? 5 : 15,
    movePercent,
    since,
  };
}

describe('move alerts judged from windows, against every tick', () => {
  it.each([1, 2, 3, 4, 5])('agree on seed %s', (seed) => {
    const rand = random(seed);
    const ticks = walk(rand, 1_200);
    const judged = windows(ticks);
    let agreed = 0;
    for (let n = 0; n < 150; n++) {
      const atStart = rand() < 0.5;
      const sinceMs = T + Math.floor(rand() * 1_100_000);
      const alert = randomAlert(rand, atStart ? Math.floor(sinceMs / 1000) * 1000 : sinceMs);
      const naive = naiveFiring(alert, ticks);
      const hit = judged.find((w) => evaluateMove(alert, w.moves));
      const fired = hit && evaluateMove(alert, hit.moves);
      if (fired) {
        // Sound: a tick after the alert became active, whose move reaches the threshold.
        expect(ticks.some((t) => t.at === fired.at && t.price === fired.price)).toBe(true);
        expect(fired.at).toBeGreaterThanOrEqual(alert.since);
        expect(reachesMove(fired.percent, alert.movePercent)).toBe(true);
        expect(naive).toBeDefined();
      }
      if (atStart) {
        // Complete: in the naive firing's own window.
        expect(hit?.start).toBe(naive === undefined ? undefined : Math.floor(naive.at / 1000) * 1000);
        if (naive) agreed += 1;
      } else if (naive && hit) {
        expect(hit.start).toBeGreaterThanOrEqual(Math.floor(naive.at / 1000) * 1000);
      }
    }
    // Enough of the alerts fire for the check to mean something.
    expect(agreed).toBeGreaterThan(10);
  });
});
