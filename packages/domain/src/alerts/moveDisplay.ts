/**
 * How the screens put move alerts into words (moveRules.ts words the notices): the condition where
 * the spec shows the trigger price, what the move is measured from, what a fired one did, and the
 * create screen's move so far against the threshold and its warning. Pure, pinned by table tests.
 */
import {
  formatPrice,
  type CurrencyPair,
  type MoveDirection,
  type MoveLookback,
  type MoveRead,
} from '../common/constants.ts';
import { dateMillis } from '../common/dates.ts';
import { MSG_MOVE_FIRES_AT_ONCE } from '../copy/messages.ts';
import { hasMarketHours } from '../prices/marketHours.ts';
import { reachesMove, type SeedPoint } from '../prices/moves.ts';
import type { Alert, MoveAlert } from '../store/appAlerts.ts';
import { isLevelAlert, isMoveAlert } from './alertKinds.ts';
import {
  MOVE_LOOKBACK_LABELS,
  moveAxis,
  moveConditionWords,
  moveSpanWords,
  moveWords,
  type MoveCondition,
  type MoveFiring,
  type MoveShape,
} from './moveRules.ts';

export const MOVE_DIRECTION_LABELS: Record<MoveDirection, string> = { up: 'Up', down: 'Down' };

/** The create screen's offers for the threshold, in per cent (typed values go from 0.01 to 50). */
export const MOVE_PERCENT_OFFERS = [0.25, 0.5, 1, 2] as const;

/** Where a type this version does not know would show its condition. */
export const UNKNOWN_CONDITION_TEXT = '—';
export const UNKNOWN_CONDITION_DETAIL = 'Update the app to see this alert’s condition.';

/** What fires the alert, where the spec shows the trigger price: '1.08512', 'Up 1.5% in 15 min'. */
export function conditionText(alert: Alert): string {
  if (isLevelAlert(alert)) return formatPrice(alert.currencyPair, alert.triggerPrice);
  if (isMoveAlert(alert)) return moveConditionWords(alert);
  return UNKNOWN_CONDITION_TEXT;
}

/**
 * The row's short form, in its price column: the level, or a move's threshold signed by its
 * direction ('+1.5%', '−2%'), whose span the type line carries (rowTypeText).
 */
export function rowConditionText(alert: Alert): string {
  if (!isMoveAlert(alert)) return conditionText(alert);
  return `${moveAxis(alert).direction === 'up' ? '+' : '−'}${Number(alert.movePercent.toFixed(2))}%`;
}

/** The row's type line: the type, and a moving type's lookback ('Moving up % · 15 min'). */
export function rowTypeText(alert: Alert): string {
  if (!isMoveAlert(alert) || alert.lookbackMinutes === undefined) return alert.alertType;
  return `${alert.alertType} · ${MOVE_LOOKBACK_LABELS[alert.lookbackMinutes]}`;
}

/** The details sheet's label for it: the spec's 'Trigger price' for a level, 'Trigger' otherwise. */
export const conditionLabel = (alert: Alert): string => (isLevelAlert(alert) ? 'Trigger price' : 'Trigger');

/** The details sheet's value for it. */
export const conditionDetail = (alert: Alert): string =>
  isLevelAlert(alert) || isMoveAlert(alert) ? conditionText(alert) : UNKNOWN_CONDITION_DETAIL;

/** When the pair's trading day starts: 17:00 New York for FX and metals, 00:00 UTC for crypto. */
export const dayOpenText = (pair: CurrencyPair): string => (hasMarketHours(pair) ? '17:00 New York' : '00:00 UTC');

/** What the move is measured from: 'The lowest price of the last 15 min', 'The day’s open (17:00 New York)'. */
export function moveReferenceText(pair: CurrencyPair, c: MoveShape): string {
  if (c.alertType === 'Change on the day') return `The day’s open (${dayOpenText(pair)})`;
  const { direction } = moveAxis(c);
  const span = MOVE_LOOKBACK_LABELS[c.lookbackMinutes ?? 15];
  return `The ${direction === 'up' ? 'lowest' : 'highest'} price of the last ${span}`;
}

/** A read ('up:15', 'down:day') as the shape it names. */
export function shapeOfRead(read: MoveRead): MoveShape {
  const [direction, reference] = read.split(':') as [MoveDirection, string];
  if (reference === 'day') return { alertType: 'Change on the day', direction };
  return {
    alertType: direction === 'up' ? 'Moving up %' : 'Moving down %',
    lookbackMinutes: Number(reference) as MoveLookback,
  };
}

const capitalised = (text: string) => text.charAt(0).toUpperCase() + text.slice(1);

/**
 * What a fired move alert did, for its row and details: 'Up 1.52% in 15 min (1.08410 to 1.10058)'.
 * Null until it has fired (or for one fired before moves were kept).
 */
export function firedMoveText(alert: MoveAlert): string | null {
  const fired = alert.firedMove;
  const price = alert.status === 'triggered' ? alert.triggeredPrice : alert.lastFiredPrice;
  if (!fired || price === undefined) return null;
  const at = alert.status === 'triggered' ? dateMillis(alert.triggeredAt ?? null) : (alert.lastFiredAt ?? 0);
  const { read, ...move } = fired;
  const f: MoveFiring = { ...move, price, at };
  // The read it fired on: the alert may have been edited to another since.
  return capitalised(moveWords(alert.currencyPair, read ? shapeOfRead(read) : alert, f));
}

/** The history's sentence for a fired move: 'Fired: up 1.52% in 15 min (1.08410 to 1.10058)'. */
export function firedMoveSentence(
  pair: CurrencyPair,
  event: {
    at: number;
    price: number;
    move: { percent: number; from: number; fromAt: number; read?: MoveRead | undefined };
  },
): string {
  const f: MoveFiring = { ...event.move, price: event.price, at: event.at };
  if (event.move.read) return `Fired: ${moveWords(pair, shapeOfRead(event.move.read), f)}`;
  // Recorded before events named their read: the direction from the prices, the span unknown.
  const direction = event.price >= event.move.from ? 'up' : 'down';
  return `Fired: ${direction} ${Math.abs(event.move.percent).toFixed(2)}% (${formatPrice(pair, event.move.from)} to ${formatPrice(pair, event.price)})`;
}

export interface MoveSoFar {
  /** Signed: a rise is positive (a fall for 'Moving down %' is reported positive, as its move). */
  percent: number;
  /** The move already reaches the threshold: the alert would fire at the next price. */
  reached: boolean;
  /** 'Up 0.62% in 15 min · fires at 1.50%'; a day's change 'Down 0.40% on the day · fires at −2.00%'. */
  line: string;
  /** 'up 0.62% in 15 min', for the warning. */
  moved: string;
}

/**
 * The move so far of `price` against its reference as last stored (the lookback's low and high or
 * the day's open, at most 20 s old: latestMoves.ts), taking the price itself into the low or
 * high as the ingest service does. Undefined when no reference is stored yet.
 */
export function moveSoFar(
  c: MoveShape & { movePercent?: number | undefined },
  stored: SeedPoint | undefined,
  price: number,
): MoveSoFar | undefined {
  if (!stored || !(price > 0) || !(stored.low > 0) || !(stored.high > 0)) return undefined;
  const span = moveSpanWords(c);
  const day = c.alertType === 'Change on the day';
  const { direction } = moveAxis(c);
  let percent: number;
  let toward: number;
  let moved: string;
  if (day) {
    percent = (price / stored.low - 1) * 100;
    toward = direction === 'down' ? -percent : percent;
    moved = `${percent >= 0 ? 'up' : 'down'} ${Math.abs(percent).toFixed(2)}% ${span}`;
  } else {
    const from = direction === 'up' ? Math.min(stored.low, price) : Math.max(stored.high, price);
    percent = direction === 'up' ? (price / from - 1) * 100 : (1 - price / from) * 100;
    toward = percent;
    moved = `${direction} ${percent.toFixed(2)}% ${span}`;
  }
  // Without a threshold yet (the field is empty or wrong), the move alone.
  if (c.movePercent === undefined) return { percent, reached: false, line: capitalised(moved), moved };
  const sign = day ? (direction === 'down' ? '−' : '+') : '';
  return {
    percent,
    reached: reachesMove(toward, c.movePercent),
    line: `${capitalised(moved)} · fires at ${sign}${c.movePercent.toFixed(2)}%`,
    moved,
  };
}

/** Before saving: a move already at or past the threshold fires at the next price. */
export function moveWarning(c: MoveCondition, stored: SeedPoint | undefined, price: number): string | null {
  const now = moveSoFar(c, stored, price);
  return now?.reached ? MSG_MOVE_FIRES_AT_ONCE(now.moved) : null;
}
