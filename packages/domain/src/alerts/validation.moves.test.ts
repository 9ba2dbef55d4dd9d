import { describe, expect, it } from 'vitest';
import { emptyDraft } from './draft.ts';
import type { Draft, MoveAlert } from '../store/appAlerts.ts';
import {
  MSG_CHOOSE_NOTIFICATION,
  MSG_FILL_ALL_FIELDS,
  MSG_MOVE_PERCENT,
  MSG_REARM_UNDER_MOVE,
} from '../copy/messages.ts';
import { draftFromAlert, parseMovePercent, validateDraft } from './validation.ts';

const rising: Draft = {
  ...emptyDraft(),
  currencyPair: 'EUR/USD',
  alertType: 'Moving up %',
  movePercent: '1.5',
};

describe('a move draft', () => {
  it.each<[string, Draft, string]>([
    ['no threshold', { ...rising, movePercent: '' }, MSG_FILL_ALL_FIELDS],
    ['a blank threshold', { ...rising, movePercent: '  ' }, MSG_FILL_ALL_FIELDS],
    // A trigger price typed for a level type earlier does not fill a move type's field.
    ['a trigger price but no threshold', { ...rising, movePercent: '', triggerPrice: '1.08' }, MSG_FILL_ALL_FIELDS],
    ['no channel', { ...rising, notificationPreferences: { email: false, push: false } }, MSG_CHOOSE_NOTIFICATION],
    ['0%', { ...rising, movePercent: '0' }, MSG_MOVE_PERCENT],
    ['a negative move', { ...rising, movePercent: '-1' }, MSG_MOVE_PERCENT],
    ['over 50%', { ...rising, movePercent: '50.01' }, MSG_MOVE_PERCENT],
    ['not a number', { ...rising, movePercent: 'abc' }, MSG_MOVE_PERCENT],
    ['an exponent', { ...rising, movePercent: '1e1' }, MSG_MOVE_PERCENT],
    [
      'an every-time move whose re-arm distance is the whole move',
      { ...rising, repeat: 'every', rearmPercent: '1.5' },
      MSG_REARM_UNDER_MOVE,
    ],
    ['a lookback the screens do not offer', { ...rising, lookbackMinutes: 30 as never }, MSG_FILL_ALL_FIELDS],
    [
      'a direction neither up nor down',
      { ...rising, alertType: 'Change on the day', direction: 'sideways' as never },
      MSG_FILL_ALL_FIELDS,
    ],
  ])('refuses %s', (_label, draft, message) => {
    expect(validateDraft(draft, true)).toEqual({ ok: false, message });
  });

  it.each<[string, Draft, object]>([
    [
      'an every-time rise re-arming 1.4 points back',
      { ...rising, repeat: 'every', rearmPercent: '1.4' },
      {
        alertType: 'Moving up %',
        movePercent: 1.5,
        lookbackMinutes: 15,
        repeat: 'every',
        cooldownMinutes: 15,
        rearmPercent: 1.4,
      },
    ],
    [
      'a rise in 15 min, without a trigger price or direction',
      { ...rising, triggerPrice: '1.08' },
      { alertType: 'Moving up %', movePercent: 1.5, lookbackMinutes: 15 },
    ],
    [
      'a fall in 24 h, typed with a per cent sign',
      { ...rising, alertType: 'Moving down %', movePercent: ' 2 % ', lookbackMinutes: 1440 },
      { alertType: 'Moving down %', movePercent: 2, lookbackMinutes: 1440 },
    ],
    [
      'a fall on the day, at the bounds',
      { ...rising, alertType: 'Change on the day', movePercent: '50', direction: 'down' },
      { alertType: 'Change on the day', movePercent: 50, direction: 'down' },
    ],
  ])('accepts %s, storing only the fields of its type', (_label, draft, condition) => {
    const result = validateDraft(draft, true);
    expect(result.ok && result.value).toEqual({
      currencyPair: 'EUR/USD',
      priceSide: 'ask',
      notificationPreferences: { email: true, push: false },
      ...condition,
    });
  });

  it.each([
    ['0.01', 0.01],
    ['.5', 0.5],
    ['50', 50],
    ['1.5%', 1.5],
    ['0.009', undefined],
    ['Infinity', undefined],
    ['NaN', undefined],
    ['1,5', 1.5],
    ['1,500', 1.5],
    ['1,5.5', undefined],
    ['', undefined],
  ])('reads %j as %s', (text, value) => {
    expect(parseMovePercent(text)).toBe(value);
  });
});

describe('editing a move alert', () => {
  const stored: MoveAlert = {
    id: 'm1',
    userId: 'u1',
    currencyPair: 'BTC/USD',
    alertType: 'Change on the day',
    movePercent: 2.5,
    direction: 'down',
    moveRead: 'down:day',
    status: 'paused',
    notificationPreferences: { email: false, push: true },
    priceSide: 'bid',
    repeat: 'every',
    cooldownMinutes: 60,
    rearmPercent: 0.5,
  };

  it('starts from its threshold, direction and the default lookback, with no trigger price', () => {
    expect(draftFromAlert(stored)).toMatchObject({
      alertType: 'Change on the day',
      movePercent: '2.5',
      direction: 'down',
      lookbackMinutes: 15,
      triggerPrice: '',
      priceSide: 'bid',
      repeat: 'every',
      cooldownMinutes: 60,
      rearmPercent: '0.5',
    });
  });

  it('saves unchanged as the same condition', () => {
    const result = validateDraft(draftFromAlert(stored), true);
    expect(result).toMatchObject({
      ok: true,
      value: { alertType: 'Change on the day', movePercent: 2.5, direction: 'down' },
    });
    expect(Object.keys((result as { value: object }).value)).not.toContain('lookbackMinutes');
  });
});
