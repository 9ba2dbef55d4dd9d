// Issue 16: what the dashboard last showed (shared/lastGreeting.ts: the greeting and the lists'
// heights) is forgotten once auth says no one is signed in: at sign-out, or on a load whose session has ended; never while auth is loading.
import { act, render } from '@testing-library/react';
import { Provider, createStore } from 'jotai';
import { beforeEach, describe, expect, it, vi } from 'vitest';

// Boundaries: the gateway and the profiles repository.
vi.mock('../lib/firebase', () => ({ getDb: vi.fn(async () => ({})) }));
vi.mock('../lib/repositories/profiles', () => ({
  watchProfile: () => () => undefined,
  saveProfile: vi.fn(),
  saveTimeZone: vi.fn(),
}));
const auth = vi.hoisted(() => ({ report: undefined as ((user: null) => void) | undefined }));
vi.mock('../lib/auth', () => ({
  watchAuth: (report: (user: null) => void) => {
    auth.report = report;
    return () => undefined;
  },
}));
const { useSessionEffects } = await import('./useSessionEffects');
const { useAuthListener } = await import('./useAuthListener');
const { LAST_GREETING_KEY, LAST_LIST_HEIGHTS_KEY } = await import('../shared/lastGreeting');
const { authLoadingAtom, currentUserAtom } = await import('../shared/session');

const remember = () => {
  localStorage.setItem(LAST_GREETING_KEY, JSON.stringify({ uid: 'u1', name: 'Ada Lovelace', avatarId: null }));
  localStorage.setItem(LAST_LIST_HEIGHTS_KEY, JSON.stringify({ uid: 'u1', active: 300 }));
};
const stored = () => [localStorage.getItem(LAST_GREETING_KEY), localStorage.getItem(LAST_LIST_HEIGHTS_KEY)];

beforeEach(() => localStorage.clear());

function Session() {
  useSessionEffects();
  return null;
}

describe('forgetting what the dashboard last showed', () => {
  it('keeps it while auth has not answered, and forgets it when no one turns out to be signed in', () => {
    remember();
    const store = createStore();
    render(
      <Provider store={store}>
        <Session />
      </Provider>,
    );
    expect(stored()).not.toContain(null);
    act(() => store.set(authLoadingAtom, false));
    expect(stored()).toEqual([null, null]);
  });

  it('forgets it at sign-out', () => {
    const store = createStore();
    store.set(authLoadingAtom, false);
    store.set(currentUserAtom, { uid: 'u1', email: 'ada@example.test' } as never);
    render(
      <Provider store={store}>
        <Session />
      </Provider>,
    );
    remember();
    act(() => store.set(currentUserAtom, null));
    expect(stored()).toEqual([null, null]);
  });

  it('forgets it as soon as auth says no one is signed in, before React has rendered it', () => {
    function Listener() {
      useAuthListener();
      return null;
    }
    render(
      <Provider store={createStore()}>
        <Listener />
      </Provider>,
    );
    remember();
    // Outside act(): the app may be closed before React renders the sign-out.
    auth.report?.(null);
    expect(stored()).toEqual([null, null]);
  });
});
