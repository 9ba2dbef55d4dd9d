// An attacker's pass over what the create and edit screens parse: text a user can type
// or a devtools-edited input can hold. Whatever validateDraft accepts, the rules must store.
import { describe, expect, it } from 'vitest';
import { expiryMillis } from './alertModel.ts';
import { MSG_EXPIRY_IN_FUTURE, MSG_INVALID_PRICE } from '../copy/messages.ts';
import { emptyDraft } from './draft.ts';
import type { Draft } from '../store/appAlerts.ts';
import { parseLevelPercent, parseRearmPercent, parseTriggerPrice, validateDraft } from './validation.ts';

const NOW = new Date(2026, 10, 23, 12, 0);
const draft = (patch: Partial<Draft>): Draft => ({
  ...emptyDraft(),
  currencyPair: 'EUR/USD',
  alertType: 'Price rising above',
  triggerPrice: '1.1',
  ...patch,
});

describe('attack: typed level offset', () => {
  it.each([
    ['a number too long for a double', '9'.repeat(400)],
    ['its negative', `-${'9'.repeat(400)}`],
    ['two signs', '+-1'],
    ['sign after sign', '-+1'],
    ['hex', '0x10'],
    ['an exponent', '1e3'],
    ['a separator', '1_000'],
    ['Arabic-Indic digits', '١٢'],
    ['spaces only', '   '],
    ['a percent sign', '5%'],
    ['-100', '-100'],
    ['below -100', '-100.5'],
  ])('refuses %s', (_label, text) => {
    expect(parseLevelPercent(text)).toBeUndefined();
  });
});

describe('attack: typed re-arm distance', () => {
  it.each([
    ['0.009', '0.009'],
    ['10.0001', '10.0001'],
    ['NaN', 'NaN'],
    ['Infinity', 'Infinity'],
    ['an exponent', '1e-1'],
    ['hex', '0x1'],
    ['a negative', '-0.5'],
    ['spaces only', '  '],
    ['a huge number', '9'.repeat(400)],
  ])('refuses %s', (_label, text) => {
    expect(parseRearmPercent(text)).toBeUndefined();
  });
  it('reads leading zeros', () => {
    expect(parseRearmPercent(`${'0'.repeat(500)}1`)).toBe(1);
  });
  it('refuses a draft with a re-arm distance out of range, but not a once-alert carrying one', () => {
    expect(validateDraft(draft({ repeat: 'every', rearmPercent: '0.009' }), true, NOW).ok).toBe(false);
    const once = validateDraft(draft({ repeat: 'once', rearmPercent: 'garbage' }), true, NOW);
    expect(once).toMatchObject({ ok: true });
    expect(once.ok && once.value.rearmPercent).toBeFalsy();
  });
});

describe('attack: typed trigger price', () => {
  // The rules store prices below 1e9 only (validPrice): a larger one passed the form and was denied.
  it.each(['1000000000', '9999999999.5', '9'.repeat(400)])('refuses %s as the rules do', (text) => {
    expect(parseTriggerPrice(text)).toBeUndefined();
    expect(validateDraft(draft({ triggerPrice: text }), true, NOW)).toEqual({ ok: false, message: MSG_INVALID_PRICE });
  });
  it('reads the largest price the rules store', () => {
    expect(parseTriggerPrice('999999999.99')).toBe(999999999.99);
  });
});

describe('attack: expiry from an edited input', () => {
  it.each([
    ['in the past', '2026-11-23T11:59'],
    ['now, to the minute', '2026-11-23T12:00'],
    ['not a date', 'tomorrow'],
    ['with seconds', '2026-11-24T12:00:30'],
    ['empty', ''],
  ])('refuses a date %s', (_label, expiryDate) => {
    expect(validateDraft(draft({ expiry: 'date', expiryDate }), true, NOW)).toEqual({
      ok: false,
      message: MSG_EXPIRY_IN_FUTURE,
    });
  });
  // A datetime-local input never holds 30 February; an edited one may, and Date rolls it over to
  // 2 March, an expiry the user never chose.
  it.each(['2027-02-30T10:00', '2027-13-01T10:00', '2027-04-31T10:00', '2027-01-01T24:30'])(
    'refuses the impossible date %s',
    (expiryDate) => {
      expect(Number.isNaN(expiryMillis('date', NOW, expiryDate))).toBe(true);
      expect(validateDraft(draft({ expiry: 'date', expiryDate }), true, NOW).ok).toBe(false);
    },
  );
  it('reads a real date', () => {
    expect(expiryMillis('date', NOW, '2027-02-28T10:00')).toBe(new Date(2027, 1, 28, 10, 0).getTime());
  });
});
