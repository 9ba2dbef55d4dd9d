import { describe, expect, it } from 'vitest';
import { toNotification } from './push.ts';

describe('toNotification', () => {
  it.each([
    [
      'an FCM web push with an alert',
      { notification: { title: 'EUR/USD rose above 1.1', body: 'Now 1.10012' }, data: { alertId: 'a1' }, from: '123' },
      { title: 'EUR/USD rose above 1.1', body: 'Now 1.10012', url: '/dashboard?alert=a1', tag: 'alert-a1' },
    ],
    [
      'an explicit in-app url',
      { notification: { title: 'T' }, data: { url: '/edit_alert/a2' } },
      { title: 'T', body: '', url: '/edit_alert/a2' },
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
