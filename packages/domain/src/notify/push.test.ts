import { describe, expect, it } from 'vitest';
import { notificationPath, toNotification } from './push.ts';

describe('toNotification', () => {
  it.each([
    [
      'an FCM web push with an alert',
      { notification: { title: 'EUR/USD rose above 1.1', body: 'Now 1.10012' }, data: { alertId: 'a1' }, from: '123' },
      { title: 'EUR/USD rose above 1.1', body: 'Now 1.10012', url: '/dashboard?alert=a1', tag: 'alert-a1' },
    ],
    [
      'an explicit dashboard url',
      { notification: { title: 'T' }, data: { url: '/dashboard?alert=a2' } },
      { title: 'T', body: '', url: '/dashboard?alert=a2' },
    ],
    [
      'an in-app url outside the dashboard, replaced by the dashboard',
      { notification: { title: 'T' }, data: { url: '/edit_alert/a2' } },
      { title: 'T', body: '', url: '/dashboard' },
    ],
    [
      'an outside url, replaced by the dashboard',
      { notification: { title: 'T', body: 'B' }, data: { url: 'https://evil.example' } },
      { title: 'T', body: 'B', url: '/dashboard' },
    ],
  ])('shows %s', (_label, raw, expected) => {
    expect(toNotification(raw)).toEqual(expected);
  });

  it.each([null, 'text', {}, { notification: { title: '' } }, { notification: { title: 'T' }, data: { n: 1 } }])(
    'ignores %o',
    (raw) => {
      expect(toNotification(raw)).toBeUndefined();
    },
  );
});

describe('notificationPath: what a notification click may open', () => {
  it.each([
    ['/dashboard', '/dashboard'],
    ['/dashboard?alert=a1', '/dashboard?alert=a1'],
    ['/dashboard/', '/dashboard/'],
    ['/dashboard#top', '/dashboard#top'],
    ['/dashboard/../account', '/dashboard'],
    ['/dashboardx', '/dashboard'],
    ['/account', '/dashboard'],
    ['//evil.example/dashboard', '/dashboard'],
    ['/\\evil.example/dashboard', '/dashboard'],
    ['/\t/evil.example/dashboard', '/dashboard'],
    ['https://evil.example/dashboard', '/dashboard'],
    ['javascript:alert(1)', '/dashboard'],
    ['dashboard', '/dashboard'],
    ['', '/dashboard'],
    [undefined, '/dashboard'],
    [42, '/dashboard'],
  ])('%j opens %j', (raw, expected) => {
    expect(notificationPath(raw)).toBe(expected);
  });
});

describe('toNotification: a firing’s buttons', () => {
  const push = (actions: unknown) => ({
    notification: { title: 'T' },
    data: { alertId: 'a1', actions: typeof actions === 'string' ? actions : JSON.stringify(actions) },
  });
  const snooze = { action: 'snooze', title: 'Snooze 1 h', token: 'p.s' };
  const pause = { action: 'pause', title: 'Pause', token: 'p2.s2' };

  it('shows at most two, with their tokens', () => {
    expect(toNotification(push([snooze, pause, { ...pause, token: 'x.y' }]))?.actions).toEqual([snooze, pause]);
  });

  it.each([
    ['not JSON', '{nope'],
    ['an unknown action', [{ ...snooze, action: 'delete' }]],
    ['a token far too long', [{ ...snooze, token: 'x'.repeat(2000) }]],
    ['no title', [{ ...snooze, title: '' }]],
  ])('shows none when they are %s, and still shows the notification', (_label, actions) => {
    const shown = toNotification(push(actions));
    expect(shown?.title).toBe('T');
    expect(shown?.actions).toBeUndefined();
  });
});
