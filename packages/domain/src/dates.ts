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

/** Intl formatters are costly to build and rows format many dates, so one is kept per time zone. */
function formatterFor(timeZone: string | undefined): Intl.DateTimeFormat {
  const key = timeZone ?? '';
  let formatter = formatters.get(key);
  if (!formatter) {
    formatter = new Intl.DateTimeFormat('en-US', {
      month: 'short',
      day: 'numeric',
      hour: '2-digit',
      minute: '2-digit',
      hourCycle: 'h23',
      ...(timeZone ? { timeZone } : {}),
    });
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
