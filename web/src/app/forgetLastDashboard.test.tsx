// What the dashboard last showed (shared/firstPaint/lastGreeting.ts: the greeting and the lists'
// heights) is forgotten as soon as auth says no one is signed in: at sign-out, or on a load whose
// session has ended; never while auth is loading.
import { act, render } from '@testing-library/react';
import { Provider, createStore } from 'jotai';
import { beforeEach, describe, expect, it, vi } from 'vitest';

const auth = vi.hoisted(() => ({ report: undefined as ((user: { uid: string } | null) => void) | undefined }));
vi.mock('../lib/auth', () => ({
  watchAuth: (report: (user: { uid: string } | null) => void) => {
    auth.report = report;
    return () => undefined;
  },
}));
const { useAuthListener } = await import('./useAuthListener');
const { LAST_GREETING_KEY, LAST_LIST_HEIGHTS_KEY, LAST_PUSH_HINT_KEY } =
  await import('../shared/firstPaint/lastGreeting');

const remember = () => {
  localStorage.setItem(LAST_GREETING_KEY, JSON.stringify({ uid: 'u1', name: 'Ada Lovelace', avatarId: null }));
  localStorage.setItem(LAST_LIST_HEIGHTS_KEY, JSON.stringify({ uid: 'u1', active: 300 }));
  localStorage.setItem(LAST_PUSH_HINT_KEY, JSON.stringify({ uid: 'u1', hint: null }));
};
const stored = () =>
  [LAST_GREETING_KEY, LAST_LIST_HEIGHTS_KEY, LAST_PUSH_HINT_KEY].map((key) => localStorage.getItem(key));

beforeEach(() => localStorage.clear());

function Listener() {
  useAuthListener();
  return null;
}
const listen = () =>
  render(
    <Provider store={createStore()}>
      <Listener />
    </Provider>,
  );

describe('forgetting what the dashboard last showed', () => {
  it('keeps it while auth has not answered, and forgets it when no one turns out to be signed in', () => {
    remember();
    listen();
    expect(stored()).not.toContain(null);
    act(() => auth.report?.(null));
    expect(stored()).toEqual([null, null, null]);
  });

  it('forgets it at sign-out', () => {
    listen();
    act(() => auth.report?.({ uid: 'u1' }));
    remember();
    expect(stored()).not.toContain(null);
    act(() => auth.report?.(null));
    expect(stored()).toEqual([null, null, null]);
  });

  it('forgets it as soon as auth says no one is signed in, before React has rendered it', () => {
    listen();
    remember();
    // Outside act(): the app may be closed before React renders the sign-out.
    auth.report?.(null);
    expect(stored()).toEqual([null, null, null]);
  });
});
