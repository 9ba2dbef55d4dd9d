import { describe, expect, it } from 'vitest';
import { alertEmail, alertPath, alertPush, type FiredAlert } from './alertMessages.ts';
import { toNotification } from './push.ts';

const fired: FiredAlert = {
  alertId: 'a/1',
  currencyPair: 'EUR/USD',
  alertType: 'Price rising above',
  triggerPrice: 1.1,
  triggeredPrice: 1.100123,
  triggeredAt: new Date(Date.UTC(2026, 10, 22, 14, 5, 30)),
};

describe('alert messages', () => {
  it('the email names the pair, condition, trigger price, firing price, time and a link to the alert', () => {
    const email = alertEmail(fired, 'https://app.example/');
    expect(email.subject).toBe('EUR/USD: Price rising above 1.10000 (now 1.10012)');
    expect(email.text).toBe(
      [
        'Your EUR/USD alert fired.',
        '',
        'Condition: Price rising above 1.10000',
        'Price that fired it: 1.10012 (ask)',
        'Time: Nov 22, 14:05 UTC',
        '',
        'Open the alert: https://app.example/dashboard?alert=a%2F1',
      ].join('\n'),
    );
    expect(email.html).toContain('<a href="https://app.example/dashboard?alert=a%2F1">Open the alert</a>');
    expect(email.html).toContain('<td>1.10012 (ask)</td>');
  });

  it.each([
    ['USD/JPY', 150.1234, '150.123'],
    ['BTC/USD', 64000.5, '64,000.50'],
  ] as const)('formats %s prices with the pair’s decimals', (currencyPair, triggeredPrice, shown) => {
    expect(alertEmail({ ...fired, currencyPair, triggeredPrice }, 'http://x').text).toContain(
      `Price that fired it: ${shown}`,
    );
  });

  it('carries the note in the email (escaped in the HTML) and first in the push', () => {
    const noted = { ...fired, note: 'Take profit <b>& "run"</b>' };
    const email = alertEmail(noted, 'https://app.example');
    expect(email.text).toContain('Time: Nov 22, 14:05 UTC\nNote: Take profit <b>& "run"</b>\n');
    expect(email.html).toContain('<td>Take profit &lt;b&gt;&amp; &quot;run&quot;&lt;/b&gt;</td>');
    expect(email.html).not.toContain('<b>&');
    expect(alertPush(noted).notification.body).toBe('Take profit <b>& "run"</b>\nNow 1.10012 at Nov 22, 14:05 UTC');
  });

  it('the push opens the alert in the app, as the service worker reads it', () => {
    const push = alertPush(fired);
    expect(push.notification.title).toBe('EUR/USD: Price rising above 1.10000');
    expect(push.notification.body).toBe('Now 1.10012 at Nov 22, 14:05 UTC');
    expect(toNotification(push)).toEqual({
      title: push.notification.title,
      body: push.notification.body,
      url: alertPath('a/1'),
      tag: 'alert-a/1',
    });
  });
});
