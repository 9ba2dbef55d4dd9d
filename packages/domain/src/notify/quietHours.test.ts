import { isTimeZone } from '../common/timeZones.ts';
import { describe, expect, it } from 'vitest';
import {
  clockTime,
  defaultQuietHours,
  heldChannels,
  isQuiet,
  quietEnd,
  quietHoursSchema,
  type QuietHours,
} from './quietHours.ts';
import { profileSchema } from '../store/schemas.ts';

const t = (iso: string) => Date.parse(iso);
const iso = (at: number | undefined) => (at === undefined ? undefined : new Date(at).toISOString());
const on = (timeZone: string, patch: Partial<QuietHours> = {}): QuietHours => ({
  ...defaultQuietHours(timeZone),
  enabled: true,
  ...patch,
});

// London is on GMT (= UTC) in winter and BST (UTC+1) from 28 March 2027; it went back to GMT on
// 25 October 2026 at 01:00 UTC. New York is UTC-5 in winter.
describe('isQuiet and quietEnd, 22:00 to 07:00', () => {
  it.each<[string, QuietHours, string, boolean, string | undefined]>([
    ['a firing at 21:59:59 is not quiet', on('Europe/London'), '2026-11-23T21:59:59.000Z', false, undefined],
    ['a millisecond before 22:00', on('Europe/London'), '2026-11-23T21:59:59.999Z', false, undefined],
    ['22:00 exactly is quiet', on('Europe/London'), '2026-11-23T22:00:00.000Z', true, '2026-11-24T07:00:00.000Z'],
    ['across midnight', on('Europe/London'), '2026-11-24T00:30:00.000Z', true, '2026-11-24T07:00:00.000Z'],
    ['06:59:59.999 is quiet', on('Europe/London'), '2026-11-24T06:59:59.999Z', true, '2026-11-24T07:00:00.000Z'],
    ['07:00 exactly is not', on('Europe/London'), '2026-11-24T07:00:00.000Z', false, undefined],
    ['midday is not', on('Europe/London'), '2026-11-24T12:00:00.000Z', false, undefined],
    ['off: 03:00 is not quiet', defaultQuietHours('Europe/London'), '2026-11-24T03:00:00.000Z', false, undefined],
    [
      'New York 22:00 is 03:00 UTC',
      on('America/New_York'),
      '2026-11-24T03:00:00.000Z',
      true,
      '2026-11-24T12:00:00.000Z',
    ],
    ['New York 21:59 is not', on('America/New_York'), '2026-11-24T02:59:00.000Z', false, undefined],
    ['Tokyo 23:00', on('Asia/Tokyo'), '2026-11-23T14:00:00.000Z', true, '2026-11-23T22:00:00.000Z'],
    [
      'spring forward inside the window: 07:00 BST is 06:00 UTC',
      on('Europe/London'),
      '2027-03-27T23:00:00.000Z',
      true,
      '2027-03-28T06:00:00.000Z',
    ],
    [
      'autumn back inside the window: from 22:00 BST to 07:00 GMT',
      on('Europe/London'),
      '2026-10-24T21:00:00.000Z',
      true,
      '2026-10-25T07:00:00.000Z',
    ],
    [
      'an end the spring jump skips (01:30) ends at the jump',
      on('Europe/London', { to: '01:30' }),
      '2027-03-27T23:00:00.000Z',
      true,
      '2027-03-28T01:00:00.000Z',
    ],
    [
      'an end shown twice in autumn (01:30) ends at its first showing',
      on('Europe/London', { to: '01:30' }),
      '2026-10-24T22:00:00.000Z',
      true,
      '2026-10-25T00:30:00.000Z',
    ],
    [
      'in the repeated hour after the first 01:30: quiet again until its second showing',
      on('Europe/London', { to: '01:30' }),
      '2026-10-25T01:00:00.000Z',
      true,
      '2026-10-25T01:30:00.000Z',
    ],
    [
      'a daytime window 13:00 to 14:00',
      on('UTC', { from: '13:00', to: '14:00' }),
      '2026-11-24T13:30:00.000Z',
      true,
      '2026-11-24T14:00:00.000Z',
    ],
    [
      'before a daytime window',
      on('UTC', { from: '13:00', to: '14:00' }),
      '2026-11-24T12:59:59.999Z',
      false,
      undefined,
    ],
    ['after a daytime window', on('UTC', { from: '13:00', to: '14:00' }), '2026-11-24T14:00:00.000Z', false, undefined],
  ])('%s', (_label, q, at, quiet, end) => {
    expect(isQuiet(q, t(at))).toBe(quiet);
    expect(iso(quietEnd(q, t(at)))).toBe(end);
  });

  it('a window is the time between its ends: 9 hours, 8 on the spring night and 10 on the autumn one', () => {
    const length = (start: string) => (quietEnd(on('Europe/London'), t(start)) ?? 0) - t(start);
    expect(length('2026-11-23T22:00:00.000Z') / 3_600_000).toBe(9);
    expect(length('2027-03-27T22:00:00.000Z') / 3_600_000).toBe(8);
    expect(length('2026-10-24T21:00:00.000Z') / 3_600_000).toBe(10);
  });

  it('the end of a window is never quiet and the instant before it is', () => {
    for (const q of [
      on('Europe/London'),
      on('America/New_York'),
      on('Australia/Sydney', { from: '23:30', to: '06:15' }),
    ]) {
      for (let at = t('2026-11-20T00:00:00Z'); at < t('2026-11-23T00:00:00Z'); at += 37 * 60_000) {
        const end = quietEnd(q, at);
        if (end === undefined) continue;
        expect(isQuiet(q, end)).toBe(false);
        expect(isQuiet(q, end - 1)).toBe(true);
      }
    }
  });
});

describe('heldChannels', () => {
  const night = t('2026-11-24T01:00:00.000Z');
  it.each<[string, QuietHours | undefined, number, string[]]>([
    ['no settings hold nothing', undefined, night, []],
    ['off holds nothing', defaultQuietHours('UTC'), night, []],
    ['on, in the window: push and Telegram by default', on('UTC'), night, ['push', 'telegram']],
    ['on, in the window, email held too', on('UTC', { holdEmail: true }), night, ['email', 'push', 'telegram']],
    ['on, out of the window', on('UTC', { holdEmail: true }), t('2026-11-24T12:00:00.000Z'), []],
  ])('%s', (_label, q, at, channels) => {
    expect(heldChannels(q, at)).toEqual(channels);
  });
});

describe('settings', () => {
  it.each<[string, unknown, boolean]>([
    ['the defaults', defaultQuietHours('Europe/Paris'), true],
    ['on, across midnight', on('America/New_York'), true],
    ['equal ends', on('UTC', { from: '07:00', to: '07:00' }), false],
    ['a time out of range', on('UTC', { from: '24:00' }), false],
    ['a time without its zero', on('UTC', { to: '7:00' }), false],
    ['an unknown zone', on('Mars/Olympus_Mons'), false],
    ['an empty zone', on(''), false],
    ['a zone too long to be real', on(`Europe/${'x'.repeat(80)}`), false],
    ['a missing field', { enabled: true, from: '22:00', to: '07:00', timeZone: 'UTC' }, false],
  ])('%s: valid %s', (_label, value, valid) => {
    expect(quietHoursSchema.safeParse(value).success).toBe(valid);
  });

  it('a profile whose settings this runtime cannot honour keeps the rest of the profile', () => {
    const parsed = profileSchema.parse({ fullName: 'Ada', quietHours: on('Mars/Olympus_Mons') });
    expect(parsed).toEqual({ fullName: 'Ada' });
  });

  it('knows zones by their IANA names', () => {
    expect(isTimeZone('Europe/London')).toBe(true);
    expect(isTimeZone('UTC')).toBe(true);
    expect(isTimeZone('Not/AZone')).toBe(false);
  });

  it('names a time by the wall clock of the zone', () => {
    expect(clockTime(t('2026-11-24T07:00:30.000Z'), 'Europe/London')).toBe('07:00');
    expect(clockTime(t('2026-11-24T12:00:00.000Z'), 'America/New_York')).toBe('07:00');
    expect(clockTime(t('2027-03-28T06:00:00.000Z'), 'Europe/London')).toBe('07:00');
  });
});
