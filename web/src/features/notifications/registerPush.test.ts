import { PUSH_MESSAGES } from '@price-alerts/domain/copy';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import type * as ServiceWorkerStart from '../../lib/serviceWorkerStart';

// The gateway is the boundary: no token service or callable runs in jsdom.
vi.mock('../../lib/push', () => ({
  obtainPushToken: vi.fn(async () => 'local:test-token'),
  sendTokenToServer: vi.fn(async () => undefined),
}));
// The real wait, watched: push must end a first visit's wait for the worker (lib/serviceWorkerStart.ts).
vi.mock('../../lib/serviceWorkerStart', async (original) => {
  const real = await original<typeof ServiceWorkerStart>();
  return { ...real, needServiceWorker: vi.fn(real.needServiceWorker) };
});
const push = await import('../../lib/push');
const { needServiceWorker } = await import('../../lib/serviceWorkerStart');
const { registerForPush } = await import('./registerPush');
const { beginSignOut, endSignOut } = await import('../../lib/pushSession');

type Permission = 'default' | 'denied' | 'granted';

interface FakeBrowser {
  permission?: Permission;
  afterPrompt?: Permission;
  ready?: Promise<unknown>;
}

function browserWith({
  permission = 'granted',
  afterPrompt,
  ready = Promise.resolve({ active: {} }),
}: FakeBrowser = {}) {
  const state = { permission, reads: 0 };
  const Notification = {
    /** Each read is a synchronous round trip to Chromium's browser process. */
    get reads() {
      return state.reads;
    },
    get permission() {
      state.reads += 1;
      return state.permission;
    },
    requestPermission: vi.fn(async () => (state.permission = afterPrompt ?? permission)),
  };
  vi.stubGlobal('Notification', Notification);
  vi.stubGlobal('PushManager', function PushManager() {});
  Object.defineProperty(navigator, 'serviceWorker', { value: { ready }, configurable: true });
  return Notification;
}

beforeEach(() => {
  vi.clearAllMocks();
  vi.mocked(push.obtainPushToken).mockResolvedValue('local:test-token');
  vi.mocked(push.sendTokenToServer).mockResolvedValue(undefined);
});
afterEach(() => {
  vi.unstubAllGlobals();
  vi.useRealTimers();
  Reflect.deleteProperty(navigator, 'serviceWorker');
});

describe('registerForPush', () => {
  it('registers the token when everything is in place', async () => {
    browserWith();
    expect(await registerForPush('u1', { prompt: true })).toEqual({ ok: true, token: 'local:test-token' });
    expect(push.sendTokenToServer).toHaveBeenCalledWith('local:test-token');
  });

  it.each([
    { prompt: true, permission: 'default' as const, asks: true },
    { prompt: false, permission: 'granted' as const, asks: true },
    { prompt: false, permission: 'default' as const, asks: false },
    { prompt: true, permission: 'denied' as const, asks: true },
    { prompt: false, permission: 'denied' as const, asks: false },
  ])(
    'prompt $prompt, permission $permission: asks for the service worker at once: $asks',
    async ({ prompt, permission, asks }) => {
      const notification = browserWith({ permission, afterPrompt: 'granted' });
      await registerForPush('u1', { prompt });
      expect(vi.mocked(needServiceWorker).mock.calls.length > 0).toBe(asks);
      // Before the permission prompt, so the worker installs while it is open.
      if (asks && notification.requestPermission.mock.calls.length > 0) {
        expect(vi.mocked(needServiceWorker).mock.invocationCallOrder[0]).toBeLessThan(
          notification.requestPermission.mock.invocationCallOrder[0] ?? 0,
        );
      }
    },
  );

  it('needs a signed-in user', async () => {
    browserWith();
    expect(await registerForPush(undefined, { prompt: true })).toEqual({
      ok: false,
      message: PUSH_MESSAGES.notLoggedIn,
      device: 'failed',
    });
  });

  it('reports an unsupported browser', async () => {
    expect(await registerForPush('u1', { prompt: true })).toEqual({
      ok: false,
      message: PUSH_MESSAGES.unsupported,
      device: 'unsupported',
    });
  });

  it('reports blocked notifications without asking again', async () => {
    const notification = browserWith({ permission: 'denied' });
    expect(await registerForPush('u1', { prompt: true })).toEqual({
      ok: false,
      message: PUSH_MESSAGES.permissionDenied,
      device: 'blocked',
    });
    expect(notification.requestPermission).not.toHaveBeenCalled();
  });

  it('asks once, and reports a permission still not given', async () => {
    const notification = browserWith({ permission: 'default' });
    expect(await registerForPush('u1', { prompt: true })).toEqual({
      ok: false,
      message: PUSH_MESSAGES.permissionDefault,
      device: 'not-asked',
    });
    expect(notification.requestPermission).toHaveBeenCalledTimes(1);
  });

  it.each([
    { prompt: false, permission: 'granted' as const },
    { prompt: false, permission: 'default' as const },
    { prompt: true, permission: 'default' as const },
    { prompt: true, permission: 'denied' as const },
  ])('reads the permission once (prompt $prompt, $permission)', async ({ prompt, permission }) => {
    const notification = browserWith({ permission, afterPrompt: 'granted' });
    await registerForPush('u1', { prompt });
    expect(notification.reads).toBe(1);
  });

  it('gives up on the service worker after 10 s', async () => {
    vi.useFakeTimers();
    browserWith({ ready: new Promise(() => {}) });
    const result = registerForPush('u1', { prompt: false });
    await vi.advanceTimersByTimeAsync(9_999);
    let settled = false;
    void result.then(() => (settled = true));
    await Promise.resolve();
    expect(settled).toBe(false);
    await vi.advanceTimersByTimeAsync(1);
    expect(await result).toEqual({ ok: false, message: PUSH_MESSAGES.serviceWorker, device: 'failed' });
  });

  it('needs an active service worker', async () => {
    browserWith({ ready: Promise.resolve({ active: null }) });
    expect(await registerForPush('u1', { prompt: false })).toEqual({
      ok: false,
      message: PUSH_MESSAGES.noActiveWorker,
      device: 'failed',
    });
  });

  it('passes on a messaging error', async () => {
    browserWith();
    vi.mocked(push.obtainPushToken).mockRejectedValue(new Error('missing VAPID key'));
    expect(await registerForPush('u1', { prompt: false })).toEqual({
      ok: false,
      message: 'Firebase messaging error: missing VAPID key',
      device: 'failed',
    });
  });

  it.each([
    ['an empty token', () => vi.mocked(push.obtainPushToken).mockResolvedValue('')],
    ['a failed registration call', () => vi.mocked(push.sendTokenToServer).mockRejectedValue(new Error('internal'))],
  ])('reports %s', async (_label, arrange) => {
    browserWith();
    arrange();
    expect(await registerForPush('u1', { prompt: false })).toEqual({
      ok: false,
      message: PUSH_MESSAGES.token,
      device: 'failed',
    });
  });

  describe('around sign-out', () => {
    const REFUSED = { ok: false, message: PUSH_MESSAGES.notLoggedIn, device: 'failed', cancelled: true };
    /** Lets every pending promise job and timer of this turn run. */
    const flush = () => new Promise((resolve) => setTimeout(resolve, 0));
    afterEach(() => endSignOut());

    it('goes no further once the service worker answers, and sign-out does not wait for the worker', async () => {
      let answer: (registration: unknown) => void = () => undefined;
      browserWith({ ready: new Promise((resolve) => (answer = resolve)) });
      const result = registerForPush('u1', { prompt: false });
      let ended = false;
      void beginSignOut().then(() => (ended = true));
      await flush();
      expect(ended).toBe(true);
      answer({ active: {} });
      expect(await result).toEqual(REFUSED);
      expect(push.obtainPushToken).not.toHaveBeenCalled();
      expect(push.sendTokenToServer).not.toHaveBeenCalled();
    });

    it('waits for a token being obtained, and does not send it', async () => {
      browserWith();
      let hand: (token: string) => void = () => undefined;
      vi.mocked(push.obtainPushToken).mockReturnValue(new Promise((resolve) => (hand = resolve)));
      const result = registerForPush('u1', { prompt: false });
      await vi.waitFor(() => expect(push.obtainPushToken).toHaveBeenCalled());
      let ended = false;
      const ending = beginSignOut().then(() => (ended = true));
      await flush();
      expect(ended).toBe(false);
      hand('local:late-token');
      await ending;
      expect(await result).toEqual(REFUSED);
      expect(push.sendTokenToServer).not.toHaveBeenCalled();
    });

    it('refuses a registration that starts while sign-out is under way', async () => {
      void beginSignOut();
      browserWith();
      expect(await registerForPush('u1', { prompt: false })).toEqual(REFUSED);
      expect(push.obtainPushToken).not.toHaveBeenCalled();
    });

    it('registers as usual once sign-out has finished', async () => {
      await beginSignOut();
      endSignOut();
      browserWith();
      expect(await registerForPush('u1', { prompt: false })).toEqual({ ok: true, token: 'local:test-token' });
    });
  });
});
