import { z } from 'zod';
import { currencyPairSchema } from './schemas.ts';

/**
 * What the ingest service publishes per pair per window: for ask, bid and mid the first, lowest,
 * highest and last price and when the low and high were seen, plus each side's last price before
 * the window, so the
 * evaluator sees a jump across a price between two windows as well as within one, and can tell
 * which prices came after an alert was created or resumed.
 */
const sideSchema = z
  .object({
    first: z.number().positive(),
    low: z.number().positive(),
    high: z.number().positive(),
    last: z.number().positive(),
    lowAt: z.number(),
    highAt: z.number(),
  })
  .refine((s) => s.low <= s.high && s.low <= s.first && s.first <= s.high && s.low <= s.last && s.last <= s.high, {
    message: 'low ≤ first, last ≤ high',
  });

export const intervalMessageSchema = z
  .object({
    pair: currencyPairSchema,
    /** Window bounds, milliseconds since the epoch: [start, end). */
    start: z.number().int(),
    end: z.number().int(),
    /** Time of the first and last tick in the window. */
    firstAt: z.number(),
    lastAt: z.number(),
    ticks: z.number().int().positive(),
    ask: sideSchema,
    bid: sideSchema,
    /** (ask + bid) / 2 per tick; absent from services older than price sides, when mid alerts are judged on the scheduled check only. */
    mid: sideSchema.optional(),
    /** The last ask, bid and mid before this window (absent for the first window after a cold start). */
    previousAsk: z.number().positive().optional(),
    previousBid: z.number().positive().optional(),
    previousMid: z.number().positive().optional(),
    /** When that last price before the window was seen (absent from older services). */
    previousAt: z.number().optional(),
    /** Identifies the ingest process that produced it, for logs and duplicate diagnosis. */
    source: z.string().min(1),
  })
  .refine(
    (m) =>
      m.start < m.end &&
      m.start <= m.firstAt &&
      m.lastAt < m.end &&
      m.firstAt <= m.lastAt &&
      [
        m.ask.lowAt,
        m.ask.highAt,
        m.bid.lowAt,
        m.bid.highAt,
        m.mid?.lowAt ?? m.firstAt,
        m.mid?.highAt ?? m.firstAt,
      ].every((t) => m.firstAt <= t && t <= m.lastAt),
    { message: 'tick times must lie inside the window' },
  );
export type IntervalMessage = z.infer<typeof intervalMessageSchema>;

export const PRICE_INTERVALS_TOPIC = 'price-intervals';

/**
 * One Pub/Sub message per window close, carrying every pair's interval: one function invocation a
 * second instead of fifteen (the cost is per invocation, and the Functions emulator spawns a
 * process per concurrent one). Each interval is parsed on its own so one bad entry spoils nothing else.
 */
export const intervalBatchSchema = z.object({ intervals: z.array(z.unknown()).min(1).max(1000) });
export type IntervalBatch = { intervals: IntervalMessage[] };

/**
 * evaluator/checkpoints: per pair symbol, the latest price the scheduled evaluator judged: `price`
 * is the ask (named before sides existed), `bid` and `mid` beside it.
 */
export const evaluatorCheckpointsSchema = z.object({
  pairs: z
    .record(
      z.string(),
      z.object({
        price: z.number().positive(),
        bid: z.number().positive().optional(),
        mid: z.number().positive().optional(),
        at: z.number(),
      }),
    )
    .default({}),
});
