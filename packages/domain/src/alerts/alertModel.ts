import type { AlertType } from '../common/constants.ts';

/**
 * The alert model beyond the spec's one-shot alert (README, "When an alert fires"): repeating alerts
 * with their three guards, and expiry. Every default keeps the spec's behaviour: an alert without
 * these fields fires once, never expires, and is judged on the ask.
 */

export const REPEAT_MODES = ['once', 'every'] as const;
export type RepeatMode = (typeof REPEAT_MODES)[number];
export const DEFAULT_REPEAT: RepeatMode = 'once';
export const REPEAT_LABELS: Record<RepeatMode, string> = { once: 'Once', every: 'Every time' };

/** At most one firing per cooldown; the choices the screens offer, in minutes. */
export const COOLDOWN_MINUTES = [1, 5, 15, 60, 1440] as const;
export type CooldownMinutes = (typeof COOLDOWN_MINUTES)[number];
export const DEFAULT_COOLDOWN_MINUTES: CooldownMinutes = 15;
export const COOLDOWN_LABELS: Record<CooldownMinutes, string> = {
  1: '1 min',
  5: '5 min',
  15: '15 min',
  60: '1 hour',
  1440: '1 day',
};

/** Re-arm distance (hysteresis), in percent of the trigger price. */
export const DEFAULT_REARM_PERCENT = 0.1;
export const MIN_REARM_PERCENT = 0.01;
export const MAX_REARM_PERCENT = 10;

/** The runaway guard: more than this many firings within the window pauses the alert. */
export const RUNAWAY_MAX_FIRINGS = 15;
export const RUNAWAY_WINDOW_MS = 3 * 60_000;

/** What the server keeps about one alert's past, and for how long (a TTL policy deletes older events). */
export const HISTORY_RETENTION_DAYS = 90;
export const HISTORY_RETENTION_MS = HISTORY_RETENTION_DAYS * 24 * 60 * 60_000;

export const EXPIRY_CHOICES = ['never', 'today', 'week', 'month', 'date'] as const;
export type ExpiryChoice = (typeof EXPIRY_CHOICES)[number];
export const EXPIRY_LABELS: Record<ExpiryChoice, string> = {
  never: 'Never',
  today: 'End of today',
  week: 'In a week',
  month: 'In a month',
  date: 'On a date',
};

/**
 * When an alert with this expiry choice ends, in ms since the epoch, or undefined for never.
 * 'End of today' is the last minute of the day where the user is (the device's local time, which
 * the Date methods use); 'date' takes the value of a datetime-local input, also local.
 */
export function expiryMillis(choice: ExpiryChoice, now: Date, dateText = ''): number | undefined {
  if (choice === 'never') return undefined;
  if (choice === 'today') {
    // The day's last moment, so the choice stays in the future until midnight.
    const end = new Date(now);
    end.setHours(23, 59, 59, 999);
    return end.getTime();
  }
  if (choice === 'week') return now.getTime() + 7 * 24 * 60 * 60_000;
  if (choice === 'month') {
    // The same day next month, or that month's last day (31 January becomes 28 or 29 February).
    const end = new Date(now);
    end.setDate(1);
    end.setMonth(end.getMonth() + 1);
    const lastDay = new Date(end.getFullYear(), end.getMonth() + 1, 0).getDate();
    end.setDate(Math.min(now.getDate(), lastDay));
    return end.getTime();
  }
  const parts = /^(\d{4})-(\d{2})-(\d{2})T(\d{2}):(\d{2})$/.exec(dateText)?.slice(1).map(Number);
  if (!parts) return Number.NaN;
  const [year = 0, month = 0, day = 0, hours = 0, minutes = 0] = parts;
  const at = new Date(year, month - 1, day, hours, minutes);
  // Date rolls 30 February over to March; an edited input may hold what a datetime-local never does.
  // (Only the date is compared: a time in a daylight-saving gap moves by the hour, as the input does.)
  const real = at.getFullYear() === year && at.getMonth() === month - 1 && at.getDate() === day;
  return real && hours <= 23 && minutes <= 59 ? at.getTime() : Number.NaN;
}

/**
 * Where the price must go back to before an every-time alert may fire again: below the level by the
 * distance for 'rising above', above it for 'dropping below', and either way for 'reaching'.
 */
export function rearmThresholds(
  type: AlertType,
  triggerPrice: number,
  rearmPercent: number,
): { rearmBelow?: number; rearmAbove?: number } {
  const d = rearmPercent / 100;
  const below = triggerPrice * (1 - d);
  const above = triggerPrice * (1 + d);
  if (type === 'Price rising above') return { rearmBelow: below };
  if (type === 'Price dropping below') return { rearmAbove: above };
  return { rearmBelow: below, rearmAbove: above };
}

/** Whether a price re-arms an alert waiting on these thresholds. */
export function rearmsAt(thresholds: { rearmBelow?: number; rearmAbove?: number }, price: number): boolean {
  return (
    (thresholds.rearmBelow !== undefined && price <= thresholds.rearmBelow) ||
    (thresholds.rearmAbove !== undefined && price >= thresholds.rearmAbove)
  );
}

/**
 * The firing times the runaway guard keeps after a firing at `at`: those within the window. When
 * they number more than RUNAWAY_MAX_FIRINGS the alert is paused.
 */
export function recentFirings(previous: readonly number[], at: number): { firings: number[]; runaway: boolean } {
  const firings = [...previous, at].filter((t) => at - t < RUNAWAY_WINDOW_MS).slice(-(RUNAWAY_MAX_FIRINGS + 1));
  return { firings, runaway: firings.length > RUNAWAY_MAX_FIRINGS };
}

/** Whether an alert repeats (a missing field reads as once). */
export const repeats = (alert: { repeat?: RepeatMode | undefined }): boolean => alert.repeat === 'every';

/** The every-time fields a firing reads. */
export interface RepeatState {
  alertType: AlertType;
  triggerPrice: number;
  cooldownMinutes?: number | undefined;
  rearmPercent?: number | undefined;
  fireCount?: number | undefined;
  recentFirings?: number[] | undefined;
}

/** What a firing writes on an every-time alert (the caller adds the history and the delivery). */
export interface RepeatFiring {
  armed: false;
  rearmBelow?: number;
  rearmAbove?: number;
  fireCount: number;
  lastFiredAt: number;
  lastFiredPrice: number;
  recentFirings: number[];
  /** Set when the runaway guard pauses it. */
  status?: 'paused';
  pauseReason?: 'runaway';
}

/**
 * An every-time alert that fired at `at`: it stays active but disarmed until the price goes back
 * past the re-arm distance, counts the firing, and is paused when the runaway guard says so.
 */
export function repeatAfterFiring(alert: RepeatState, at: number, price: number): RepeatFiring {
  const { firings, runaway } = recentFirings(alert.recentFirings ?? [], at);
  return {
    armed: false,
    ...rearmThresholds(alert.alertType, alert.triggerPrice, alert.rearmPercent ?? DEFAULT_REARM_PERCENT),
    fireCount: (alert.fireCount ?? 0) + 1,
    lastFiredAt: at,
    lastFiredPrice: price,
    recentFirings: firings,
    ...(runaway ? { status: 'paused' as const, pauseReason: 'runaway' as const } : {}),
  };
}

/** When an every-time alert's cooldown after its last firing ends (ms). */
export function cooldownEnd(alert: { lastFiredAt?: number | undefined; cooldownMinutes?: number | undefined }): number {
  if (alert.lastFiredAt === undefined) return Number.NEGATIVE_INFINITY;
  return alert.lastFiredAt + (alert.cooldownMinutes ?? DEFAULT_COOLDOWN_MINUTES) * 60_000;
}

/**
 * Whether prices re-arm a disarmed every-time alert: the first price after its last firing that is
 * back past the re-arm distance. It is armed from then, or, when that is inside the cooldown, from
 * the cooldown's end (`armAt`), so a price chopping around the level never fires it more than once
 * per cooldown.
 *
 * `before` is the price the path starts from (an interval's price before its window, held until
 * `heldUntil`): a firing's own window re-arms nothing after the firing (re-arming is judged before
 * firing), so a price back past the distance at the end of that window is only ever seen as the next
 * window's price before. It counts, at `heldUntil`, when that is after the last firing: the last
 * price observed before then was observed at or after the firing, which was itself an observation.
 */
export function rearmDecision(
  alert: { rearmBelow?: number | undefined; rearmAbove?: number | undefined } & Parameters<typeof cooldownEnd>[0],
  points: readonly { price: number; at: number }[],
  before?: { price: number; heldUntil: number },
): { at: number; armAt?: number } | undefined {
  const after = alert.lastFiredAt ?? Number.NEGATIVE_INFINITY;
  const start = before && before.heldUntil > after ? [{ price: before.price, at: before.heldUntil }] : [];
  const point = [...start, ...points].find((p) => p.at >= after && rearmsAt(alert, p.price));
  if (!point) return undefined;
  const end = cooldownEnd(alert);
  return end > point.at ? { at: point.at, armAt: end } : { at: point.at };
}
