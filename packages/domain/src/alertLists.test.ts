import { describe, expect, it } from 'vitest';
import { capitalise, notificationLabel, reinsertAlert, removeAlert } from './alertLists.ts';
import type { Alert } from './schemas.ts';

const alert = (id: string, status: Alert['status'], minute: number): Alert => ({
  id,
  userId: 'u',
  currencyPair: 'EUR/USD',
  alertType: 'Price reaching',
  triggerPrice: 1.1,
  status,
  notificationPreferences: { email: true, push: false },
  createdAt: new Date(Date.UTC(2026, 0, 1, 0, minute)),
});

describe('reinsertAlert', () => {
  const lists = {
    active: [alert('a3', 'active', 3), alert('a1', 'paused', 1)],
    previous: [alert('p2', 'triggered', 2)],
  };

  it('moves a paused alert into place by createdAt', () => {
    const next = reinsertAlert(lists, alert('a1', 'active', 1));
    expect(next.active.map((a) => [a.id, a.status])).toEqual([
      ['a3', 'active'],
      ['a1', 'active'],
    ]);
  });

  it('moves a triggered alert to the previous list, newest first', () => {
    const next = reinsertAlert(lists, alert('a3', 'triggered', 3));
    expect(next.active.map((a) => a.id)).toEqual(['a1']);
    expect(next.previous.map((a) => a.id)).toEqual(['a3', 'p2']);
  });

  it('keeps each list within its limit', () => {
    const full = { active: Array.from({ length: 10 }, (_, i) => alert(`x${i}`, 'active', 10 + i)), previous: [] };
    const next = reinsertAlert(full, alert('new', 'active', 99));
    expect(next.active).toHaveLength(10);
    expect(next.active[0]?.id).toBe('new');
  });

  it('removes an alert from both lists', () => {
    expect(removeAlert(lists, 'p2').previous).toEqual([]);
  });
});

describe('labels', () => {
  it.each([
    [{ email: true, push: false }, 'Email'],
    [{ email: false, push: true }, 'Push'],
    [{ email: true, push: true }, 'Email, Push'],
    [{ email: false, push: false }, 'None'],
  ])('%o reads %s', (prefs, label) => {
    expect(notificationLabel(prefs)).toBe(label);
  });

  it('capitalises a status', () => {
    expect(['triggered', 'cancelled', 'paused'].map(capitalise)).toEqual(['Triggered', 'Cancelled', 'Paused']);
  });
});
