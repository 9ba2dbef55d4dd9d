import { RELAY_DISPLACED_REASON } from '@price-alerts/domain/common';
import type { Profile } from '@price-alerts/domain/store';
import { act, render, waitFor } from '@testing-library/react';
import { Provider, createStore } from 'jotai';
import { describe, expect, it, vi } from 'vitest';
import { FakeSocket } from '../test/fakeSocket';

// Boundaries: the gateway, the profiles repository and the price socket.
vi.mock('../lib/firebase', () => ({ getDb: vi.fn(async () => ({})) }));
const stopProfile = vi.fn();
vi.mock('../lib/repositories/profiles', () => ({
  watchProfile: (_db: unknown, _uid: string, onData: (profile: Profile, exists: boolean) => void) => {
    onData({ fullName: 'Ada Lovelace', hasSetAvatar: true, pwaPromptDismissed: false }, true);
    return stopProfile;
  },
  saveProfile: vi.fn(),
  saveTimeZone: vi.fn(async () => undefined),
}));
const sockets: FakeSocket[] = [];
vi.mock('../lib/priceSocket', () => ({
  priceFeedTarget: async () => ({ url: 'ws://relay/prices', protocols: [] }),
  openPriceSocket: ({ url }: { url: string }) => {
    const socket = new FakeSocket(url);
    sockets.push(socket);
    return socket;
  },
}));
vi.mock('react-hot-toast', () => ({ default: { error: vi.fn() } }));
const { useSessionEffects } = await import('./useSessionEffects');
const { usePriceFeed } = await import('../shared/prices/usePriceFeed');
const { currentUserAtom, profileAtom, userProfileNameAtom } = await import('../shared/session');
const { feedStatusAtom, priceTextAtom } = await import('../shared/prices/atoms');
const { alertListsAtom, selectedAlertAtom } = await import('../features/dashboard/atoms');
const { draftAtom } = await import('../shared/draft');
const { testAlert } = await import('../test/fakeAlertsRepository');

/** What RootLayout and the signed-in shell set off, without their screens. */
function Session() {
  useSessionEffects();
  usePriceFeed();
  return null;
}

describe('signing in and out', () => {
  it('on sign-in loads the profile and starts the feed; on sign-out stops the feed and clears the profile and the alerts held', async () => {
    const store = createStore();
    store.set(currentUserAtom, { uid: 'u1', email: 'ada@example.test' } as never);
    render(
      <Provider store={store}>
        <Session />
      </Provider>,
    );
    await waitFor(() => expect(store.get(userProfileNameAtom)).toBe('Ada Lovelace'));
    await waitFor(() => expect(sockets).toHaveLength(1));
    const socket = sockets[0] as FakeSocket;
    act(() => socket.serverOpens());
    expect(store.get(feedStatusAtom)).toBe('connected');

    const held = testAlert('a1', 'active');
    act(() => {
      store.set(alertListsAtom, { active: [held], previous: [] });
      store.set(selectedAlertAtom, held);
      store.set(draftAtom, (draft) => ({ ...draft, triggerPrice: '1.2' }));
    });

    act(() => store.set(currentUserAtom, null));

    expect(socket.closedWith).toBe(1000);
    expect(store.get(feedStatusAtom)).toBe('disconnected');
    expect(store.get(priceTextAtom)).toBe('-');
    expect(store.get(profileAtom)).toBeNull();
    // The alerts' state is cleared by a chunk of its own (clearUserState.ts), once it has loaded.
    await waitFor(() => expect(store.get(alertListsAtom)).toEqual({ active: [], previous: [] }));
    expect(store.get(selectedAlertAtom)).toBeNull();
    expect(store.get(draftAtom).triggerPrice).toBe('');
    expect(stopProfile).toHaveBeenCalledTimes(1);
    expect(sockets).toHaveLength(1);
  });

  it('shows - when another page of the account takes the prices, and takes them back once looked at again', async () => {
    const store = createStore();
    store.set(currentUserAtom, { uid: 'u2', email: 'ada@example.test' } as never);
    sockets.length = 0;
    render(
      <Provider store={store}>
        <Session />
      </Provider>,
    );
    await waitFor(() => expect(sockets).toHaveLength(1));
    act(() => (sockets[0] as FakeSocket).serverOpens());
    act(() => (sockets[0] as FakeSocket).serverCloses(1000, RELAY_DISPLACED_REASON));
    expect(store.get(priceTextAtom)).toBe('-');
    expect(sockets).toHaveLength(1);
    act(() => void window.dispatchEvent(new Event('focus')));
    await waitFor(() => expect(sockets).toHaveLength(2));
    act(() => store.set(currentUserAtom, null));
  });
});
