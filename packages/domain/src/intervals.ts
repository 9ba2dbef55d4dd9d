import { z } from 'zod';
import { currencyPairSchema } from './schemas.ts';

/**
 * What the ingest service publishes per pair per window: for ask and bid the first, lowest, highest
 * and last price, plus the last ask before the window, so the evaluator sees a jump across a price
 * between two windows as well as within one.
 */
const sideSchema = z
  .object({
    first: z.number().positive(),
    low: z.number().positive(),
    high: z.number().positive(),
    last: z.number().positive(),
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
    /** The last ask before this window (absent for the first window after a cold start). */
    previousAsk: z.number().positive().optional(),
    /** Identifies the ingest process that produced it, for logs and duplicate diagnosis. */
    source: z.string().min(1),
  })
  .refine((m) => m.start < m.end && m.start <= m.firstAt && m.lastAt < m.end && m.firstAt <= m.lastAt, {
    message: 'tick times must lie inside the window',
  });
export type IntervalMessage = z.infer<typeof intervalMessageSchema>;

export const PRICE_INTERVALS_TOPIC = 'price-intervals';
