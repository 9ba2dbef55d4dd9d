import { describe, expect, it } from 'vitest';
import { emptyDraft, type Draft } from './schemas.ts';
import {
  MSG_CHOOSE_NOTIFICATION,
  MSG_FILL_ALL_FIELDS,
  MSG_INVALID_PRICE,
  MSG_LOGIN_REQUIRED,
  MSG_NOTE_TOO_LONG,
} from './messages.ts';
import { parseTriggerPrice, validateDraft } from './validation.ts';

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
        notificationPreferences: { email: false, push: true },
      },
    });
  });

  it('starts from the spec default draft', () => {
    expect(emptyDraft()).toEqual({
      currencyPair: '',
      alertType: '',
      triggerPrice: '',
      status: 'active',
      notificationPreferences: { email: true, push: false },
      note: '',
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
