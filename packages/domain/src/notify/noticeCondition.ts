/**
 * What a notice (email, push, digest line) calls an alert's condition: a level's type and price,
 * or a move's words ('Up 1.5% in 15 min'), and for a fired move what it did ('EUR/USD up 1.52% in
 * 15 min (1.08410 to 1.10058)'). Deliveries and digests carry a move's fields in `move`.
 */
import { z } from '../common/zod.ts';
import {
  MAX_MOVE_PERCENT,
  MIN_MOVE_PERCENT,
  MOVE_ALERT_TYPES,
  MOVE_DIRECTIONS,
  MOVE_LOOKBACK_MINUTES,
  formatPrice,
  type AlertType,
  type CurrencyPair,
  type MoveAlertType,
  type PriceSide,
} from '../common/constants.ts';
import { moveConditionWords, moveFiredWords } from '../alerts/moveRules.ts';
import { alertTypeSchema } from '../store/schemas.ts';

/** A level's type or a move's: deliveries and digests name either. */
export const noticeAlertTypeSchema = z.union([alertTypeSchema, z.enum(MOVE_ALERT_TYPES)]);

/** A move alert's condition and, for a firing, the move that fired it. */
export const moveNoticeSchema = z.object({
  movePercent: z.number().check(z.gte(MIN_MOVE_PERCENT), z.lte(MAX_MOVE_PERCENT)),
  lookbackMinutes: z.optional(z.literal(MOVE_LOOKBACK_MINUTES)),
  direction: z.optional(z.enum(MOVE_DIRECTIONS)),
  /** The firing's move (per cent), the price it was measured from, and when that price was seen. */
  percent: z.optional(z.number()),
  from: z.optional(z.number().check(z.positive())),
  fromAt: z.optional(z.number()),
});
export type MoveNotice = z.infer<typeof moveNoticeSchema>;

export interface ConditionFields {
  currencyPair: CurrencyPair;
  alertType: AlertType | MoveAlertType;
  /** A level's price; absent on a move alert. */
  triggerPrice?: number | undefined;
  move?: MoveNotice | undefined;
  priceSide?: PriceSide | undefined;
}

const moveCondition = (a: ConditionFields, m: MoveNotice) => ({
  alertType: a.alertType as MoveAlertType,
  movePercent: m.movePercent,
  lookbackMinutes: m.lookbackMinutes,
  direction: m.direction,
});

// Ask is what the app shows everywhere, so only the other sides are named.
export const onSide = (a: Pick<ConditionFields, 'priceSide'>) =>
  a.priceSide && a.priceSide !== 'ask' ? ` on the ${a.priceSide}` : '';

/** 'Price rising above 1.08500 on the bid', 'Up 1.5% in 15 min'. */
export function conditionWords(a: ConditionFields): string {
  if (a.move) return `${moveConditionWords(moveCondition(a, a.move))}${onSide(a)}`;
  const price = a.triggerPrice === undefined ? '' : ` ${formatPrice(a.currencyPair, a.triggerPrice)}`;
  return `${a.alertType}${price}${onSide(a)}`;
}

/** What a fired move did, when the notice carries it: 'EUR/USD up 1.52% in 15 min (1.08410 to 1.10058)'. */
export function firedMoveWords(a: ConditionFields, price: number, at: number): string | undefined {
  const m = a.move;
  if (!m || m.percent === undefined || m.from === undefined) return undefined;
  return moveFiredWords(a.currencyPair, moveCondition(a, m), {
    price,
    at,
    from: m.from,
    fromAt: m.fromAt ?? at,
    percent: m.percent,
  });
}
