import { describe, expect, it } from 'vitest';
import { alertEmail, alertPush, type FiredAlert, type NoticeActions } from './alertMessages.ts';
import { firedLine, groupedAlertEmail, groupedAlertPush } from './groupedNotice.ts';

const at = (minute: number) => new Date(Date.UTC(2026, 10, 6, 13, 30, minute));
const firing = (i: number, extra: Partial<FiredAlert> = {}): FiredAlert => ({
  alertId: `a${i}`,
  currencyPair: 'EUR/USD',
  alertType: 'Price rising above',
  triggerPrice: 1.1 + i / 10_000,
  triggeredPrice: 1.1125,
  triggeredAt: at(i),
  ...extra,
});
const actions: NoticeActions = {
  email: [{ label: 'Snooze 1 h', href: 'https://app.example/action?t=x' }],
  push: [{ action: 'snooze', title: 'Snooze 1 h', token: 'x' }],
};

describe('a grouped notice', () => {
  it.each([
    [1, 'EUR/USD: Price rising above 1.10000 (now 1.11250)'],
    [2, 'EUR/USD: Price rising above 1.10000 (now 1.11250) and 1 more'],
    [12, 'EUR/USD: Price rising above 1.10000 (now 1.11250) and 11 more'],
  ])('of %i firing(s) has the subject %j', (n, subject) => {
    const fired = Array.from({ length: n }, (_, i) => firing(i));
    expect(groupedAlertEmail(fired, 'https://app.example', 'UTC').subject).toBe(subject);
  });

  it('of one firing is that firing told alone, with its actions', () => {
    const one = firing(0, { note: 'payrolls' });
    expect(groupedAlertEmail([one], 'https://app.example', 'UTC', actions)).toEqual(
      alertEmail(one, 'https://app.example', 'UTC', actions),
    );
    expect(groupedAlertPush([one], 'UTC', actions)).toEqual(alertPush(one, 'UTC', actions));
  });

  it('lists every firing in the email, each with its note, and opens the dashboard', () => {
    const fired = [firing(0, { note: 'first <b>level</b>' }), firing(1), firing(2)];
    const email = groupedAlertEmail(fired, 'https://app.example/', 'Europe/London', actions);
    expect(email.text.split('\n')).toEqual([
      '3 of your alerts fired.',
      '',
      '- EUR/USD Price rising above 1.10000: 1.11250 at Nov 6, 13:30 GMT',
      '  Note: first <b>level</b>',
      '- EUR/USD Price rising above 1.10010: 1.11250 at Nov 6, 13:30 GMT',
      '- EUR/USD Price rising above 1.10020: 1.11250 at Nov 6, 13:30 GMT',
      '',
      'Times are in Europe/London.',
      'Open Price Alerts: https://app.example/dashboard',
    ]);
    expect(email.html).toContain('first &lt;b&gt;level&lt;/b&gt;');
    // One alert's buttons would act on that alert alone: a grouped notice carries none.
    expect(email.text).not.toContain('Snooze');
  });

  it.each([
    [2, ['line 0', 'line 1']],
    [3, ['line 0', 'line 1', 'line 2']],
    [12, ['line 0', 'line 1', 'line 2', 'and 9 more']],
  ])('of %i firings pushes the first three lines, then how many more', (n, lines) => {
    const fired = Array.from({ length: n }, (_, i) => firing(i));
    const push = groupedAlertPush(fired, 'UTC', actions);
    const expected = lines.map((l) =>
      l.startsWith('line ') ? firedLine(fired[Number(l.slice(5))] as FiredAlert, 'UTC') : l,
    );
    expect(push.notification.title).toBe(`EUR/USD: Price rising above 1.10000 and ${n - 1} more`);
    expect(push.notification.body.split('\n')).toEqual(expected);
    expect(push.data).toEqual({ url: '/dashboard' });
  });

  it('refuses to tell of no firing', () => {
    expect(() => groupedAlertEmail([], 'https://app.example', 'UTC')).toThrow('A notice needs a firing');
    expect(() => groupedAlertPush([], 'UTC')).toThrow('A notice needs a firing');
  });

  it.each([
    [firing(0), 'UTC', 'EUR/USD Price rising above 1.10000: 1.11250 at Nov 6, 13:30 UTC'],
    [
      firing(0, { atOpen: true }),
      'UTC',
      'EUR/USD Price rising above 1.10000: 1.11250 at Nov 6, 13:30 UTC (market open)',
    ],
    [firing(0), 'America/New_York', 'EUR/USD Price rising above 1.10000: 1.11250 at Nov 6, 08:30 EST'],
    [
      firing(0, { priceSide: 'bid', fireCount: 3, runawayPaused: true }),
      'UTC',
      'EUR/USD Price rising above 1.10000 on the bid: 1.11250 at Nov 6, 13:30 UTC (fired 3 times, now paused: it fired too often)',
    ],
    [
      firing(0, { fireCount: 1 }),
      'UTC',
      'EUR/USD Price rising above 1.10000: 1.11250 at Nov 6, 13:30 UTC (fired 1 time)',
    ],
  ])('lines a firing as %j in %s', (a, zone, line) => {
    expect(firedLine(a, zone)).toBe(line);
  });
});
