/**
 * createdAt arrives in every shape the spec names: a Firestore Timestamp (or its plain
 * {seconds, nanoseconds} form once serialised), a Date, or a date string.
 */
export type DateLike =
  Date | string | number | { seconds: number; nanoseconds: number } | { toDate(): Date } | null | undefined;

export const DATE_NOT_AVAILABLE = 'Date not available';
export const INVALID_DATE = 'Invalid date';
export const INVALID_DATE_FORMAT = 'Invalid date format';

const formatters = new Map<string, Intl.DateTimeFormat>();
const STYLES = {
  dateTime: { month: 'short', day: 'numeric', hour: '2-digit', minute: '2-digit', hourCycle: 'h23' },
  weekdayTime: { weekday: 'short', hour: '2-digit', minute: '2-digit', hourCycle: 'h23' },
} as const satisfies Record<string, Intl.DateTimeFormatOptions>;

/** Intl formatters are costly to build and rows format many dates, so one is kept per style and time zone. */
function formatterFor(timeZone: string | undefined, style: keyof typeof STYLES = 'dateTime'): Intl.DateTimeFormat {
  const key = `${style} ${timeZone ?? ''}`;
  let formatter = formatters.get(key);
  if (!formatter) {
    formatter = new Intl.DateTimeFormat('en-US', { ...STYLES[style], ...(timeZone ? { timeZone } : {}) });
    formatters.set(key, formatter);
  }
  return formatter;
}

function hasToDate(v: object): v is { toDate(): Date } {
  return typeof (v as { toDate?: unknown }).toDate === 'function';
}

function isSecondsShape(v: object): v is { seconds: number; nanoseconds: number } {
  const s = v as { seconds?: unknown; nanoseconds?: unknown };
  return typeof s.seconds === 'number' && typeof s.nanoseconds === 'number';
}

/** Converts any accepted shape to a Date; `undefined` for no value, `null` for an unknown shape. */
export function toDate(value: DateLike): Date | null | undefined {
  if (value === null || value === undefined || value === '') return undefined;
  if (value instanceof Date) return value;
  if (typeof value === 'string' || typeof value === 'number') return new Date(value);
  if (hasToDate(value)) return value.toDate();
  if (isSecondsShape(value)) return new Date(value.seconds * 1000 + Math.floor(value.nanoseconds / 1e6));
  return null;
}

/**
 * "Nov 22, 14:05" style (short month, day, hour, minute, 24-hour, en-US), with the spec's three
 * fallbacks: no value, a value that is not a real date, and a shape that is not a date at all.
 */
export function formatDateTime(value: DateLike | Record<string, unknown>, timeZone?: string): string {
  const date = toDate(value as DateLike);
  if (date === undefined) return DATE_NOT_AVAILABLE;
  if (date === null) return INVALID_DATE_FORMAT;
  if (Number.isNaN(date.getTime())) return INVALID_DATE;
  return formatterFor(timeZone).format(date);
}

/** Milliseconds since the epoch for sorting; unknown or missing dates sort last. */
export function dateMillis(value: DateLike): number {
  const date = toDate(value);
  if (!date || Number.isNaN(date.getTime())) return Number.NEGATIVE_INFINITY;
  return date.getTime();
}

const DAY_MS = 86_400_000;

/**
 * 'Fri 21:59' (weekday, 24-hour time) for an instant within six days of `now`, either way: a weekday
 * alone names one day only that close. Further off it is formatDateTime's 'Jan 10, 21:59'.
 */
export function formatWeekdayTime(at: number, now: number, timeZone?: string): string {
  if (!Number.isFinite(at)) return INVALID_DATE;
  if (Math.abs(now - at) >= 6 * DAY_MS) return formatDateTime(at, timeZone);
  return formatterFor(timeZone, 'weekdayTime').format(at);
}

/**
 * A length of time in its two largest units, rounded down: '45 s', '3 min', '2 h 5 min', '1 d 4 h'
 * ('0 s' for anything negative). Rounded down so an age never runs ahead of the truth.
 */
export function formatDuration(ms: number): string {
  const seconds = Math.max(0, Math.floor(ms / 1000));
  if (seconds < 60) return `${seconds} s`;
  const minutes = Math.floor(seconds / 60);
  if (minutes < 60) return `${minutes} min`;
  const hours = Math.floor(minutes / 60);
  if (hours < 24) return minutes % 60 ? `${hours} h ${minutes % 60} min` : `${hours} h`;
  const days = Math.floor(hours / 24);
  return hours % 24 ? `${days} d ${hours % 24} h` : `${days} d`;
}

/** '45 s ago', '3 min ago': how old something is, as formatDuration words it. */
export function formatAge(ms: number): string {
  return `${formatDuration(ms)} ago`;
}
