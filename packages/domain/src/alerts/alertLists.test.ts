import { describe, expect, it } from 'vitest';
import { applyListSnapshot, capitalise, isLive, notificationLabel, refreshSelection } from './alertLists.ts';
import type { Alert } from '../store/appAlerts.ts';

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

const ids = (list: Alert[]) => list.map((a) => `${a.id}:${a.status}`);

describe('applyListSnapshot: the spec update rule for what a live query delivers', () => {
  const lists = {
    active: [alert('a3', 'active', 3), alert('a1', 'paused', 1)],
    previous: [alert('p2', 'triggered', 2)],
  };

  it.each([
    {
      name: 'a paused alert resumed: reinserted in place by createdAt',
      list: 'active' as const,
      snapshot: [alert('a1', 'active', 1), alert('a3', 'active', 3)],
      active: ['a3:active', 'a1:active'],
      previous: ['p2:triggered'],
    },
    {
      name: 'an alert that fired arrives in PREVIOUS first: it leaves ACTIVE at once, newest first',
      list: 'previous' as const,
      snapshot: [alert('p2', 'triggered', 2), alert('a3', 'triggered', 3)],
      active: ['a1:paused'],
      previous: ['a3:triggered', 'p2:triggered'],
    },
    {
      name: 'the ACTIVE query catches up afterwards: nothing shown twice',
      list: 'active' as const,
      snapshot: [alert('a1', 'paused', 1)],
      active: ['a1:paused'],
      previous: ['p2:triggered'],
    },
    {
      name: 'a deleted alert is gone from its list',
      list: 'previous' as const,
      snapshot: [],
      active: ['a3:active', 'a1:paused'],
      previous: [],
    },
    {
      name: 'a new alert lands first',
      list: 'active' as const,
      snapshot: [alert('a3', 'active', 3), alert('n9', 'active', 9), alert('a1', 'paused', 1)],
      active: ['n9:active', 'a3:active', 'a1:paused'],
      previous: ['p2:triggered'],
    },
    {
      name: 'a snapshot entry of the wrong list (stale cache) is not shown in it',
      list: 'active' as const,
      snapshot: [alert('a3', 'cancelled', 3)],
      active: [],
      previous: ['p2:triggered'],
    },
  ])('$name', ({ list, snapshot, active, previous }) => {
    const next = applyListSnapshot(lists, list, snapshot);
    expect(ids(next.active)).toEqual(active);
    expect(ids(next.previous)).toEqual(previous);
  });

  it('never trims what the query delivered (the query holds the limit)', () => {
    const ten = Array.from({ length: 10 }, (_, i) => alert(`x${i}`, 'active', i));
    expect(applyListSnapshot({ active: [], previous: [] }, 'active', ten).active).toHaveLength(10);
  });
});

describe('refreshSelection and isLive', () => {
  const lists = { active: [alert('a1', 'paused', 1)], previous: [alert('p2', 'triggered', 2)] };
  it.each([
    [null, null],
    [alert('a1', 'active', 1), 'a1:paused'],
    [alert('p2', 'active', 2), 'p2:triggered'],
    [alert('gone', 'active', 5), 'gone:active'],
  ])('%o becomes %s', (selected, expected) => {
    const next = refreshSelection(selected, lists);
    expect(next && `${next.id}:${next.status}`).toBe(expected);
  });

  it.each([
    ['active', true],
    ['paused', true],
    ['triggered', false],
    ['cancelled', false],
  ] as const)('%s is live: %s', (status, live) => {
    expect(isLive(status)).toBe(live);
  });
});

describe('labels', () => {
  it.each([
    [{ email: true, push: false }, 'Email'],
    [{ email: false, push: true }, 'Push'],
    [{ email: true, push: true }, 'Email, Push'],
    [{ email: false, push: false }, 'None'],
    [{ email: false, push: false, telegram: true }, 'Telegram'],
    [{ email: true, push: true, telegram: true, discord: true }, 'Email, Push, Telegram, Discord'],
    [{ email: false, push: true, telegram: false, discord: true }, 'Push, Discord'],
  ])('%o reads %s', (prefs, label) => {
    expect(notificationLabel(prefs)).toBe(label);
  });

  it('capitalises a status', () => {
    expect(['triggered', 'cancelled', 'paused'].map(capitalise)).toEqual(['Triggered', 'Cancelled', 'Paused']);
  });
});
