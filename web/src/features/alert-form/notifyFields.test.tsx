import { EMAIL_HINTS, PUSH_HINTS, type DevicePush } from '@price-alerts/domain/notify';
import { type Draft, type Profile } from '@price-alerts/domain/store';
import { act, cleanup, fireEvent, render, screen } from '@testing-library/react';
import { Provider, createStore } from 'jotai';
import { MemoryRouter } from 'react-router-dom';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import type { SessionUser } from '../../lib/auth';

// Boundaries: the gateway, the push tokens repository and the auth gateway's two calls.
vi.mock('../../lib/firebase', () => ({ getDb: vi.fn(async () => ({})) }));
vi.mock('../../lib/repositories/pushTokens', () => import('../../test/fakePushTokens'));
const resendVerification = vi.fn<() => Promise<void>>();
const refreshUser = vi.fn<() => Promise<SessionUser | null>>();
vi.mock('../../lib/auth', () => ({
  resendVerification: () => resendVerification(),
  refreshUser: () => refreshUser(),
  authErrorCode: (error: unknown) => (error as { code?: string }).code,
}));
const { setPushDevices, watchOtherPushDevices } = await import('../../test/fakePushTokens');
const { NotifyFields } = await import('./NotifyFields');
const { currentUserAtom, profileAtom } = await import('../../shared/session');
const { devicePushAtom } = await import('../../shared/pushState');
const { getDb } = await import('../../lib/firebase');

const user: SessionUser = {
  uid: 'u1',
  email: 'ada@example.test',
  displayName: 'Ada',
  emailVerified: false,
  hasPassword: true,
};

function renderFields({
  verified = false,
  device = 'registered' as DevicePush,
  profile = {} as Profile as Profile | null,
  uid = user.uid,
  prefs = { email: true, push: true } as Draft['notificationPreferences'],
  onChange = (_changes: Partial<Draft['notificationPreferences']>) => {},
} = {}) {
  const store = createStore();
  store.set(currentUserAtom, { ...user, uid, emailVerified: verified });
  store.set(profileAtom, profile);
  store.set(devicePushAtom, device);
  render(
    <Provider store={store}>
      <MemoryRouter>
        <NotifyFields prefs={prefs} onChange={onChange} />
      </MemoryRouter>
    </Provider>,
  );
  return store;
}

const described = (label: string) => {
  const ids = screen.getByLabelText(label).getAttribute('aria-describedby');
  return ids ? document.getElementById(ids)?.textContent : null;
};

beforeEach(() => {
  vi.clearAllMocks();
  localStorage.clear();
  refreshUser.mockResolvedValue(user);
  setPushDevices(1);
});

/**
 * The other devices' count has arrived (the repository loads in a task of its own, lib/afterThisTask.ts),
 * so no test passes on a count that never loaded.
 */
const settled = () => act(() => vi.waitFor(() => expect(watchOtherPushDevices).toHaveBeenCalled()));

describe('the notification checkboxes say when a channel cannot reach the user', () => {
  it('says nothing for a verified address and a registered device', async () => {
    renderFields({ verified: true });
    await settled();
    expect(described('Send email')).toBeNull();
    expect(described('Push notifications')).toBeNull();
  });

  it('says an unverified address gets no email, and sends the link again once per tap', async () => {
    let finish = () => {};
    resendVerification.mockImplementation(() => new Promise<void>((resolve) => (finish = resolve)));
    renderFields();
    expect(described('Send email')).toBe(EMAIL_HINTS.unverified('ada@example.test'));
    const resend = screen.getByRole('button', { name: EMAIL_HINTS.resend });
    fireEvent.click(resend);
    fireEvent.click(screen.getByRole('button', { name: EMAIL_HINTS.sending }));
    await act(async () => finish());
    expect(resendVerification).toHaveBeenCalledTimes(1);
    expect(screen.getByText(EMAIL_HINTS.sent)).not.toBeNull();
  });

  it('says when the link was asked for too often', async () => {
    resendVerification.mockRejectedValue({ code: 'auth/too-many-requests' });
    renderFields();
    await act(async () => fireEvent.click(screen.getByRole('button', { name: EMAIL_HINTS.resend })));
    expect(screen.getByText(EMAIL_HINTS.tooMany)).not.toBeNull();
  });

  it('drops the warning when the user comes back verified', async () => {
    refreshUser.mockResolvedValue({ ...user, emailVerified: true });
    renderFields();
    expect(described('Send email')).toBe(EMAIL_HINTS.unverified('ada@example.test'));
    await act(async () => document.dispatchEvent(new Event('visibilitychange')));
    expect(described('Send email')).toBeNull();
  });

  it('looks at the account when first shown, so a link opened on another device drops the warning', async () => {
    // Long after any other test's look: the notes look at most once per 10 s.
    vi.useFakeTimers({ toFake: ['Date'] });
    vi.setSystemTime(Date.now() + 60_000);
    refreshUser.mockResolvedValue({ ...user, emailVerified: true });
    renderFields();
    await settled();
    expect(described('Send email')).toBeNull();
    expect(refreshUser).toHaveBeenCalledTimes(1);
    vi.useRealTimers();
  });

  it.each([
    ['blocked here, no device', 'blocked', 0, {}, PUSH_HINTS.blockedNoDevice],
    ['blocked here, another device', 'blocked', 2, {}, PUSH_HINTS.blockedOthers],
    ['never asked, no device', 'not-asked', 0, {}, PUSH_HINTS.notAskedNoDevice],
    ['push off here, no other device', 'pending', 0, { notificationsEnabled: false }, PUSH_HINTS.offNoDevice],
  ] as const)('push: %s', async (_name, device, devices, profile, text) => {
    setPushDevices(devices);
    renderFields({ verified: true, device, profile });
    await settled();
    expect(described('Push notifications')).toBe(text);
    expect(screen.getByRole('link', { name: PUSH_HINTS.settings }).getAttribute('href')).toBe('/notifications');
  });

  describe('while push is checked, the place of the hint last shown here is held', () => {
    const held = () => document.querySelector('.held-hint');

    async function showOnce(device: DevicePush, devices: number, uid = user.uid) {
      setPushDevices(devices);
      renderFields({ verified: true, device, uid });
      await settled();
      cleanup();
    }

    it('holds the blocked hint unseen until the device is known, then shows the real one', async () => {
      await showOnce('blocked', 0);
      const store = renderFields({ verified: true, device: 'pending' });
      await settled();
      expect(held()?.getAttribute('aria-hidden')).toBe('true');
      expect(held()?.querySelector('p')?.getAttribute('data-text')).toBe(PUSH_HINTS.blockedNoDevice);
      // Drawn by CSS alone: no text to find.
      expect(held()?.textContent).toBe('');
      expect(screen.queryByText(PUSH_HINTS.blockedNoDevice)).toBeNull();
      expect(described('Push notifications')).toBeNull();
      expect(screen.queryByRole('link', { name: PUSH_HINTS.settings })).toBeNull();
      act(() => store.set(devicePushAtom, 'blocked'));
      expect(held()).toBeNull();
      expect(described('Push notifications')).toBe(PUSH_HINTS.blockedNoDevice);
    });

    it('holds nothing once the last look found push reaching a device', async () => {
      await showOnce('blocked', 0);
      await showOnce('registered', 0);
      renderFields({ verified: true, device: 'pending' });
      await settled();
      expect(held()).toBeNull();
    });

    it("holds nothing for another account's hint", async () => {
      await showOnce('blocked', 0, 'someone-else');
      renderFields({ verified: true, device: 'pending' });
      await settled();
      expect(held()).toBeNull();
    });

    it('ignores a kept value that is not one of its hints', async () => {
      localStorage.setItem('price-alerts:last-push-hint', JSON.stringify({ uid: user.uid, hint: '<b>hi</b>' }));
      renderFields({ verified: true, device: 'pending' });
      await settled();
      expect(held()).toBeNull();
    });
  });

  describe("a listener for the other devices' count that cannot start", () => {
    // A failed assertion must not leave console.error silenced for the tests after it.
    afterEach(() => vi.restoreAllMocks());

    /** The database, failing only when the test says so. */
    function failingDb() {
      let fail = () => {};
      vi.mocked(getDb).mockImplementationOnce(
        () => new Promise((_resolve, reject) => (fail = () => reject(new Error('no database')))),
      );
      return () => act(async () => fail());
    }

    it('says so while the fields are shown', async () => {
      const logged = vi.spyOn(console, 'error').mockImplementation(() => {});
      const fail = failingDb();
      renderFields({ verified: true });
      await vi.waitFor(() => expect(getDb).toHaveBeenCalled());
      await fail();
      await vi.waitFor(() => expect(logged).toHaveBeenCalledWith('Push device listener failed', expect.any(Error)));
    });

    it('says nothing once they are gone: nobody needs the count', async () => {
      const logged = vi.spyOn(console, 'error').mockImplementation(() => {});
      const fail = failingDb();
      renderFields({ verified: true });
      await vi.waitFor(() => expect(getDb).toHaveBeenCalled());
      cleanup();
      await fail();
      // The rejection has been handled by the time a later task runs.
      await new Promise((resolve) => setTimeout(resolve, 0));
      expect(logged).not.toHaveBeenCalled();
    });
  });
});

describe('Telegram and Discord are chosen once the account has them set up', () => {
  const TELEGRAM = { state: 'linked', chatId: 7, chatName: 'Ada', linkedAt: 1 } as const;
  const DISCORD = { state: 'linked', webhookId: '1234567890123456789', since: 1 } as const;
  const box = (label: string) => screen.getByLabelText<HTMLInputElement>(label);
  const labels = () => [...document.querySelectorAll('.checks label')].map((l) => l.textContent);

  it('come after the two spec choices, and are offered when set up', async () => {
    const onChange = vi.fn();
    renderFields({ verified: true, profile: { telegram: TELEGRAM, discord: DISCORD }, onChange });
    await settled();
    expect(labels()).toEqual(['Send email', 'Push notifications', 'Telegram', 'Discord']);
    expect([box('Telegram').disabled, box('Telegram').checked, described('Telegram')]).toEqual([
      false,
      false,
      'Sends to Ada',
    ]);
    expect([box('Discord').disabled, box('Discord').checked, described('Discord')]).toEqual([
      false,
      false,
      'Sends to webhook …6789',
    ]);
    fireEvent.click(box('Telegram'));
    fireEvent.click(box('Discord'));
    expect(onChange.mock.calls).toEqual([[{ telegram: true }], [{ discord: true }]]);
  });

  it('cannot be chosen before they are set up, and say where that is done', async () => {
    renderFields({
      verified: true,
      profile: {
        discord: { state: 'lost', reason: 'Discord says the webhook was deleted, so Discord was removed', at: 2 },
      },
    });
    await settled();
    expect([box('Telegram').disabled, box('Discord').disabled]).toEqual([true, true]);
    expect(described('Telegram')).toBe('Set up Telegram in Notifications');
    expect(described('Discord')).toBe('Set up Discord in Notifications');
    const links = ['Set up Telegram in Notifications', 'Set up Discord in Notifications'];
    expect(links.map((name) => screen.getByRole('link', { name }).getAttribute('href'))).toEqual([
      '/notifications',
      '/notifications',
    ]);
    // An offer, not a warning: no alert of this form has them chosen.
    expect(links.map((name) => screen.getByRole('link', { name }).parentElement?.className)).toEqual([
      'chat-hint',
      'chat-hint',
    ]);
  });

  it('stay checked on an alert that has them, with the link gone, and can be unchecked', async () => {
    const onChange = vi.fn();
    renderFields({ verified: true, prefs: { email: false, push: false, telegram: true, discord: true }, onChange });
    await settled();
    expect([box('Telegram').checked, box('Telegram').disabled]).toEqual([true, false]);
    expect([box('Discord').checked, box('Discord').disabled]).toEqual([true, false]);
    expect(described('Telegram')).toBe('Set up Telegram in Notifications');
    // A warning: this alert would send to a channel the account no longer has.
    expect(document.getElementById('telegram-hint')?.parentElement?.className).toBe('verify-note verify-hint');
    fireEvent.click(box('Telegram'));
    fireEvent.click(box('Discord'));
    expect(onChange.mock.calls).toEqual([[{ telegram: false }], [{ discord: false }]]);
  });

  it('say nothing until the profile is known, holding the line’s place', () => {
    renderFields({ verified: true, profile: null });
    expect([box('Telegram').disabled, described('Telegram'), described('Discord')]).toEqual([true, null, null]);
    expect(screen.queryByRole('link', { name: /^Set up/ })).toBeNull();
    expect([...document.querySelectorAll('.chat-hint')].map((h) => h.getAttribute('aria-hidden'))).toEqual([
      'true',
      'true',
    ]);
  });
});
