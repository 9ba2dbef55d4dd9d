// The service worker's own notificationclick listener: sw.ts is imported as the browser would run
// it, with `self` played by jsdom's window. Only what cannot run here is replaced: Workbox's
// precaching and routing (no Cache Storage or fetch events) and the Clients API, which only a
// service worker has.
import { beforeAll, beforeEach, describe, expect, it, vi } from 'vitest';

vi.mock('workbox-core', () => ({ clientsClaim: vi.fn() }));
vi.mock('workbox-precaching', () => ({
  cleanupOutdatedCaches: vi.fn(),
  createHandlerBoundToURL: vi.fn(),
  precacheAndRoute: vi.fn(),
}));
vi.mock('workbox-routing', () => ({ NavigationRoute: vi.fn(), registerRoute: vi.fn() }));

const ORIGIN = self.location.origin;
let log: string[];
let windows: FakeWindow[];

class FakeWindow {
  constructor(public url: string) {}
  async focus() {
    log.push(`focus ${this.url}`);
    return this;
  }
  async navigate(url: string) {
    log.push(`navigate ${this.url} -> ${url}`);
    this.url = url;
    return this;
  }
}

const fakeClients = {
  async matchAll(options: unknown) {
    log.push(`matchAll ${JSON.stringify(options)}`);
    return windows;
  },
  async openWindow(url: string) {
    log.push(`openWindow ${url}`);
    return null;
  },
};

beforeAll(async () => {
  Object.defineProperty(self, 'clients', { value: fakeClients, configurable: true });
  await import('./sw');
});

beforeEach(() => {
  log = [];
  windows = [];
});

/** Clicks a notification carrying `data` and waits for the work the worker asked to be kept alive for. */
async function click(data: unknown): Promise<string[]> {
  let work: Promise<unknown> | undefined;
  const event = Object.assign(new Event('notificationclick'), {
    notification: { data, close: () => log.push('close') },
    waitUntil: (promise: Promise<unknown>) => {
      work = promise;
    },
  });
  self.dispatchEvent(event);
  expect(work, 'the listener hands its work to waitUntil').toBeInstanceOf(Promise);
  await work;
  return log;
}

const MATCH_ALL = 'matchAll {"type":"window","includeUncontrolled":true}';

describe('service worker: a notification click', () => {
  it('focuses an open window of the app and navigates it to the alert', async () => {
    windows = [new FakeWindow(`${ORIGIN}/account`)];
    expect(await click({ url: '/dashboard?alert=x' })).toEqual([
      'close',
      MATCH_ALL,
      `focus ${ORIGIN}/account`,
      `navigate ${ORIGIN}/account -> ${ORIGIN}/dashboard?alert=x`,
    ]);
  });

  it('still navigates the window when the platform refuses it focus', async () => {
    const refusing = Object.assign(new FakeWindow(`${ORIGIN}/account`), {
      focus: () => Promise.reject(new DOMException('Not allowed to focus a window.', 'InvalidAccessError')),
    });
    windows = [refusing];
    expect(await click({ url: '/dashboard?alert=x' })).toEqual([
      'close',
      MATCH_ALL,
      `navigate ${ORIGIN}/account -> ${ORIGIN}/dashboard?alert=x`,
    ]);
  });

  it('opens a window on the alert when the open one cannot be navigated (not controlled)', async () => {
    const uncontrolled = Object.assign(new FakeWindow(`${ORIGIN}/account`), {
      navigate: () => Promise.reject(new TypeError('This service worker is not the client’s active service worker.')),
    });
    windows = [uncontrolled];
    expect(await click({ url: '/dashboard?alert=x' })).toEqual([
      'close',
      MATCH_ALL,
      `focus ${ORIGIN}/account`,
      `openWindow ${ORIGIN}/dashboard?alert=x`,
    ]);
  });

  it('opens a window on the alert when the app has none open', async () => {
    expect(await click({ url: '/dashboard?alert=x' })).toEqual([
      'close',
      MATCH_ALL,
      `openWindow ${ORIGIN}/dashboard?alert=x`,
    ]);
  });

  it('leaves a window of another site alone and opens the app instead', async () => {
    windows = [new FakeWindow('https://evil.example/dashboard')];
    expect(await click({ url: '/dashboard?alert=x' })).toEqual([
      'close',
      MATCH_ALL,
      `openWindow ${ORIGIN}/dashboard?alert=x`,
    ]);
  });

  const elsewhere = ['//evil.example/x', '/\\evil.example', 'https://evil.example/dashboard', '/login', undefined];

  it.each(elsewhere)('opens the dashboard, not %j, in a new window', async (url) => {
    expect(await click({ url })).toEqual(['close', MATCH_ALL, `openWindow ${ORIGIN}/dashboard`]);
  });

  it.each(elsewhere)('navigates an open window to the dashboard, not %j', async (url) => {
    windows = [new FakeWindow(`${ORIGIN}/account`)];
    expect(await click({ url })).toEqual([
      'close',
      MATCH_ALL,
      `focus ${ORIGIN}/account`,
      `navigate ${ORIGIN}/account -> ${ORIGIN}/dashboard`,
    ]);
  });

  it('opens the dashboard for a notification with no data', async () => {
    expect(await click(null)).toEqual(['close', MATCH_ALL, `openWindow ${ORIGIN}/dashboard`]);
  });
});
