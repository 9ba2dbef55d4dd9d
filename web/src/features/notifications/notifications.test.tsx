import { type Profile } from '@price-alerts/domain/store';
import { PUSH_MESSAGES } from '@price-alerts/domain/copy';
import { fireEvent, render, screen, waitFor } from '@testing-library/react';
import { Provider, createStore } from 'jotai';
import { MemoryRouter } from 'react-router-dom';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import type { SessionUser } from '../../lib/auth';
import type * as RegisterPushModule from './registerPush';

// Boundaries: the gateway, the repositories and push registration (FCM and the service worker).
vi.mock('../../lib/firebase', () => ({ getDb: vi.fn(async () => ({})) }));
const saveProfile = vi.fn<(db: unknown, uid: string, patch: Partial<Profile>) => Promise<void>>();
vi.mock('../../lib/repositories/profiles', () => ({
  saveProfile: (...args: [unknown, string, Partial<Profile>]) => saveProfile(...args),
}));
const forgetPushToken = vi.fn<(db: unknown, uid: string) => Promise<void>>();
vi.mock('../../lib/repositories/pushTokens', () => ({
  forgetPushToken: (...args: [unknown, string]) => forgetPushToken(...args),
}));
const registerForPush = vi.fn();
vi.mock('./registerPush', async (original) => ({
  ...(await original<typeof RegisterPushModule>()),
  registerForPush: (...args: unknown[]) => registerForPush(...args),
}));
const { default: NotificationsPage } = await import('./NotificationsPage');
const { currentUserAtom, profileAtom } = await import('../../shared/session');

const user: SessionUser = {
  uid: 'u1',
  email: 'ada@example.test',
  displayName: 'Ada',
  emailVerified: true,
  hasPassword: true,
};

/** A browser that can push, with the given permission; `null` for one that cannot. */
function browser(permission: NotificationPermission | null) {
  if (permission === null) {
    vi.stubGlobal('Notification', undefined);
    Reflect.deleteProperty(window, 'Notification');
    return;
  }
  vi.stubGlobal('Notification', {
    permission,
    requestPermission: vi.fn(async () => (permission === 'default' ? 'granted' : permission)),
  });
  vi.stubGlobal('PushManager', function PushManager() {});
  Object.defineProperty(navigator, 'serviceWorker', { value: {}, configurable: true });
}

function renderPage(profile: Profile = {}, sessionUser: SessionUser = user) {
  const store = createStore();
  store.set(currentUserAtom, sessionUser);
  store.set(profileAtom, profile);
  render(
    <Provider store={store}>
      <MemoryRouter>
        <NotificationsPage />
      </MemoryRouter>
    </Provider>,
  );
}
const pushSwitch = () => screen.getByRole('switch', { name: 'Push notifications' });

const CHROMIUM = navigator.userAgent;
const FIREFOX = 'Mozilla/5.0 (Android 15; Mobile; rv:153.0) Gecko/153.0 Firefox/153.0';

beforeEach(() => vi.clearAllMocks());
afterEach(() => {
  vi.unstubAllGlobals();
  Reflect.deleteProperty(navigator, 'serviceWorker');
});

describe('notifications screen', () => {
  it.each([
    ['granted', 'Allowed', null],
    ['default', 'Not asked yet', PUSH_MESSAGES.permissionDefault],
    ['denied', 'Blocked', PUSH_MESSAGES.permissionDenied],
  ] as const)('with permission %s shows “%s” and its message', (permission, label, message) => {
    browser(permission);
    renderPage();
    expect(screen.getByText(label).tagName).toBe('STRONG');
    if (message) expect(screen.getByRole('alert').textContent).toBe(message);
    else expect(screen.queryByRole('alert')).toBeNull();
  });

  it('says calmly, not as an error, that this browser cannot show push, and what still works', () => {
    browser(null);
    renderPage();
    expect(screen.getByText('Not supported by this browser').tagName).toBe('STRONG');
    expect(screen.queryByRole('alert')).toBeNull();
    expect(screen.getByText(`${PUSH_MESSAGES.unsupported} ${PUSH_MESSAGES.otherChannels}`).className).toBe('info-note');
  });

  it('where the browser asks only after a tap, says to turn the switch on, and asks within the tap', async () => {
    Object.defineProperty(navigator, 'userAgent', { value: FIREFOX, configurable: true });
    try {
      browser('default');
      registerForPush.mockResolvedValue({ ok: true, token: 'local:x' });
      renderPage();
      expect(screen.queryByRole('alert')).toBeNull();
      expect(screen.getByText(PUSH_MESSAGES.permissionOnTap).className).toBe('info-note');
      fireEvent.click(pushSwitch());
      // Before any await of the tap's handler: Firefox and Safari refuse a request made later.
      expect(Notification.requestPermission).toHaveBeenCalledTimes(1);
      expect(await screen.findByText('Push notifications are on for this device.')).toBeDefined();
    } finally {
      Object.defineProperty(navigator, 'userAgent', { value: CHROMIUM, configurable: true });
    }
  });

  it('shows push as on unless the profile turned it off, and no permission problem when off', () => {
    browser('denied');
    renderPage({ notificationsEnabled: false });
    expect(pushSwitch().getAttribute('aria-checked')).toBe('false');
    expect(screen.queryByRole('alert')).toBeNull();
  });

  it.each([['denied'], ['default']] as const)(
    'shows the switch off while the account allows push but permission is %s, with one message',
    (permission) => {
      browser(permission);
      renderPage();
      expect(pushSwitch().getAttribute('aria-checked')).toBe('false');
      expect(screen.getAllByRole('alert')).toHaveLength(1);
    },
  );

  it('tapping the switch while blocked keeps the account on and says why nothing changed', async () => {
    browser('denied');
    registerForPush.mockResolvedValue({ ok: false, message: PUSH_MESSAGES.permissionDenied, device: 'blocked' });
    renderPage();
    fireEvent.click(pushSwitch());
    await waitFor(() => expect(registerForPush).toHaveBeenCalledWith('u1', { prompt: true }));
    expect(saveProfile).not.toHaveBeenCalled();
    expect(forgetPushToken).not.toHaveBeenCalled();
    expect(screen.getByRole('alert').textContent).toBe(PUSH_MESSAGES.permissionDenied);
    expect(pushSwitch().getAttribute('aria-checked')).toBe('false');
  });

  it('turns push off: stores the choice, forgets this device, and says email still arrives', async () => {
    browser('granted');
    renderPage();
    expect(pushSwitch().getAttribute('aria-checked')).toBe('true');
    fireEvent.click(pushSwitch());
    expect(
      await screen.findByText('Push notifications are off on this account. Email alerts still arrive.'),
    ).toBeDefined();
    expect(saveProfile).toHaveBeenCalledWith({}, 'u1', { notificationsEnabled: false });
    expect(forgetPushToken).toHaveBeenCalledWith({}, 'u1');
  });

  it('turns push on and registers this device, asking for permission', async () => {
    browser('default');
    registerForPush.mockResolvedValue({ ok: true, token: 'local:x' });
    renderPage({ notificationsEnabled: false });
    fireEvent.click(pushSwitch());
    expect(await screen.findByText('Push notifications are on for this device.')).toBeDefined();
    expect(saveProfile).toHaveBeenCalledWith({}, 'u1', { notificationsEnabled: true });
    // Asked once, within the tap; the registration does not ask again.
    expect(Notification.requestPermission).toHaveBeenCalledTimes(1);
    expect(registerForPush).toHaveBeenCalledWith('u1', { prompt: false });
  });

  it('shows why registration failed', async () => {
    browser('granted');
    registerForPush.mockResolvedValue({ ok: false, message: PUSH_MESSAGES.token, device: 'failed' });
    renderPage({ notificationsEnabled: false });
    fireEvent.click(pushSwitch());
    await waitFor(() => expect(screen.getByRole('alert').textContent).toBe(PUSH_MESSAGES.token));
  });

  it('says when the choice could not be saved', async () => {
    browser('granted');
    saveProfile.mockRejectedValue(new Error('offline'));
    renderPage();
    fireEvent.click(pushSwitch());
    await waitFor(() =>
      expect(screen.getByRole('alert').textContent).toBe(
        'Could not save your choice. Check your connection and try again.',
      ),
    );
  });

  it.each([
    [true, 'Email alerts go to ada@example.test.'],
    [false, 'Email alerts go to ada@example.test once you verify it.'],
  ])('with a verified address %s says “%s”', (emailVerified, text) => {
    browser('granted');
    renderPage({}, { ...user, emailVerified });
    expect(screen.getByText(text)).toBeDefined();
  });

  it('has a section for Telegram and one for Discord, before the webhook, each as the profile says', () => {
    browser('granted');
    renderPage({
      telegram: { state: 'linked', chatId: 7, chatName: 'Ada’s alerts', linkedAt: 1 },
      discord: { state: 'lost', reason: 'Discord says the webhook was deleted, so Discord was removed', at: 2 },
    });
    const titles = screen.getAllByRole('heading', { level: 2 }).map((h) => h.textContent);
    expect(titles.slice(titles.indexOf('Telegram'))).toEqual(['Telegram', 'Discord', 'Webhook']);
    expect(screen.getByText(/^Connected to/).textContent).toBe('Connected to Ada’s alerts');
    expect(screen.getByText(/^Discord says/).textContent).toBe(
      'Discord says the webhook was deleted, so Discord was removed',
    );
    expect(screen.getByLabelText<HTMLInputElement>('Discord webhook URL').value).toBe('');
  });
});
