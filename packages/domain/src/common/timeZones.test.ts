import { afterEach, describe, expect, it, vi } from 'vitest';
import { profileSchema } from '../store/schemas.ts';
import {
  deviceTimeZone,
  formatZonedDateTime,
  noticeTimeZone,
  profileTimeZoneSchema,
  timeZoneToStore,
  zoneAbbreviation,
} from './timeZones.ts';

const at = (iso: string) => new Date(iso);

describe('formatZonedDateTime', () => {
  // 2026: New York springs forward on 8 March and falls back on 1 November; Berlin and London on
  // 29 March and 25 October; Sydney falls back on 5 April. Tokyo and Kolkata keep one offset.
  it.each([
    ['UTC', 'UTC', '2026-11-24T14:05:00Z', 'Nov 24, 14:05 UTC'],
    ['New York, the last minute of winter time', 'America/New_York', '2026-03-08T06:59:00Z', 'Mar 8, 01:59 EST'],
    ['New York, the first minute of summer time', 'America/New_York', '2026-03-08T07:00:00Z', 'Mar 8, 03:00 EDT'],
    ['New York, 01:30 the first time', 'America/New_York', '2026-11-01T05:30:00Z', 'Nov 1, 01:30 EDT'],
    ['New York, 01:30 the second time', 'America/New_York', '2026-11-01T06:30:00Z', 'Nov 1, 01:30 EST'],
    ['Berlin before the spring jump', 'Europe/Berlin', '2026-03-29T00:59:00Z', 'Mar 29, 01:59 CET'],
    ['Berlin after the spring jump', 'Europe/Berlin', '2026-03-29T01:00:00Z', 'Mar 29, 03:00 CEST'],
    ['London, 01:30 on summer time', 'Europe/London', '2026-10-25T00:30:00Z', 'Oct 25, 01:30 BST'],
    ['London, 01:30 again on GMT', 'Europe/London', '2026-10-25T01:30:00Z', 'Oct 25, 01:30 GMT'],
    ['Sydney, 02:30 on summer time', 'Australia/Sydney', '2026-04-04T15:30:00Z', 'Apr 5, 02:30 GMT+11'],
    ['Sydney, 02:30 again on standard time', 'Australia/Sydney', '2026-04-04T16:30:00Z', 'Apr 5, 02:30 GMT+10'],
    ['Tokyo, the next day', 'Asia/Tokyo', '2026-11-24T14:05:00Z', 'Nov 24, 23:05 GMT+9'],
    ['Kolkata, half an hour off', 'Asia/Kolkata', '2026-11-24T14:05:00Z', 'Nov 24, 19:35 GMT+5:30'],
  ])('%s', (_label, zone, iso, shown) => {
    expect(formatZonedDateTime(at(iso), zone)).toBe(shown);
  });

  it('says an invalid date is one rather than inventing a zone for it', () => {
    expect(formatZonedDateTime(new Date(Number.NaN), 'Asia/Tokyo')).toBe('Invalid date');
  });

  it('names a zone by its offset when no abbreviation is in common use', () => {
    expect(zoneAbbreviation(at('2026-07-01T00:00:00Z'), 'America/Sao_Paulo')).toBe('GMT-3');
  });
});

describe('noticeTimeZone', () => {
  it.each<[string, string | undefined, string | undefined, string]>([
    ['the profile’s zone first', 'Asia/Tokyo', 'Europe/Berlin', 'Asia/Tokyo'],
    ['the quiet hours’ zone when the profile has none', undefined, 'Europe/Berlin', 'Europe/Berlin'],
    ['the quiet hours’ zone when the profile’s is unknown', 'Mars/Olympus_Mons', 'Europe/Berlin', 'Europe/Berlin'],
    ['UTC when neither is set', undefined, undefined, 'UTC'],
    ['UTC when neither is known', 'Mars/Olympus_Mons', 'Pluto/Base', 'UTC'],
  ])('takes %s', (_label, profile, quiet, zone) => {
    expect(noticeTimeZone(profile, quiet)).toBe(zone);
  });
});

describe('timeZoneToStore', () => {
  it.each<[string, string | undefined, string | undefined, string | undefined]>([
    ['a profile without one gets the device’s', undefined, 'Asia/Tokyo', 'Asia/Tokyo'],
    ['the same zone is not written again', 'Asia/Tokyo', 'Asia/Tokyo', undefined],
    ['a device that travelled updates it', 'Asia/Tokyo', 'Europe/Berlin', 'Europe/Berlin'],
    ['a device that names none changes nothing', 'Asia/Tokyo', undefined, undefined],
    ['a zone this runtime does not know is not written', undefined, 'Mars/Olympus_Mons', undefined],
  ])('%s', (_label, stored, device, written) => {
    expect(timeZoneToStore(stored, device)).toBe(written);
  });
});

describe('deviceTimeZone', () => {
  afterEach(() => {
    vi.restoreAllMocks();
  });
  const resolving = (timeZone: string) =>
    vi.spyOn(Intl.DateTimeFormat.prototype, 'resolvedOptions').mockReturnValue({
      ...new Intl.DateTimeFormat('en-US', { timeZone: 'UTC' }).resolvedOptions(),
      timeZone,
    });

  it('is the zone the device’s clock is set to', () => {
    resolving('Asia/Tokyo');
    expect(deviceTimeZone()).toBe('Asia/Tokyo');
  });
  it('is none when the runtime names one it does not know', () => {
    resolving('Mars/Olympus_Mons');
    expect(deviceTimeZone()).toBeUndefined();
  });
});

describe('the profile’s zone', () => {
  it('keeps a known zone', () => {
    expect(profileSchema.parse({ fullName: 'Ada', timeZone: 'Asia/Tokyo' })).toEqual({
      fullName: 'Ada',
      timeZone: 'Asia/Tokyo',
    });
  });
  it.each([
    ['unknown here', 'Mars/Olympus_Mons'],
    ['not a string', 9],
  ])('reads a zone %s as absent and keeps the rest of the profile', (_label, timeZone) => {
    expect(profileSchema.parse({ fullName: 'Ada', timeZone })).toEqual({ fullName: 'Ada' });
    expect(profileTimeZoneSchema.parse(timeZone)).toBeUndefined();
  });
});
