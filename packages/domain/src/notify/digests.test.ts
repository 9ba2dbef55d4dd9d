import { describe, expect, it } from 'vitest';
import { digestEmail, digestLine, digestPush, digestTitle } from './digestMessages.ts';
import { DIGEST_MAX_ITEMS, addToDigest, digestItem, digestSchema, type Digest, type DigestItem } from './digests.ts';
import type { Delivery } from './deliveries.ts';
import { toNotification } from './push.ts';

const AT = Date.UTC(2026, 10, 24, 3, 12);
const item = (patch: Partial<DigestItem> = {}): DigestItem => ({
  deliveryId: 'u1__a1__1',
  alertId: 'a1',
  kind: 'fired',
  currencyPair: 'EUR/USD',
  alertType: 'Price rising above',
  triggerPrice: 1.1,
  triggeredPrice: 1.100123,
  at: AT,
  channels: ['push'],
  ...patch,
});
const digest = (items: DigestItem[], count = items.length): Digest => ({
  userId: 'u1',
  openedAt: AT,
  open: true,
  timeZone: 'Europe/London',
  items,
  count,
  channels: { push: { state: 'pending', attempts: 0 } },
});

describe('digestTitle', () => {
  it.each<[string, DigestItem[], number, string]>([
    ['one firing', [item()], 1, '1 alert fired during quiet hours'],
    ['three firings', [item(), item(), item()], 3, '3 alerts fired during quiet hours'],
    [
      'firings and an expiry',
      [item(), item(), item({ kind: 'expired' })],
      3,
      '2 alerts fired and 1 expired during quiet hours',
    ],
    ['only an expiry', [item({ kind: 'expired' })], 1, '1 alert expired during quiet hours'],
    ['unlisted ones count as firings', [item()], 60, '60 alerts fired during quiet hours'],
  ])('%s', (_label, items, count, title) => {
    expect(digestTitle({ items, count })).toBe(title);
  });
});

describe('digest lines', () => {
  it.each<[string, DigestItem, string]>([
    ['a firing, in the zone', item(), 'EUR/USD Price rising above 1.10000: 1.10012 at Nov 24, 03:12 GMT'],
    [
      'at the market open',
      item({ atOpen: true }),
      'EUR/USD Price rising above 1.10000: 1.10012 at Nov 24, 03:12 GMT (market open)',
    ],
    [
      'on the bid',
      item({ priceSide: 'bid' }),
      'EUR/USD Price rising above 1.10000 on the bid: 1.10012 at Nov 24, 03:12 GMT',
    ],
    [
      'an expiry',
      item({ kind: 'expired', triggeredPrice: undefined }),
      'EUR/USD Price rising above 1.10000: expired at Nov 24, 03:12 GMT',
    ],
  ])('%s', (_label, i, line) => {
    expect(digestLine(i, 'Europe/London')).toBe(line);
  });

  it('uses the user zone, not UTC, and names it', () => {
    expect(digestLine(item(), 'America/New_York')).toContain('at Nov 23, 22:12 EST');
  });
});

describe('the digest push and email', () => {
  it('one push that opens the dashboard, naming three and counting the rest', () => {
    const push = digestPush(digest([item(), item(), item(), item()], 5), 'Europe/London');
    expect(push.notification.title).toBe('5 alerts fired during quiet hours');
    expect(push.notification.body.split('\n')).toHaveLength(4);
    expect(push.notification.body.split('\n')[3]).toBe('and 2 more');
    expect(toNotification(push)?.url).toBe('/dashboard');
  });

  it('the email lists each alert with its price and time, escaped, with a plain-text part', () => {
    const email = digestEmail(
      digest([
        item({ note: '<b>breakout</b>' }),
        item({ currencyPair: 'USD/JPY', triggerPrice: 150, triggeredPrice: 150.2 }),
      ]),
      'https://app.example/',
      'Europe/London',
    );
    expect(email.subject).toBe('2 alerts fired during quiet hours');
    expect(email.text).toContain(
      '- EUR/USD Price rising above 1.10000: 1.10012 at Nov 24, 03:12 GMT\n  Note: <b>breakout</b>',
    );
    expect(email.text).toContain('- USD/JPY Price rising above 150.000: 150.200 at Nov 24, 03:12 GMT');
    expect(email.text).toContain('Times are in Europe/London.');
    expect(email.html).toContain('Note: &lt;b&gt;breakout&lt;/b&gt;');
    expect(email.html).toMatch(
      /<a class="pa-button" href="https:\/\/app.example\/dashboard"[^>]*>Open Price Alerts<\/a>/,
    );
  });

  it('says how many more there were past the listed ones', () => {
    expect(digestEmail(digest([item()], 3), 'http://x', 'UTC').text).toContain('and 2 more: see the app.');
  });
});

describe('addToDigest', () => {
  const empty = { items: [], count: 0, channels: {} };
  it('lists an item, counts it and makes its channels pending', () => {
    const next = addToDigest(empty, item({ channels: ['email', 'push'] }));
    expect(next.count).toBe(1);
    expect(next.items).toHaveLength(1);
    expect(next.channels).toEqual({
      email: { state: 'pending', attempts: 0 },
      push: { state: 'pending', attempts: 0 },
    });
  });

  it('the same delivery again only adds channels', () => {
    const once = addToDigest(empty, item({ channels: ['push'] }));
    const twice = addToDigest(once, item({ channels: ['email'] }));
    expect(twice.count).toBe(1);
    expect(twice.items[0]?.channels).toEqual(['push', 'email']);
  });

  it('past the cap it counts without listing', () => {
    let d: ReturnType<typeof addToDigest> = empty;
    for (let n = 0; n < DIGEST_MAX_ITEMS + 5; n++) d = addToDigest(d, item({ deliveryId: `d${n}` }));
    expect(d.items).toHaveLength(DIGEST_MAX_ITEMS);
    expect(d.count).toBe(DIGEST_MAX_ITEMS + 5);
    expect(digestSchema.safeParse({ ...digest([]), ...d }).success).toBe(true);
  });

  it('a delivery becomes an item on the held channels', () => {
    const delivery: Delivery = {
      userId: 'u1',
      alertId: 'a1',
      currencyPair: 'GBP/USD',
      alertType: 'Price dropping below',
      triggerPrice: 1.25,
      triggeredPrice: 1.2498,
      triggeredAt: new Date(AT),
      priceSide: 'mid',
      channels: {},
    };
    expect(digestItem('u1__a1__1', delivery, ['push'])).toEqual({
      deliveryId: 'u1__a1__1',
      alertId: 'a1',
      kind: 'fired',
      currencyPair: 'GBP/USD',
      alertType: 'Price dropping below',
      triggerPrice: 1.25,
      priceSide: 'mid',
      triggeredPrice: 1.2498,
      at: AT,
      channels: ['push'],
    });
  });
});
