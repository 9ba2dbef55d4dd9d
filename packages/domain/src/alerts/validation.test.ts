import { describe, expect, it } from 'vitest';
import { emptyDraft } from './draft.ts';
import type { LevelAlert as Alert } from '../store/schemas.ts';
import type { Draft } from '../store/appAlerts.ts';
import {
  MSG_CHOOSE_NOTIFICATION,
  MSG_EXPIRY_IN_FUTURE,
  MSG_EXPIRY_TOO_FAR,
  MSG_FILL_ALL_FIELDS,
  MSG_INVALID_PRICE,
  MSG_LOGIN_REQUIRED,
  MSG_NOTE_TOO_LONG,
  MSG_REARM_RANGE,
} from '../copy/messages.ts';
import {
  draftFromAlert,
  localDateTimeValue,
  parseLevelPercent,
  parseRearmPercent,
  parseTriggerPrice,
  validateDraft,
  type ValidAlertInput,
} from './validation.ts';

const filled: Draft = {
  ...emptyDraft(),
  currencyPair: 'EUR/USD',
  alertType: 'Price rising above',
  triggerPrice: '1.0850',
};

describe('validateDraft', () => {
  it.each<[string, Draft, boolean, string]>([
    ['signed out', filled, false, MSG_LOGIN_REQUIRED],
    ['no pair', { ...filled, currencyPair: '' }, true, MSG_FILL_ALL_FIELDS],
    ['no type', { ...filled, alertType: '' }, true, MSG_FILL_ALL_FIELDS],
    ['no price', { ...filled, triggerPrice: '' }, true, MSG_FILL_ALL_FIELDS],
    ['blank price', { ...filled, triggerPrice: '   ' }, true, MSG_FILL_ALL_FIELDS],
    [
      'no channel',
      { ...filled, notificationPreferences: { email: false, push: false } },
      true,
      MSG_CHOOSE_NOTIFICATION,
    ],
    ['zero price', { ...filled, triggerPrice: '0' }, true, MSG_INVALID_PRICE],
    ['negative price', { ...filled, triggerPrice: '-1.2' }, true, MSG_INVALID_PRICE],
    ['text price', { ...filled, triggerPrice: 'abc' }, true, MSG_INVALID_PRICE],
    ['a note over 140 characters', { ...filled, note: 'x'.repeat(141) }, true, MSG_NOTE_TOO_LONG],
  ])('refuses a draft with %s', (_label, draft, signedIn, message) => {
    expect(validateDraft(draft, signedIn)).toEqual({ ok: false, message });
  });

  it('accepts a full draft and converts the price to a number', () => {
    expect(validateDraft({ ...filled, notificationPreferences: { email: false, push: true } }, true)).toEqual({
      ok: true,
      value: {
        currencyPair: 'EUR/USD',
        alertType: 'Price rising above',
        triggerPrice: 1.085,
        priceSide: 'ask',
        notificationPreferences: { email: false, push: true },
      },
    });
  });

  it('starts from the spec default draft', () => {
    expect(emptyDraft()).toEqual({
      currencyPair: '',
      alertType: '',
      triggerPrice: '',
      movePercent: '',
      lookbackMinutes: 15,
      direction: 'up',
      status: 'active',
      notificationPreferences: { email: true, push: false },
      note: '',
      priceSide: 'ask',
      repeat: 'once',
      cooldownMinutes: 15,
      rearmPercent: '0.1',
      expiry: 'never',
      expiryDate: '',
    });
  });

  it.each([
    ['no note', '', undefined],
    ['a blank note', '   ', undefined],
    ['a note, trimmed', '  Buy the dip  ', 'Buy the dip'],
    ['140 characters after trimming', ` ${'n'.repeat(140)} `, 'n'.repeat(140)],
    ['markup, kept as typed (it is escaped where shown)', '<b>&</b>', '<b>&</b>'],
  ])('keeps %s', (_label, note, kept) => {
    const result = validateDraft({ ...filled, note }, true);
    expect(result.ok ? result.value.note : 'refused').toBe(kept);
  });
});

describe('validateDraft: side, repeat and expiry', () => {
  // Local times, as the device and the datetime-local input read them, whatever the test machine's zone.
  const now = new Date(2026, 10, 2, 9, 30);
  const at = (...parts: [number, number, number, number, number]) => new Date(...parts).getTime();
  const valid = (draft: Draft) => {
    const result = validateDraft(draft, true, now);
    return result.ok ? result.value : result.message;
  };
  const base: ValidAlertInput = {
    currencyPair: 'EUR/USD',
    alertType: 'Price rising above',
    triggerPrice: 1.085,
    priceSide: 'ask',
    notificationPreferences: { email: true, push: false },
  };
  const every = { repeat: 'every', cooldownMinutes: 15, rearmPercent: 0.1 } as const;

  it.each<[string, Partial<Draft>, ValidAlertInput]>([
    ['the defaults as an alert of today (ask, once, never)', {}, base],
    ['the bid', { priceSide: 'bid' }, { ...base, priceSide: 'bid' }],
    ['the mid', { priceSide: 'mid' }, { ...base, priceSide: 'mid' }],
    ['once, without its unused cooldown and distance', { cooldownMinutes: 60, rearmPercent: 'x' }, base],
    ['every time with the default guards', { repeat: 'every' }, { ...base, ...every }],
    [
      'every time, 5 min, 0.2%',
      { repeat: 'every', cooldownMinutes: 5, rearmPercent: ' 0.2 ' },
      { ...base, ...every, cooldownMinutes: 5, rearmPercent: 0.2 },
    ],
    ['the least distance', { repeat: 'every', rearmPercent: '0.01' }, { ...base, ...every, rearmPercent: 0.01 }],
    ['the most distance', { repeat: 'every', rearmPercent: '10' }, { ...base, ...every, rearmPercent: 10 }],
    ['a day of cooldown', { repeat: 'every', cooldownMinutes: 1440 }, { ...base, ...every, cooldownMinutes: 1440 }],
    ['never expiring, a date left over', { expiry: 'never', expiryDate: '2026-11-03T08:00' }, base],
    ['the end of today', { expiry: 'today' }, { ...base, expiresAt: new Date(2026, 10, 2, 23, 59, 59, 999).getTime() }],
    ['in a week', { expiry: 'week' }, { ...base, expiresAt: now.getTime() + 7 * 86_400_000 }],
    ['in a month', { expiry: 'month' }, { ...base, expiresAt: at(2026, 11, 2, 9, 30) }],
    ['a date', { expiry: 'date', expiryDate: '2026-11-03T08:00' }, { ...base, expiresAt: at(2026, 10, 3, 8, 0) }],
  ])('accepts %s', (_label, patch, value) => {
    expect(valid({ ...filled, ...patch })).toEqual(value);
  });

  it.each<[string, Partial<Draft>, string]>([
    ['an unknown side', { priceSide: 'last' as never }, MSG_FILL_ALL_FIELDS],
    ['an unknown repeat', { repeat: 'twice' as never }, MSG_FILL_ALL_FIELDS],
    ['a cooldown not offered', { repeat: 'every', cooldownMinutes: 2 as never }, MSG_FILL_ALL_FIELDS],
    ['no distance', { repeat: 'every', rearmPercent: '' }, MSG_REARM_RANGE],
    ['a distance under 0.01%', { repeat: 'every', rearmPercent: '0.009' }, MSG_REARM_RANGE],
    ['a distance over 10%', { repeat: 'every', rearmPercent: '10.5' }, MSG_REARM_RANGE],
    ['a zero distance', { repeat: 'every', rearmPercent: '0' }, MSG_REARM_RANGE],
    ['a negative distance', { repeat: 'every', rearmPercent: '-0.1' }, MSG_REARM_RANGE],
    ['a distance in exponent notation', { repeat: 'every', rearmPercent: '1e-1' }, MSG_REARM_RANGE],
    ['a date not chosen', { expiry: 'date', expiryDate: '' }, MSG_EXPIRY_IN_FUTURE],
    ['a date not readable', { expiry: 'date', expiryDate: '3 Nov 2026' }, MSG_EXPIRY_IN_FUTURE],
    ['a date in the past', { expiry: 'date', expiryDate: '2026-11-01T09:30' }, MSG_EXPIRY_IN_FUTURE],
    ['the present minute', { expiry: 'date', expiryDate: '2026-11-02T09:30' }, MSG_EXPIRY_IN_FUTURE],
    ['a date over a year ahead', { expiry: 'date', expiryDate: '2027-11-03T09:30' }, MSG_EXPIRY_TOO_FAR],
  ])('refuses %s', (_label, patch, message) => {
    expect(valid({ ...filled, ...patch })).toBe(message);
  });

  it('accepts the end of today in the day’s last minute', () => {
    expect(validateDraft({ ...filled, expiry: 'today' }, true, new Date(2026, 10, 2, 23, 59, 30))).toMatchObject({
      ok: true,
      value: { expiresAt: new Date(2026, 10, 2, 23, 59, 59, 999).getTime() },
    });
  });

  it.each<[string, Partial<Draft>, boolean, string]>([
    ['signed out', { expiry: 'date' }, false, MSG_LOGIN_REQUIRED],
    ['no price', { triggerPrice: '', repeat: 'every', rearmPercent: '' }, true, MSG_FILL_ALL_FIELDS],
    [
      'no channel',
      { expiry: 'date', notificationPreferences: { email: false, push: false } },
      true,
      MSG_CHOOSE_NOTIFICATION,
    ],
    ['a text price', { repeat: 'every', rearmPercent: '20', triggerPrice: 'abc' }, true, MSG_INVALID_PRICE],
    ['a long note', { expiry: 'date', note: 'x'.repeat(141) }, true, MSG_NOTE_TOO_LONG],
    ['a bad distance and date', { repeat: 'every', rearmPercent: '20', expiry: 'date' }, true, MSG_REARM_RANGE],
  ])('says first what the spec checks first: %s', (_label, patch, signedIn, message) => {
    expect(validateDraft({ ...filled, ...patch }, signedIn, now)).toEqual({ ok: false, message });
  });
});

describe('draftFromAlert', () => {
  const stored: Alert = {
    id: 'a1',
    userId: 'u1',
    currencyPair: 'GBP/USD',
    alertType: 'Price dropping below',
    triggerPrice: 1.245,
    status: 'paused',
    notificationPreferences: { email: false, push: true },
  };

  it('reads an alert stored before the model as the defaults', () => {
    expect(draftFromAlert(stored)).toEqual({
      ...emptyDraft(),
      currencyPair: 'GBP/USD',
      alertType: 'Price dropping below',
      triggerPrice: '1.245',
      notificationPreferences: { email: false, push: true },
    });
  });

  it('loads every field, the expiry as a local date and time to the minute', () => {
    const expiresAt = new Date(2026, 10, 9, 17, 4, 45).getTime();
    const alert: Alert = {
      ...stored,
      note: 'Range low',
      priceSide: 'bid',
      repeat: 'every',
      cooldownMinutes: 5,
      rearmPercent: 0.2,
      expiresAt,
    };
    const draft = draftFromAlert(alert);
    expect(draft).toMatchObject({
      note: 'Range low',
      priceSide: 'bid',
      repeat: 'every',
      cooldownMinutes: 5,
      rearmPercent: '0.2',
      expiry: 'date',
      expiryDate: '2026-11-09T17:04',
      status: 'active',
    });
    // Saved unchanged, it is the same alert again, its expiry to the millisecond.
    const result = validateDraft(draft, true, new Date(2026, 10, 2));
    expect(result).toEqual({
      ok: true,
      value: {
        currencyPair: 'GBP/USD',
        alertType: 'Price dropping below',
        triggerPrice: 1.245,
        priceSide: 'bid',
        notificationPreferences: { email: false, push: true },
        note: 'Range low',
        repeat: 'every',
        cooldownMinutes: 5,
        rearmPercent: 0.2,
        expiresAt,
      },
    });
  });

  it.each([
    [new Date(2026, 0, 5, 7, 3), '2026-01-05T07:03'],
    [new Date(2026, 11, 31, 23, 59, 59), '2026-12-31T23:59'],
  ])('writes %s for a datetime-local input as %s', (date, text) => {
    expect(localDateTimeValue(date)).toBe(text);
    expect(localDateTimeValue(date.getTime())).toBe(text);
  });
});

describe('parseRearmPercent', () => {
  it.each([
    ['0.1', 0.1],
    [' 2.5 ', 2.5],
    ['.05', 0.05],
    ['0.01', 0.01],
    ['10', 10],
    ['0.001', undefined],
    ['10.01', undefined],
    ['1e0', undefined],
    ['-1', undefined],
    ['', undefined],
  ])('reads %o as %o', (text, expected) => {
    expect(parseRearmPercent(text)).toBe(expected);
  });
});

describe('parseLevelPercent', () => {
  it.each([
    ['0.3', 0.3],
    ['+0.3', 0.3],
    ['-1.5', -1.5],
    [' 2 ', 2],
    ['.5', 0.5],
    ['0', 0],
    ['250', 250],
    ['-99.9', -99.9],
    ['-100', undefined],
    ['--1', undefined],
    ['1e2', undefined],
    ['%', undefined],
    ['', undefined],
  ])('reads %o as %o', (text, expected) => {
    expect(parseLevelPercent(text)).toBe(expected);
  });
});

describe('parseTriggerPrice', () => {
  it.each([
    ['1.0850', 1.085],
    [' 64000 ', 64000],
    ['.5', 0.5],
    ['0.00001', 0.00001],
    ['0', undefined],
    ['1e3', undefined],
    ['0x10', undefined],
    ['12abc', undefined],
    ['Infinity', undefined],
    ['1.2.3', undefined],
    ['', undefined],
  ])('reads %o as %o', (text, expected) => {
    expect(parseTriggerPrice(text)).toBe(expected);
  });
});
