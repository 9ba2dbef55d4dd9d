import { z } from './zod.ts';
import { formatDateTime } from './dates.ts';

/**
 * The user's own time zone (users/{uid}.timeZone): the IANA zone of the device they last signed in
 * on, which the app stores when it differs from the one on the profile, so a person who travels gets
 * times in the zone they are in. Emails and pushes tell times in it. It is not the quiet-hours zone
 * (users/{uid}.quietHours.timeZone), which is the one the hours are judged in and the user may set
 * apart; that one is only the fallback when the profile has no zone of its own.
 */

export const TIME_ZONE_MAX_LENGTH = 64;

const formatters = new Map<string, Intl.DateTimeFormat>();

/** A formatter of every date and time part in `timeZone` (h23), made once per zone. */
export function zonedPartsFormatter(timeZone: string): Intl.DateTimeFormat {
  let formatter = formatters.get(timeZone);
  if (!formatter) {
    formatter = new Intl.DateTimeFormat('en-US', {
      timeZone,
      hourCycle: 'h23',
      year: 'numeric',
      month: 'numeric',
      day: 'numeric',
      hour: 'numeric',
      minute: 'numeric',
      second: 'numeric',
    });
    formatters.set(timeZone, formatter);
  }
  return formatter;
}

/** Whether the runtime knows this IANA time zone (a typo or an invented one throws in Intl). */
export function isTimeZone(timeZone: string): boolean {
  if (timeZone.length === 0 || timeZone.length > TIME_ZONE_MAX_LENGTH) return false;
  try {
    zonedPartsFormatter(timeZone);
    return true;
  } catch {
    return false;
  }
}

/** An IANA zone this runtime knows. */
export const timeZoneSchema = z.string().check(z.refine(isTimeZone, 'a known IANA time zone'));

/**
 * The profile's zone: one the runtime knows, else absent. A zone a newer device knows but this
 * runtime does not yet must not spoil the whole profile (notices then fall back: `noticeTimeZone`).
 */
export const profileTimeZoneSchema = z.catch(z.optional(timeZoneSchema), undefined);

/** Said of a time when nothing better is known. */
export const FALLBACK_TIME_ZONE = 'UTC';

/** The zone this device's clock is set to, when the runtime names one it knows. */
export function deviceTimeZone(): string | undefined {
  const zone = Intl.DateTimeFormat().resolvedOptions().timeZone;
  return typeof zone === 'string' && isTimeZone(zone) ? zone : undefined;
}

/** The zone to write to the profile: the device's, when it is known and not stored already; else none. */
export function timeZoneToStore(stored: string | undefined, device: string | undefined): string | undefined {
  return device !== undefined && isTimeZone(device) && device !== stored ? device : undefined;
}

/** The zone notices tell times in: the profile's, else the quiet hours', else UTC; never one the runtime cannot use. */
export function noticeTimeZone(profileZone: string | undefined, quietZone?: string): string {
  return [profileZone, quietZone].find((zone) => zone !== undefined && isTimeZone(zone)) ?? FALLBACK_TIME_ZONE;
}

const ZONE_LOCALES = ['en-US', 'en-GB'] as const;
const zoneFormatters = new Map<string, Intl.DateTimeFormat>();

function zoneFormatter(locale: string, timeZone: string): Intl.DateTimeFormat {
  const key = `${locale} ${timeZone}`;
  let formatter = zoneFormatters.get(key);
  if (!formatter) {
    formatter = new Intl.DateTimeFormat(locale, { timeZone, timeZoneName: 'short' });
    zoneFormatters.set(key, formatter);
  }
  return formatter;
}

/**
 * The zone's short name at that instant, so a time is never ambiguous: 'EST' or 'EDT' (US English
 * knows America's), 'CET', 'CEST', 'BST' (British English knows Europe's), else the offset, 'GMT+9',
 * 'GMT+5:30'; 'UTC' for UTC.
 */
export function zoneAbbreviation(at: Date, timeZone: string): string {
  const names = ZONE_LOCALES.map(
    (locale) =>
      zoneFormatter(locale, timeZone)
        .formatToParts(at)
        .find((p) => p.type === 'timeZoneName')?.value ?? timeZone,
  );
  return names.find((name) => !/^GMT[+-]/.test(name)) ?? names[0] ?? timeZone;
}

/** 'Nov 22, 09:05 EST': the time as a clock in the zone shows it, and the zone's name then. */
export function formatZonedDateTime(at: Date, timeZone: string): string {
  if (Number.isNaN(at.getTime())) return formatDateTime(at, timeZone);
  return `${formatDateTime(at, timeZone)} ${zoneAbbreviation(at, timeZone)}`;
}

/** The email's small print: the zone its times are in, by its full name. */
export const timesAreIn = (timeZone: string) => `Times are in ${timeZone}.`;
