import { describe, expect, it } from 'vitest';
import { actionLabel, actionSubject, actionsFor, againCondition, type ActionableAlert } from './actions.ts';
import { encodeActionPayload, readActionPayload, splitActionToken, type ActionPayload } from './actionToken.ts';
import { actionHistoryText, actionResultText } from './actionWords.ts';

const level = (patch: Partial<ActionableAlert> = {}): ActionableAlert => ({
  currencyPair: 'EUR/USD',
  alertType: 'Price rising above',
  triggerPrice: 1.095,
  ...patch,
});

describe('the actions a notice offers', () => {
  it.each<[string, ActionableAlert, string[]]>([
    ['an every-time alert', level({ repeat: 'every' }), ['Snooze 1 h', 'Pause']],
    ['a once alert rising above', level(), ['Set again', 'Set again +0.5%']],
    ['a once alert dropping below', level({ alertType: 'Price dropping below' }), ['Set again', 'Set again -0.5%']],
    ['a once alert reaching, which has no direction', level({ alertType: 'Price reaching' }), ['Set again']],
    [
      'a once move alert',
      { currencyPair: 'EUR/USD', alertType: 'Moving down %', movePercent: 1.5 },
      ['Set again', 'Set again +0.5%'],
    ],
  ])('%s: %j', (_label, alert, labels) => {
    expect(actionsFor(alert).map((a) => actionLabel(a, alert))).toEqual(labels);
  });

  it.each<[string, 'again' | 'further', ActionableAlert, object | undefined]>([
    ['the same level', 'again', level(), { triggerPrice: 1.095 }],
    ['half a per cent above, to the pair’s decimals', 'further', level(), { triggerPrice: 1.10048 }],
    ['half a per cent below', 'further', level({ alertType: 'Price dropping below' }), { triggerPrice: 1.08953 }],
    ['a yen level', 'further', level({ currencyPair: 'USD/JPY', triggerPrice: 156.5 }), { triggerPrice: 157.283 }],
    [
      'half a point more of a move',
      'further',
      { ...level(), triggerPrice: undefined, movePercent: 1.5 },
      { movePercent: 2 },
    ],
    ['at most 50%', 'further', { ...level(), triggerPrice: undefined, movePercent: 49.8 }, { movePercent: 50 }],
    ['nothing without a condition', 'again', { ...level(), triggerPrice: undefined }, undefined],
  ])('sets again %s', (_label, action, alert, condition) => {
    expect(againCondition(action, alert)).toEqual(condition);
  });

  it('names the alert for the confirm page', () => {
    expect(actionSubject(level())).toBe('EUR/USD Price rising above 1.09500');
    expect(actionSubject({ currencyPair: 'BTC/USD', alertType: 'Change on the day', movePercent: 2 })).toBe(
      'BTC/USD Change on the day 2%',
    );
  });
});

const payload: ActionPayload = {
  v: 1,
  uid: 'u1',
  alertId: 'a1',
  firedAt: 1_800_000_000_000,
  action: 'snooze',
  via: 'push',
  exp: 1_800_604_800_000,
  what: 'EUR/USD Price rising above 1.09500 — “£€¥”',
  label: 'Snooze 1 h',
};

describe('the action token’s payload', () => {
  it('reads back what was encoded, unicode included', () => {
    expect(readActionPayload(`${encodeActionPayload(payload)}.c2ln`)).toEqual(payload);
  });

  it.each([
    ['no signature', encodeActionPayload(payload)],
    ['three parts', `${encodeActionPayload(payload)}.a.b`],
    ['not base64url', 'a+b/c.sig'],
    ['not JSON', `${btoa('nope')}.sig`],
    ['an unknown action', `${encodeActionPayload({ ...payload, action: 'delete' as never })}.sig`],
    ['an extra field', `${encodeActionPayload({ ...payload, admin: true } as never)}.sig`],
    ['too long', `${'a'.repeat(2000)}.sig`],
    ['not a string', 42],
  ])('refuses %s', (_label, token) => {
    expect(readActionPayload(token)).toBeUndefined();
  });

  it('splits into a payload and a signature only when shaped so', () => {
    expect(splitActionToken('p.s')).toEqual({ payload: 'p', signature: 's' });
    expect(splitActionToken('.s')).toBeUndefined();
  });
});

describe('what an action says', () => {
  const until = Date.UTC(2026, 10, 25, 15, 40);
  it.each([
    [{ outcome: 'done', action: 'snooze', until } as const, 'Snoozed until 15:40.'],
    [{ outcome: 'used', action: 'pause' } as const, 'This was already done: Paused.'],
    [{ outcome: 'done', action: 'further', newAlertId: 'n1' } as const, 'Set again.'],
    [{ outcome: 'refused', reason: 'expired' } as const, 'This link has expired. Open the alert in the app instead.'],
  ])('%j: %s', (result, words) => {
    expect(actionResultText(result, 'UTC')).toBe(words);
  });

  it('tells the history where it came from', () => {
    expect(actionHistoryText('snooze', 'push', until, 'Europe/London')).toBe('Snoozed until 15:40 from the push');
    expect(actionHistoryText('again', 'email')).toBe('Set again from the email');
  });
});
