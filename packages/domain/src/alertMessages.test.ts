import { describe, expect, it } from 'vitest';
import {
  AT_OPEN_NOTICE,
  RUNAWAY_NOTICE,
  alertEmail,
  alertPath,
  alertPush,
  expiredAlertEmail,
  expiredAlertPush,
  type ExpiredAlert,
  type FiredAlert,
} from './alertMessages.ts';
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

  it('names a side other than ask, and keeps an ask alert’s texts as before', () => {
    const bid = { ...fired, priceSide: 'bid' as const };
    expect(alertEmail(bid, 'http://x').subject).toBe('EUR/USD: Price rising above 1.10000 on the bid (now 1.10012)');
    expect(alertEmail(bid, 'http://x').text).toContain('Price that fired it: 1.10012 (bid)');
    expect(alertPush({ ...fired, priceSide: 'mid' }).notification.title).toBe(
      'EUR/USD: Price rising above 1.10000 on the mid',
    );
    expect(alertEmail({ ...fired, priceSide: 'ask' }, 'http://x')).toEqual(alertEmail(fired, 'http://x'));
    expect(alertPush({ ...fired, priceSide: 'ask' })).toEqual(alertPush(fired));
  });

  it('says how many times an every-time alert has fired', () => {
    const third = { ...fired, fireCount: 3 };
    expect(alertEmail(third, 'http://x').text).toContain('Time: Nov 22, 14:05 UTC\nTimes fired: 3\n');
    expect(alertEmail(third, 'http://x').html).toContain('<th align="left">Times fired</th><td>3</td>');
    expect(alertPush(third).notification.body).toBe('Now 1.10012 at Nov 22, 14:05 UTC (fired 3 times)');
    expect(alertPush({ ...third, fireCount: 1 }).notification.body).toBe(
      'Now 1.10012 at Nov 22, 14:05 UTC (fired 1 time)',
    );
  });

  it('says an alert fired at the market open, where the price may lie well past the level', () => {
    const open = { ...fired, atOpen: true };
    expect(alertEmail(open, 'http://x').text.split('\n')[0]).toBe(
      `Your EUR/USD alert fired at the market open. ${AT_OPEN_NOTICE}`,
    );
    expect(alertPush(open).notification.body).toBe('Now 1.10012 at Nov 22, 14:05 UTC (market open)');
    expect(alertEmail(fired, 'http://x').text).not.toContain('market open');
  });

  it('says once, with the firing that paused it, that the runaway guard paused the alert', () => {
    const paused = { ...fired, fireCount: 16, runawayPaused: true };
    expect(alertEmail(paused, 'http://x').text.split('\n')[0]).toBe(`Your EUR/USD alert fired. ${RUNAWAY_NOTICE}`);
    expect(alertPush(paused).notification.body).toBe(
      `Now 1.10012 at Nov 22, 14:05 UTC (fired 16 times)\n${RUNAWAY_NOTICE}`,
    );
    expect(alertEmail({ ...fired, fireCount: 16 }, 'http://x').text).not.toContain(RUNAWAY_NOTICE);
  });
});

describe('expiry notices', () => {
  const expired: ExpiredAlert = {
    alertId: 'a/1',
    currencyPair: 'EUR/USD',
    alertType: 'Price rising above',
    triggerPrice: 1.085,
    expiredAt: new Date(Date.UTC(2026, 10, 22, 23, 59)),
  };

  it('the email says the alert expired without firing, when, and links to it', () => {
    const email = expiredAlertEmail(expired, 'https://app.example/');
    expect(email.subject).toBe('Your EUR/USD alert expired');
    expect(email.text).toBe(
      [
        'Your alert "Price rising above 1.08500" on EUR/USD expired without firing.',
        '',
        'Expired: Nov 22, 23:59 UTC',
        '',
        'Open the alert: https://app.example/dashboard?alert=a%2F1',
      ].join('\n'),
    );
    expect(email.html).toContain(
      '<p>Your alert &quot;Price rising above 1.08500&quot; on <strong>EUR/USD</strong> expired without firing.</p>',
    );
    expect(email.html).toContain('<a href="https://app.example/dashboard?alert=a%2F1">Open the alert</a>');
  });

  it('carries the note, escaped in the HTML, and the side', () => {
    const noted = { ...expired, note: '<script>x</script> & "y"', priceSide: 'bid' as const };
    const email = expiredAlertEmail(noted, 'https://app.example');
    expect(email.text).toContain('"Price rising above 1.08500 on the bid" on EUR/USD');
    expect(email.text).toContain('Note: <script>x</script> & "y"');
    expect(email.html).toContain('<td>&lt;script&gt;x&lt;/script&gt; &amp; &quot;y&quot;</td>');
    expect(email.html).not.toContain('<script>');
    expect(expiredAlertPush(noted).notification.body).toBe(
      '<script>x</script> & "y"\n"Price rising above 1.08500 on the bid" expired without firing at Nov 22, 23:59 UTC',
    );
  });

  it('does not say "without firing" of an every-time alert that fired', () => {
    const fiveTimes = { ...expired, fireCount: 5 };
    expect(expiredAlertEmail(fiveTimes, 'http://x').text).toContain('on EUR/USD expired after firing 5 times.');
    expect(expiredAlertPush(fiveTimes).notification.body).toContain('expired after firing 5 times at');
  });

  it('the push opens the alert in the app, as the service worker reads it', () => {
    const push = expiredAlertPush(expired);
    expect(push.notification).toEqual({
      title: 'Your EUR/USD alert expired',
      body: '"Price rising above 1.08500" expired without firing at Nov 22, 23:59 UTC',
    });
    expect(toNotification(push)).toEqual({
      title: 'Your EUR/USD alert expired',
      body: push.notification.body,
      url: alertPath('a/1'),
      tag: 'alert-a/1',
    });
  });
});
