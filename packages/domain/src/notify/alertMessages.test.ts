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
    const email = alertEmail(fired, 'https://app.example/', 'UTC');
    expect(email.subject).toBe('EUR/USD: Price rising above 1.10000 (now 1.10012)');
    expect(email.text).toBe(
      [
        'Your EUR/USD alert fired.',
        '',
        'Condition: Price rising above 1.10000',
        'Price that fired it: 1.10012 (ask)',
        'Time: Nov 22, 14:05 UTC',
        '',
        'Times are in UTC.',
        'Open the alert: https://app.example/dashboard?alert=a%2F1',
      ].join('\n'),
    );
    expect(email.html).toMatch(
      /<a class="pa-button" href="https:\/\/app.example\/dashboard\?alert=a%2F1"[^>]*>Open the alert<\/a>/,
    );
    expect(email.html).toMatch(/Price that fired it<\/dt><dd[^>]*>1.10012 \(ask\)<\/dd>/);
  });

  it.each([
    ['USD/JPY', 150.1234, '150.123'],
    ['BTC/USD', 64000.5, '64,000.50'],
  ] as const)('formats %s prices with the pair’s decimals', (currencyPair, triggeredPrice, shown) => {
    expect(alertEmail({ ...fired, currencyPair, triggeredPrice }, 'http://x', 'UTC').text).toContain(
      `Price that fired it: ${shown}`,
    );
  });

  it('carries the note in the email (escaped in the HTML) and first in the push', () => {
    const noted = { ...fired, note: 'Take profit <b>& "run"</b>' };
    const email = alertEmail(noted, 'https://app.example', 'UTC');
    expect(email.text).toContain('Time: Nov 22, 14:05 UTC\nNote: Take profit <b>& "run"</b>\n');
    expect(email.html).toContain('>Take profit &lt;b&gt;&amp; &quot;run&quot;&lt;/b&gt;</dd>');
    expect(email.html).not.toContain('<b>&');
    expect(alertPush(noted, 'UTC').notification.body).toBe(
      'Take profit <b>& "run"</b>\nNow 1.10012 at Nov 22, 14:05 UTC',
    );
  });

  it('the push opens the alert in the app, as the service worker reads it', () => {
    const push = alertPush(fired, 'UTC');
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
    expect(alertEmail(bid, 'http://x', 'UTC').subject).toBe(
      'EUR/USD: Price rising above 1.10000 on the bid (now 1.10012)',
    );
    expect(alertEmail(bid, 'http://x', 'UTC').text).toContain('Price that fired it: 1.10012 (bid)');
    expect(alertPush({ ...fired, priceSide: 'mid' }, 'UTC').notification.title).toBe(
      'EUR/USD: Price rising above 1.10000 on the mid',
    );
    expect(alertEmail({ ...fired, priceSide: 'ask' }, 'http://x', 'UTC')).toEqual(alertEmail(fired, 'http://x', 'UTC'));
    expect(alertPush({ ...fired, priceSide: 'ask' }, 'UTC')).toEqual(alertPush(fired, 'UTC'));
  });

  it('says how many times an every-time alert has fired', () => {
    const third = { ...fired, fireCount: 3 };
    expect(alertEmail(third, 'http://x', 'UTC').text).toContain('Time: Nov 22, 14:05 UTC\nTimes fired: 3\n');
    expect(alertEmail(third, 'http://x', 'UTC').html).toMatch(/Times fired<\/dt><dd[^>]*>3<\/dd>/);
    expect(alertPush(third, 'UTC').notification.body).toBe('Now 1.10012 at Nov 22, 14:05 UTC (fired 3 times)');
    expect(alertPush({ ...third, fireCount: 1 }, 'UTC').notification.body).toBe(
      'Now 1.10012 at Nov 22, 14:05 UTC (fired 1 time)',
    );
  });

  it('says an alert fired at the market open, where the price may lie well past the level', () => {
    const open = { ...fired, atOpen: true };
    expect(alertEmail(open, 'http://x', 'UTC').text.split('\n')[0]).toBe(
      `Your EUR/USD alert fired at the market open. ${AT_OPEN_NOTICE}`,
    );
    expect(alertPush(open, 'UTC').notification.body).toBe('Now 1.10012 at Nov 22, 14:05 UTC (market open)');
    expect(alertEmail(fired, 'http://x', 'UTC').text).not.toContain('market open');
  });

  it('says once, with the firing that paused it, that the runaway guard paused the alert', () => {
    const paused = { ...fired, fireCount: 16, runawayPaused: true };
    expect(alertEmail(paused, 'http://x', 'UTC').text.split('\n')[0]).toBe(
      `Your EUR/USD alert fired. ${RUNAWAY_NOTICE}`,
    );
    expect(alertPush(paused, 'UTC').notification.body).toBe(
      `Now 1.10012 at Nov 22, 14:05 UTC (fired 16 times)\n${RUNAWAY_NOTICE}`,
    );
    expect(alertEmail({ ...fired, fireCount: 16 }, 'http://x', 'UTC').text).not.toContain(RUNAWAY_NOTICE);
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
    const email = expiredAlertEmail(expired, 'https://app.example/', 'UTC');
    expect(email.subject).toBe('Your EUR/USD alert expired');
    expect(email.text).toBe(
      [
        'Your alert "Price rising above 1.08500" on EUR/USD expired without firing.',
        '',
        'Expired: Nov 22, 23:59 UTC',
        '',
        'Times are in UTC.',
        'Open the alert: https://app.example/dashboard?alert=a%2F1',
      ].join('\n'),
    );
    expect(email.html).toContain(
      '>Your alert &quot;Price rising above 1.08500&quot; on EUR/USD expired without firing.</p>',
    );
    expect(email.html).toMatch(/href="https:\/\/app.example\/dashboard\?alert=a%2F1"[^>]*>Open the alert<\/a>/);
  });

  it('carries the note, escaped in the HTML, and the side', () => {
    const noted = { ...expired, note: '<script>x</script> & "y"', priceSide: 'bid' as const };
    const email = expiredAlertEmail(noted, 'https://app.example', 'UTC');
    expect(email.text).toContain('"Price rising above 1.08500 on the bid" on EUR/USD');
    expect(email.text).toContain('Note: <script>x</script> & "y"');
    expect(email.html).toContain('>&lt;script&gt;x&lt;/script&gt; &amp; &quot;y&quot;</dd>');
    expect(email.html).not.toContain('<script>');
    expect(expiredAlertPush(noted, 'UTC').notification.body).toBe(
      '<script>x</script> & "y"\n"Price rising above 1.08500 on the bid" expired without firing at Nov 22, 23:59 UTC',
    );
  });

  it('does not say "without firing" of an every-time alert that fired', () => {
    const fiveTimes = { ...expired, fireCount: 5 };
    expect(expiredAlertEmail(fiveTimes, 'http://x', 'UTC').text).toContain('on EUR/USD expired after firing 5 times.');
    expect(expiredAlertPush(fiveTimes, 'UTC').notification.body).toContain('expired after firing 5 times at');
  });

  it('the push opens the alert in the app, as the service worker reads it', () => {
    const push = expiredAlertPush(expired, 'UTC');
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

describe('times in the user’s zone', () => {
  it.each([
    ['Tokyo', 'Asia/Tokyo', 'Nov 22, 23:05 GMT+9'],
    ['New York', 'America/New_York', 'Nov 22, 09:05 EST'],
    ['Berlin', 'Europe/Berlin', 'Nov 22, 15:05 CET'],
    ['UTC', 'UTC', 'Nov 22, 14:05 UTC'],
  ])('the email and the push tell the time in %s and name the zone', (_label, zone, shown) => {
    const email = alertEmail(fired, 'http://x', zone);
    expect(email.text).toContain(`Time: ${shown}\n`);
    expect(email.text).toContain(`Times are in ${zone}.`);
    expect(email.html).toContain(`>${shown}</dd>`);
    expect(email.html).toContain(`Times are in ${zone}.`);
    expect(alertPush(fired, zone).notification.body).toBe(`Now 1.10012 at ${shown}`);
    const expired = { ...fired, expiredAt: fired.triggeredAt };
    expect(expiredAlertEmail(expired, 'http://x', zone).text).toContain(`Expired: ${shown}\n`);
    expect(expiredAlertPush(expired, zone).notification.body).toContain(`expired without firing at ${shown}`);
  });
});
