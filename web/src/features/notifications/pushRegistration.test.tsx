import { type Profile } from '@price-alerts/domain/store';
import { PUSH_MESSAGES } from '@price-alerts/domain/copy';
import { act, render } from '@testing-library/react';
import { Provider, createStore } from 'jotai';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import type { SessionUser } from '../../lib/auth';
import type { PushResult } from './registerPush';

// Boundaries: the gateway, the toast, and registration itself (FCM and the service worker).
vi.mock('../../lib/firebase', () => ({ getDb: vi.fn(async () => ({})) }));
vi.mock('../../lib/push', () => ({ usesLocalChannel: false }));
const toastError = vi.fn();
vi.mock('react-hot-toast', () => ({ default: { error: (...args: unknown[]) => toastError(...args) } }));
const registerForPush = vi.fn<(uid: string, options: { prompt: boolean }) => Promise<PushResult>>();
let tapOnly = false;
vi.mock('./registerPush', () => ({
  registerForPush: (uid: string, o: { prompt: boolean }) => registerForPush(uid, o),
}));
vi.mock('../../shared/permissionPrompt', () => ({ asksOnlyOnTap: () => tapOnly }));
const { forgetPushFailure, reportPushFailure, usePushRegistration } = await import('./usePushRegistration');
const { currentUserAtom, profileAtom } = await import('../../shared/session');
const { devicePushAtom } = await import('../../shared/pushState');

const blocked = { ok: false, message: PUSH_MESSAGES.permissionDenied, device: 'blocked' } as const;
const notAsked = { ok: false, message: PUSH_MESSAGES.permissionDefault, device: 'not-asked' } as const;
const fault = { ok: false, message: PUSH_MESSAGES.token, device: 'failed' } as const;

function setOnline(online: boolean) {
  Object.defineProperty(navigator, 'onLine', { value: online, configurable: true });
}

beforeEach(() => {
  vi.clearAllMocks();
  tapOnly = false;
  localStorage.clear();
  setOnline(true);
  window.history.pushState({}, '', '/dashboard');
});
afterEach(() => setOnline(true));

describe('telling the user that push cannot work here', () => {
  it('tells a permission problem once per account on this device, and again after it changes', () => {
    reportPushFailure('u1', blocked);
    reportPushFailure('u1', blocked);
    expect(toastError.mock.calls).toEqual([[PUSH_MESSAGES.permissionDenied, { id: 'push-registration' }]]);
    reportPushFailure('u2', blocked);
    reportPushFailure('u1', notAsked);
    expect(toastError).toHaveBeenCalledTimes(3);
  });

  it('tells neither a browser that cannot push nor one that asks only after a tap: their screens say it', () => {
    reportPushFailure('u1', { ok: false, message: PUSH_MESSAGES.unsupported, device: 'unsupported' });
    tapOnly = true;
    reportPushFailure('u1', notAsked);
    expect(toastError).not.toHaveBeenCalled();
    reportPushFailure('u1', blocked);
    expect(toastError).toHaveBeenCalledTimes(1);
  });

  it('tells it again once the device had registered in between', () => {
    reportPushFailure('u1', blocked);
    forgetPushFailure('u1');
    reportPushFailure('u1', blocked);
    expect(toastError).toHaveBeenCalledTimes(2);
  });

  it.each(['/notifications', '/create_alert', '/edit_alert/a1'])(
    'lets %s say it itself, and counts it as told',
    (path) => {
      window.history.pushState({}, '', path);
      reportPushFailure('u1', blocked);
      window.history.pushState({}, '', '/dashboard');
      reportPushFailure('u1', blocked);
      expect(toastError).not.toHaveBeenCalled();
    },
  );

  it('toasts a fault each time while online, and never while offline', () => {
    reportPushFailure('u1', fault);
    reportPushFailure('u1', fault);
    setOnline(false);
    reportPushFailure('u1', fault);
    expect(toastError).toHaveBeenCalledTimes(2);
  });
});

function Registration() {
  usePushRegistration();
  return null;
}

function renderSignedIn() {
  const store = createStore();
  store.set(currentUserAtom, { uid: 'u1' } as SessionUser);
  store.set(profileAtom, {} as Profile);
  render(
    <Provider store={store}>
      <Registration />
    </Provider>,
  );
  return store;
}

describe('registering again when the network is back', () => {
  it('retries a registration that failed for a fault, without asking for permission again', async () => {
    registerForPush.mockResolvedValueOnce(fault).mockResolvedValueOnce({ ok: true, token: 'local:t' });
    const store = renderSignedIn();
    await act(async () => {});
    expect(store.get(devicePushAtom)).toBe('failed');
    await act(async () => void window.dispatchEvent(new Event('online')));
    expect(registerForPush.mock.calls).toEqual([
      ['u1', { prompt: true }],
      ['u1', { prompt: false }],
    ]);
    expect(store.get(devicePushAtom)).toBe('registered');
    // Registered now: another reconnect registers nothing more.
    await act(async () => void window.dispatchEvent(new Event('online')));
    expect(registerForPush).toHaveBeenCalledTimes(2);
  });

  it('asks at sign-in only where the browser allows it without a tap', async () => {
    tapOnly = true;
    registerForPush.mockResolvedValue(notAsked);
    const store = renderSignedIn();
    await act(async () => {});
    expect(registerForPush.mock.calls).toEqual([['u1', { prompt: false }]]);
    // The dashboard's to-do leads to the switch that asks.
    expect(store.get(devicePushAtom)).toBe('not-asked');
  });

  it('does not ask again on a reconnect after a permission problem', async () => {
    registerForPush.mockResolvedValue(notAsked);
    renderSignedIn();
    await act(async () => {});
    await act(async () => void window.dispatchEvent(new Event('online')));
    expect(registerForPush).toHaveBeenCalledTimes(1);
  });
});
