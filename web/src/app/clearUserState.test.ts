import { createStore } from 'jotai';
import { describe, expect, it } from 'vitest';
import { alertListsAtom, selectedAlertAtom } from '../features/dashboard/atoms';
import { draftAtom } from '../shared/draft';
import type { SessionUser } from '../lib/auth';
import { currentUserAtom } from '../shared/session';
import { testAlert } from '../test/fakeAlertsRepository';
import { clearUserState } from './clearUserState';

function storeHolding(user: SessionUser | null) {
  const store = createStore();
  const alert = testAlert('a1', 'active');
  store.set(currentUserAtom, user);
  store.set(alertListsAtom, { active: [alert], previous: [] });
  store.set(selectedAlertAtom, alert);
  store.set(draftAtom, { ...store.get(draftAtom), triggerPrice: '1.1' });
  return { store, alert };
}

describe('clearUserState', () => {
  it('forgets the signed-out user’s alerts, the alert on show and the half-made alert', () => {
    const { store } = storeHolding(null);
    clearUserState(store);
    expect(store.get(alertListsAtom)).toEqual({ active: [], previous: [] });
    expect(store.get(selectedAlertAtom)).toBeNull();
    expect(store.get(draftAtom).triggerPrice).toBe('');
  });

  it('leaves the state of someone who signed in before it ran', () => {
    const { store, alert } = storeHolding({
      uid: 'next-user',
      email: 'next@example.test',
      displayName: null,
      emailVerified: true,
      hasPassword: true,
    });
    clearUserState(store);
    expect(store.get(alertListsAtom)).toEqual({ active: [alert], previous: [] });
    expect(store.get(selectedAlertAtom)).toBe(alert);
    expect(store.get(draftAtom).triggerPrice).toBe('1.1');
  });
});
