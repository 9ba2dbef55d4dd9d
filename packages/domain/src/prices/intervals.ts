import { z } from '../common/zod.ts';
import { ALERT_TYPES, MOVE_READS, MOVE_REFERENCES, PRICE_SIDES } from '../common/constants.ts';
import type { SideMoves } from './moves.ts';
import { currencyPairSchema } from '../store/schemas.ts';

/** A move alert's firing read ('up:15', 'down:day') and re-arm read ('rearm:up:15'), per reference and direction. */
export const MOVE_JUDGE_KINDS = [...MOVE_READS, ...MOVE_READS.map((r) => `rearm:${r}` as const)] as const;

/**
 * One of the evaluator's reads for a side: the firing read of a level type, the levels' re-arm
 * reads, or a move read.
 */
export const JUDGE_KINDS = ['rearm', ...ALERT_TYPES, ...MOVE_JUDGE_KINDS] as const;
export type JudgeKind = (typeof JUDGE_KINDS)[number];
const judgeKindsSchema = z.array(z.enum(JUDGE_KINDS)).check(z.maxLength(JUDGE_KINDS.length));

/**
 * Trigger prices a level read may leave out, because a message published moments before reads them
 * (the ingest's hold while a spike fires): only its levels beyond them are read. Absent bounds are open.
 */
const skipSchema = z.object({
  side: z.enum(PRICE_SIDES),
  type: z.enum(ALERT_TYPES),
  min: z.optional(z.number()),
  max: z.optional(z.number()),
});
export type SkippedLevels = z.infer<typeof skipSchema>;

/**
 * The reads a window needs: per side, the kinds to read; `armDue`, whether to arm ended cooldowns
 * first; `skip`, the levels of a level read already being read.
 */
export const judgeSchema = z.object({
  armDue: z.optional(z.boolean()),
  ask: z.optional(judgeKindsSchema),
  bid: z.optional(judgeKindsSchema),
  mid: z.optional(judgeKindsSchema),
  skip: z.optional(z.array(skipSchema).check(z.maxLength(PRICE_SIDES.length * ALERT_TYPES.length))),
});
export type Judge = z.infer<typeof judgeSchema>;

/**
 * What the ingest service publishes per pair per window: for ask, bid and mid the first, lowest,
 * highest and last price and when the low and high were seen, plus each side's last price before
 * the window, so the
 * evaluator sees a jump across a price between two windows as well as within one, and can tell
 * which prices came after an alert was created or resumed.
 */
const sideSchema = z
  .object({
    first: z.number().check(z.positive()),
    low: z.number().check(z.positive()),
    high: z.number().check(z.positive()),
    last: z.number().check(z.positive()),
    lowAt: z.number(),
    highAt: z.number(),
  })
  .check(
    z.refine((s) => s.low <= s.high && s.low <= s.first && s.first <= s.high && s.low <= s.last && s.last <= s.high, {
      message: 'low ≤ first, last ≤ high',
    }),
  );

const movePointSchema = z.object({
  price: z.number().check(z.positive()),
  at: z.number(),
  from: z.number().check(z.positive()),
  fromAt: z.number(),
});
const moveStatsSchema = z.object({ best: movePointSchema, least: movePointSchema, last: movePointSchema });
const referenceMovesSchema = z.object({ up: moveStatsSchema, down: moveStatsSchema });
/** Per reference ('5', '15', '60', '1440', 'day'), the window's moves (moves.ts WindowMoves). */
const sideMovesSchema = z.partialRecord(z.enum(MOVE_REFERENCES), referenceMovesSchema);

export const intervalMessageSchema = z
  .object({
    pair: currencyPairSchema,
    /** Window bounds, milliseconds since the epoch: [start, end). */
    start: z.int(),
    end: z.int(),
    /** Time of the first and last tick in the window. */
    firstAt: z.number(),
    lastAt: z.number(),
    ticks: z.int().check(z.positive()),
    ask: sideSchema,
    bid: sideSchema,
    /** (ask + bid) / 2 per tick; absent from services older than price sides, when mid alerts are judged on the scheduled check only. */
    mid: z.optional(sideSchema),
    /** The last ask, bid and mid before this window (absent for the first window after a cold start). */
    previousAsk: z.optional(z.number().check(z.positive())),
    previousBid: z.optional(z.number().check(z.positive())),
    previousMid: z.optional(z.number().check(z.positive())),
    /** When that last price before the window was seen (absent from older services). */
    previousAt: z.optional(z.number()),
    /** Identifies the ingest process that produced it, for logs and duplicate diagnosis. */
    source: z.string().check(z.minLength(1)),
    /**
     * Which of the evaluator's reads this window needs (levelIndex.ts): the ingest service publishes
     * only windows that can fire or re-arm an alert and names the reads that can find one. Absent:
     * every read, as for a window judged without an index.
     */
    judge: z.optional(judgeSchema),
    /**
     * Per side, the window's moves against the references its move reads need (moves.ts): carried
     * only for those, so a window read for levels alone is no larger than before.
     */
    moves: z.optional(
      z.object({
        ask: z.optional(sideMovesSchema),
        bid: z.optional(sideMovesSchema),
        mid: z.optional(sideMovesSchema),
      }),
    ),
  })
  .check(
    z.refine(
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
    ),
    z.refine((m) => movePoints(m.moves).every((p) => m.firstAt <= p.at && p.at <= m.lastAt && p.fromAt <= p.at), {
      message: 'a move must be dated inside the window, measured from no later than itself',
    }),
  );

/** Every point of a window's moves, for the check that they lie in its time. */
function movePoints(moves: { [side: string]: SideMoves | undefined } | undefined) {
  return Object.values(moves ?? {}).flatMap((refs) =>
    Object.values(refs ?? {}).flatMap((both) =>
      both ? [both.up.best, both.up.least, both.up.last, both.down.best, both.down.least, both.down.last] : [],
    ),
  );
}
export type IntervalMessage = z.infer<typeof intervalMessageSchema>;

export const PRICE_INTERVALS_TOPIC = 'price-intervals';

/**
 * One Pub/Sub message per window close, carrying every pair's interval (and one more for each early
 * cut, at most one a pair a window): one function invocation a second instead of fifteen (the cost
 * is per invocation, and the Functions emulator spawns a process per concurrent one). Each interval
 * is parsed on its own so one bad entry spoils nothing else.
 */
export const intervalBatchSchema = z.object({
  intervals: z.array(z.unknown()).check(z.minLength(1), z.maxLength(1000)),
});
export type IntervalBatch = { intervals: IntervalMessage[] };

/**
 * evaluator/checkpoints: per pair symbol, the latest price the scheduled evaluator judged: `price`
 * is the ask (named before sides existed), `bid` and `mid` beside it.
 */
export const evaluatorCheckpointsSchema = z.object({
  pairs: z._default(
    z.record(
      z.string(),
      z.object({
        price: z.number().check(z.positive()),
        bid: z.optional(z.number().check(z.positive())),
        mid: z.optional(z.number().check(z.positive())),
        at: z.number(),
      }),
    ),
    {},
  ),
});

/**
 * Interval messages are signed by the ingest service, so only it can make an alert fire: anyone
 * else with publish rights on the topic could otherwise send a price the market never showed. The
 * signature is HMAC-SHA256, keyed with a secret only the ingest service and the functions hold,
 * over `${signedAt}.` followed by the message's bytes, sent as Pub/Sub attributes.
 */
export const INTERVAL_SIGNATURE = { signature: 'signature', signedAt: 'signedAt', scheme: 'v1=' } as const;

/**
 * How far a signature's time may lie from the evaluator's clock: a message is retried for ten
 * minutes (the evaluator's own limit), so a replay of an older one is refused; a minute ahead
 * allows for clock skew.
 */
export const INTERVAL_SIGNATURE_MAX_AGE_MS = 11 * 60_000;
export const INTERVAL_SIGNATURE_MAX_SKEW_MS = 60_000;
