/**
 * The relay's type 3 message: a pair's trading day and last hour (pairDay.ts), sent to a client as
 * it subscribes, one per followed pair with a price, before that pair's latest tick:
 *
 *   3{"symbol":"EURUSD","day_start":…,"open":1.08512,"open_time":…,"closes_from":…,"closes":[1.085,null,…]}
 *
 * `closes` holds one ask per minute from `closes_from` (a minute's start, ms since the epoch), null for
 * a minute without a tick. It extends the spec's protocol (0, 1, 2, 7, 9 keep their meaning), and only
 * the relay sends it: a client that does not know type 3 skips it as it skips any unknown line, and a
 * field this version does not know is ignored.
 */
import { z } from '../common/zod.ts';
import { MINUTE_MS, MIN_WIRE_PRICE, SPARK_MINUTES, type MinuteClose, type PairDay } from './pairDay.ts';

export const PAIR_DAY_TYPE = '3';

const time = z.int().check(z.nonnegative());
const price = z.number().check(z.gte(MIN_WIRE_PRICE));

const pairDayWireSchema = z
  .object({
    symbol: z.string().check(z.minLength(1), z.maxLength(16)),
    day_start: time,
    open: price,
    open_time: time,
    closes_from: time.check(z.refine((t) => t % MINUTE_MS === 0, 'closes_from must be a minute start')),
    closes: z.array(z.nullable(price)).check(z.maxLength(SPARK_MINUTES)),
  })
  .check(z.refine((w) => w.open_time >= w.day_start, 'open_time is before day_start'));
export type PairDayWire = z.infer<typeof pairDayWireSchema>;

export function encodePairDay(symbol: string, day: PairDay): string {
  const from = day.closes[0]?.minute ?? Math.floor(day.openAt / MINUTE_MS) * MINUTE_MS;
  const last = day.closes.at(-1)?.minute ?? from - MINUTE_MS;
  const closes: (number | null)[] = Array.from({ length: (last - from) / MINUTE_MS + 1 }, () => null);
  for (const c of day.closes) closes[(c.minute - from) / MINUTE_MS] = c.ask;
  const wire: PairDayWire = {
    symbol,
    day_start: day.dayStart,
    open: day.open,
    open_time: day.openAt,
    closes_from: from,
    closes,
  };
  return `${PAIR_DAY_TYPE}${JSON.stringify(wire)}`;
}

/** Parses a type 3 message's body (after the type character); never throws. */
export function parsePairDay(body: string): { ok: true; symbol: string; day: PairDay } | { ok: false; reason: string } {
  let json: unknown;
  try {
    json = JSON.parse(body);
  } catch {
    return { ok: false, reason: 'day message is not JSON' };
  }
  const parsed = pairDayWireSchema.safeParse(json);
  if (!parsed.success) return { ok: false, reason: `bad day message: ${parsed.error.issues[0]?.message}` };
  const w = parsed.data;
  const closes: MinuteClose[] = [];
  w.closes.forEach((ask, i) => {
    if (ask !== null) closes.push({ minute: w.closes_from + i * MINUTE_MS, ask });
  });
  return { ok: true, symbol: w.symbol, day: { dayStart: w.day_start, open: w.open, openAt: w.open_time, closes } };
}
