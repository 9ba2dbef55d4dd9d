import { profileSchema } from '@price-alerts/domain';
import { describe, expect, it } from 'vitest';
import { unreadableFields } from './converters';

const quiet = { enabled: true, from: '22:00', to: '07:00', timeZone: 'Europe/London', holdEmail: false };

describe('unreadableFields (the profile)', () => {
  it.each([
    ['nothing stored', {}, []],
    ['every field readable', { fullName: 'Alice', avatarId: 3, quietHours: quiet, timeZone: 'Asia/Tokyo' }, []],
    ['a value the schema refuses', { fullName: 'Alice', avatarId: 99 }, ['avatarId']],
    ['a field the schema does not name', { fullName: 'Alice', legacyTheme: 'dark' }, ['legacyTheme']],
    ['a setting it catches and reads as absent', { quietHours: { ...quiet, to: '22:00' } }, ['quietHours']],
    ['a zone this runtime does not know', { timeZone: 'Mars/Olympus_Mons' }, ['timeZone']],
    ['a stored null', { fullName: null }, ['fullName']],
  ])('%s', (_name, data, expected) => {
    expect(unreadableFields(profileSchema, data)).toEqual(expected);
  });
});
