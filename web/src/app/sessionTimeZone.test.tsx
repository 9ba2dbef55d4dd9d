import type { Profile } from '@price-alerts/domain/store';
import { act, render, waitFor } from '@testing-library/react';
import { Provider, createStore } from 'jotai';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';

// Boundaries: the gateway and the profiles repository; the device's zone is Intl's answer.
vi.mock('../lib/firebase', () => ({ getDb: vi.fn(async () => ({})) }));
let push: ((profile: Profile, exists: boolean) => void) | undefined;
const saveTimeZone = vi.fn(async (_db: unknown, _uid: string, _zone: string) => undefined);
const saveProfile = vi.fn(async (_db: unknown, _uid: string, _patch: Profile) => undefined);
vi.mock('../lib/repositories/profiles', () => ({
  watchProfile: (_db: unknown, _uid: string, onData: (profile: Profile, exists: boolean) => void) => {
    push = onData;
    return () => undefined;
  },
  saveProfile,
  saveTimeZone,
}));
const { useSessionEffects } = await import('./useSessionEffects');
const { currentUserAtom } = await import('../shared/session');

function Session() {
  useSessionEffects();
  return null;
}

function deviceIn(timeZone: string) {
  const real = new Intl.DateTimeFormat('en-US', { timeZone: 'UTC' }).resolvedOptions();
  vi.spyOn(Intl.DateTimeFormat.prototype, 'resolvedOptions').mockReturnValue({ ...real, timeZone });
}

/** Signs u1 in on a device in `zone` and passes each profile snapshot on, in turn. */
async function signedIn(zone: string, ...snapshots: [Profile, boolean][]) {
  deviceIn(zone);
  const store = createStore();
  store.set(currentUserAtom, { uid: 'u1', email: 'ada@example.test' } as never);
  render(
    <Provider store={store}>
      <Session />
    </Provider>,
  );
  await waitFor(() => expect(push).toBeTypeOf('function'));
  for (const [profile, exists] of snapshots) act(() => push?.(profile, exists));
}

beforeEach(() => {
  push = undefined;
  saveTimeZone.mockClear();
  saveProfile.mockClear();
});
afterEach(() => {
  vi.restoreAllMocks();
});

describe('the device’s time zone on the profile', () => {
  it('is stored once on a new account, in the one write that creates the profile', async () => {
    // One write: two could be cut between by the page closing, leaving a profile of a zone alone.
    await signedIn('Asia/Tokyo', [{}, false], [{ timeZone: 'Asia/Tokyo', email: 'ada@example.test' }, true]);
    expect(saveProfile.mock.calls).toEqual([
      [{}, 'u1', { email: 'ada@example.test', hasSetAvatar: false, pwaPromptDismissed: false, timeZone: 'Asia/Tokyo' }],
    ]);
    expect(saveTimeZone).not.toHaveBeenCalled();
  });

  it.each<[string, string, Profile, string[]]>([
    ['is stored when the profile has none', 'Asia/Tokyo', { fullName: 'Ada' }, ['Asia/Tokyo']],
    ['follows a device that travelled', 'Europe/Berlin', { timeZone: 'Asia/Tokyo' }, ['Europe/Berlin']],
    ['is not written again when it is stored', 'Asia/Tokyo', { timeZone: 'Asia/Tokyo' }, []],
    ['is not written when the device names no zone the browser knows', 'Mars/Olympus_Mons', {}, []],
  ])('%s', async (_label, device, profile, written) => {
    // Two snapshots of the same profile (a render, a field saved elsewhere): still one write at most.
    await signedIn(device, [profile, true], [{ ...profile, pwaPromptDismissed: true }, true]);
    expect(saveTimeZone.mock.calls.map(([, , zone]) => zone)).toEqual(written);
  });
});
