import { z } from '../common/zod.ts';
import type { HeldChannel } from '../common/constants.ts';
import { timeZoneSchema, zonedPartsFormatter } from '../common/timeZones.ts';

/**
 * Quiet hours (users/{uid}.quietHours): a daily window, in the user's own time zone, during which
 * notifications are held and then sent together as one digest when the window ends.
 *
 * - `from` is inside the window, `to` is not: 22:00 to 07:00 holds 21:59:59.999 nothing and 22:00
 *   everything, and releases at 07:00 exactly.
 * - A window whose `from` is later than its `to` runs across midnight; an equal pair is refused
 *   (it would mean either never or always, and neither is what a person setting hours means).
 * - Push is always held; email only when `holdEmail` is on, since an email waits silently in an
 *   inbox and most people want the record at once.
 * - The zone is an IANA name stored with the settings, so the window follows the user, not the
 *   server, and a change of zone (travel) moves the end of a window already running.
 */
export const QUIET_TIME_PATTERN = /^([01]\d|2[0-3]):[0-5]\d$/;
export const DEFAULT_QUIET_FROM = '22:00';
export const DEFAULT_QUIET_TO = '07:00';
export const quietHoursSchema = z
  .object({
    enabled: z.boolean(),
    from: z.string().check(z.regex(QUIET_TIME_PATTERN, 'a time as HH:MM')),
    to: z.string().check(z.regex(QUIET_TIME_PATTERN, 'a time as HH:MM')),
    timeZone: timeZoneSchema,
    holdEmail: z.boolean(),
  })
  .check(z.refine((q) => q.from !== q.to, 'quiet hours must start and end at different times'));
export type QuietHours = z.infer<typeof quietHoursSchema>;

/** The settings a user has before choosing any: off, 22:00 to 07:00, push held and email sent. */
export function defaultQuietHours(timeZone: string): QuietHours {
  return { enabled: false, from: DEFAULT_QUIET_FROM, to: DEFAULT_QUIET_TO, timeZone, holdEmail: false };
}

interface WallTime {
  year: number;
  month: number;
  day: number;
  msOfDay: number;
}

function wallTime(at: number, timeZone: string): WallTime {
  const parts: Record<string, string> = {};
  for (const part of zonedPartsFormatter(timeZone).formatToParts(at)) parts[part.type] = part.value;
  const ms = ((at % 1000) + 1000) % 1000;
  return {
    year: Number(parts.year),
    month: Number(parts.month),
    day: Number(parts.day),
    msOfDay: ((Number(parts.hour) * 60 + Number(parts.minute)) * 60 + Number(parts.second)) * 1000 + ms,
  };
}

const minutesOf = (hhmm: string) => Number(hhmm.slice(0, 2)) * 60 + Number(hhmm.slice(3, 5));
const MINUTE_MS = 60_000;
const DAY_MS = 86_400_000;

function offset(at: number, timeZone: string): number {
  const t = wallTime(at, timeZone);
  return Date.UTC(t.year, t.month - 1, t.day) + t.msOfDay - at;
}

/**
 * The instants the zone's clocks show `hhmm` on the local date `days` after `t`'s. A time that a
 * daylight-saving jump skips (01:30 on London's spring-forward night) comes out as the instant of the
 * jump, the first one past it on the wall; a time shown twice (autumn) comes out as both showings.
 */
function instantsOf(t: WallTime, days: number, hhmm: string, timeZone: string): number[] {
  const wall = Date.UTC(t.year, t.month - 1, t.day + days) + minutesOf(hhmm) * MINUTE_MS;
  // Zones change offset at most once within a few days: the offsets a day either side are the only
  // candidates. The instants whose wall time is `wall`: none when skipped, two when shown twice.
  const offsets = [offset(wall - DAY_MS, timeZone), offset(wall + DAY_MS, timeZone)];
  const shown = [...new Set(offsets.map((o) => wall - o).filter((at) => at + offset(at, timeZone) === wall))];
  if (shown.length > 0) return shown;
  // Skipped: the clocks jumped over it, so the first instant past it on the wall is the jump itself.
  let before = wall - Math.max(...offsets);
  let after = wall - Math.min(...offsets);
  while (after - before > MINUTE_MS) {
    const middle = before + Math.floor((after - before) / 2 / MINUTE_MS) * MINUTE_MS;
    if (offset(middle, timeZone) === offset(after, timeZone)) after = middle;
    else before = middle;
  }
  return [after];
}

/** Whether `at` falls inside the window (on or off does not matter here; see `isQuiet`). */
function inWindow(q: QuietHours, at: number): boolean {
  const now = wallTime(at, q.timeZone).msOfDay;
  const from = minutesOf(q.from) * MINUTE_MS;
  const to = minutesOf(q.to) * MINUTE_MS;
  return from < to ? from <= now && now < to : now >= from || now < to;
}

/** Whether quiet hours are on and `at` lies inside them. */
export function isQuiet(q: QuietHours | undefined, at: number): boolean {
  return q?.enabled === true && inWindow(q, at);
}

/** When the quiet window holding `at` ends (the first instant not quiet); undefined when `at` is not quiet. */
export function quietEnd(q: QuietHours | undefined, at: number): number | undefined {
  if (!q || !isQuiet(q, at)) return undefined;
  const t = wallTime(at, q.timeZone);
  // The next showing of `to`: in the repeated autumn hour that may be its second showing.
  const ends = [0, 1, 2].flatMap((days) => instantsOf(t, days, q.to, q.timeZone)).filter((end) => end > at);
  return ends.length > 0 ? Math.min(...ends) : undefined;
}

/** The channels held at `at`: push and Telegram during quiet hours, email too when the user asked for that. */
export function heldChannels(q: QuietHours | undefined, at: number): HeldChannel[] {
  if (!q || !isQuiet(q, at)) return [];
  return q.holdEmail ? ['email', 'push', 'telegram'] : ['push', 'telegram'];
}

/** '07:00': the wall time of an instant in the zone, as the history names the digest sent then. */
export function clockTime(at: number, timeZone: string): string {
  const ms = wallTime(at, timeZone).msOfDay;
  const minutes = Math.floor(ms / MINUTE_MS);
  return `${String(Math.floor(minutes / 60)).padStart(2, '0')}:${String(minutes % 60).padStart(2, '0')}`;
}
