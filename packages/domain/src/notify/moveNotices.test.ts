import { describe, expect, it } from 'vitest';
import { alertEmail, alertPush, expiredAlertEmail, type FiredAlert } from './alertMessages.ts';
import { digestLine } from './digestMessages.ts';
import { conditionWords } from './noticeCondition.ts';

const at = new Date(Date.UTC(2026, 10, 25, 14, 5, 30));
const fired: FiredAlert = {
  alertId: 'm1',
  currencyPair: 'EUR/USD',
  alertType: 'Moving up %',
  move: { movePercent: 1.5, lookbackMinutes: 15, percent: 1.5202, from: 1.0841, fromAt: at.getTime() - 600_000 },
  triggeredPrice: 1.10058,
  triggeredAt: at,
};

describe('notices of move alerts', () => {
  it.each([
    [{ ...fired, priceSide: 'bid' as const }, 'Up 1.5% in 15 min on the bid'],
    [
      { ...fired, alertType: 'Change on the day' as const, move: { movePercent: 2, direction: 'down' as const } },
      'Down 2% on the day',
    ],
    [
      { currencyPair: 'EUR/USD' as const, alertType: 'Price rising above' as const, triggerPrice: 1.1 },
      'Price rising above 1.10000',
    ],
  ])('call the condition %#: %s', (a, words) => {
    expect(conditionWords(a)).toBe(words);
  });

  it('the email says what the move did, in its subject and its rows', () => {
    const email = alertEmail(fired, 'https://app.example', 'UTC');
    expect(email.subject).toBe('EUR/USD up 1.52% in 15 min (1.08410 to 1.10058)');
    expect(email.text).toContain('Condition: Up 1.5% in 15 min');
    expect(email.text).toContain('Move: EUR/USD up 1.52% in 15 min (1.08410 to 1.10058)');
    expect(email.text).toContain('Price that fired it: 1.10058 (ask)');
  });

  it('the push says it too', () => {
    const push = alertPush(fired, 'UTC');
    expect(push.notification.title).toBe('EUR/USD: Up 1.5% in 15 min');
    expect(push.notification.body).toBe('EUR/USD up 1.52% in 15 min (1.08410 to 1.10058) at Nov 25, 14:05 UTC');
  });

  it('an expiry names the condition in words', () => {
    const { move, triggeredPrice: _p, triggeredAt: _t, ...alert } = fired;
    const email = expiredAlertEmail(
      { ...alert, move: { movePercent: move?.movePercent ?? 0, lookbackMinutes: 60 }, expiredAt: at },
      'https://app.example',
      'UTC',
    );
    expect(email.text).toContain('Your alert "Up 1.5% in 1 h" on EUR/USD expired without firing.');
  });

  it('a digest line names the condition and the price', () => {
    const line = digestLine(
      {
        deliveryId: 'd',
        alertId: 'm1',
        kind: 'fired',
        currencyPair: 'EUR/USD',
        alertType: 'Moving down %',
        move: { movePercent: 0.5, lookbackMinutes: 5 },
        triggeredPrice: 1.0841,
        at: at.getTime(),
        channels: ['push'],
      },
      'UTC',
    );
    expect(line).toBe('EUR/USD Down 0.5% in 5 min: 1.08410 at Nov 25, 14:05 UTC');
  });
});
