// Prints how fast the ingest service folds ticks into windows (aggregator.ts, with each tick's
// moves, moves.ts) and how much memory an hour of them keeps: 15 pairs at 20 ticks a second each.
// Run: npm run bench:windows
import { CURRENCY_PAIRS } from '@price-alerts/domain/common';
import { Aggregator } from '../src/ingest/aggregator.ts';
import { Gate } from '../src/ingest/gate.ts';

const TICKS_PER_SECOND = 20;
const start = Date.parse('2026-01-14T00:00:00Z');

/** Folds `seconds` of every pair's random walk (or a steady trend) and returns ticks a second of CPU. */
function run(
  seconds: number,
  trend: boolean,
  gate?: Gate,
): { perSecond: number; windows: number; aggregator: Aggregator } {
  const aggregator = new Aggregator(1_000, 'bench', () => start + seconds * 1000);
  const prices = CURRENCY_PAIRS.map(() => 100);
  let seed = 1;
  const random = () => ((seed = (seed * 16807) % 2147483647) - 1) / 2147483646;
  let windows = 0;
  const began = process.hrtime.bigint();
  for (let s = 0; s < seconds; s++) {
    for (let k = 0; k < TICKS_PER_SECOND; k++) {
      const at = start + s * 1000 + k * (1000 / TICKS_PER_SECOND);
      CURRENCY_PAIRS.forEach((pair, i) => {
        const price = (prices[i] ?? 100) * (1 + (trend ? 1e-6 : (random() - 0.5) * 2e-4));
        prices[i] = price;
        aggregator.add({ pair, symbol: pair.replace('/', ''), ask: price, bid: price * 0.9999, timestamp: at });
        // The ingest service's check on every tick: does the open window already reach an armed alert?
        const open = gate && aggregator.peek(pair);
        if (open) gate.reaches(open);
      });
    }
    windows += aggregator.flush(start + (s + 1) * 1000).length;
  }
  const cpu = Number(process.hrtime.bigint() - began) / 1e9;
  return { perSecond: (seconds * TICKS_PER_SECOND * CURRENCY_PAIRS.length) / cpu, windows, aggregator };
}

run(60, false); // warm-up
const gate = new Gate();
gate.apply([], 'first');
for (const [label, seconds, trend, withGate] of [
  ['random walk, 1 h', 3_600, false, false],
  ['steady rise, 1 h (every tick a new high)', 3_600, true, false],
  ['random walk, 1 h, with the early-cut check on every tick', 3_600, false, true],
] as const) {
  global.gc?.();
  const used = () => process.memoryUsage().heapUsed + process.memoryUsage().arrayBuffers;
  const heapBefore = used();
  const { perSecond, windows, aggregator } = run(seconds, trend, withGate ? gate : undefined);
  global.gc?.();
  const heap = (used() - heapBefore) / 2 ** 20;
  console.log(
    `${label}: ${Math.round(perSecond).toLocaleString('en')} ticks/s of CPU ` +
      `(the feed sends ${TICKS_PER_SECOND * CURRENCY_PAIRS.length}/s); ${windows.toLocaleString('en')} windows; memory +${heap.toFixed(1)} MiB`,
  );
  // Held until measured: the queues it keeps are the memory in question.
  if (aggregator.windowMs <= 0) throw new Error('unreachable');
}
