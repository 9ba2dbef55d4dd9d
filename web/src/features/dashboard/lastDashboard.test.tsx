// A signed-in reload paints the dashboard's greeting at once, from what this device last
// showed (shared/firstPaint/lastGreeting.ts), and only for the user it named (app/forgetLastDashboard.test.tsx:
// forgetting it). Nor does it shift: until the profile and the lists arrive, 'My Todos' stands as the
// dashboard last showed it to this user, and each list's skeleton keeps the height the list last had.
import { act, cleanup, fireEvent, render, screen } from '@testing-library/react';
import { Provider, createStore } from 'jotai';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';

vi.mock('../../lib/firebase', () => ({ getDb: vi.fn(async () => ({})) }));
vi.mock('../../lib/repositories/alerts', () => import('../../test/fakeAlertsRepository'));
vi.mock('../../lib/repositories/profiles', () => ({
  watchProfile: () => () => undefined,
  saveProfile: vi.fn(),
  saveTimeZone: vi.fn(),
}));
vi.mock('react-hot-toast', () => ({ default: Object.assign(vi.fn(), { error: vi.fn(), success: vi.fn() }) }));
const { emit, resetAlertsRepository, testAlert, watchAlerts } = await import('../../test/fakeAlertsRepository');
const { installFakeResizeObserver } = await import('../../test/fakeResizeObserver');
const { renderDashboard } = await import('../../test/renderDashboard');
const { Pending } = await import('./DashboardPage');
const { LAST_GREETING_KEY, LAST_LIST_HEIGHTS_KEY } = await import('../../shared/firstPaint/lastGreeting');
const { currentUserAtom, profileAtom, SESSION_CHECK_LABEL } = await import('../../shared/session');

const ADA = { uid: 'u1', name: 'Ada Lovelace', avatarId: 3 };
const remember = (value: unknown) => localStorage.setItem(LAST_GREETING_KEY, JSON.stringify(value));
const stored = () => localStorage.getItem(LAST_GREETING_KEY);
const rememberHeights = (value: unknown) => localStorage.setItem(LAST_LIST_HEIGHTS_KEY, JSON.stringify(value));
const nameHeading = () => screen.getByRole('heading', { level: 1 });

const todos = () => screen.queryByRole('heading', { name: 'My Todos' });
const panel = () => screen.getByRole('tabpanel');
const skeletonRows = () => panel().querySelectorAll('.skeleton-row').length;

beforeEach(() => {
  localStorage.clear();
  resetAlertsRepository();
});
afterEach(() => {
  cleanup();
  vi.restoreAllMocks();
  vi.unstubAllGlobals();
});

describe('the greeting from the last session', () => {
  it('is remembered once the profile is there, and shown at the next load before the profile', () => {
    const store = renderDashboard();
    expect(nameHeading().getAttribute('aria-busy')).toBe('true');
    act(() => store.set(profileAtom, { fullName: 'Ada Lovelace', avatarId: 3, hasSetAvatar: true }));
    expect(JSON.parse(stored() ?? 'null')).toEqual({ ...ADA, todos: { avatar: true, pwa: false } });
    cleanup();

    renderDashboard();
    expect(nameHeading().textContent).toBe('Ada Lovelace');
    expect(nameHeading().getAttribute('aria-busy')).toBeNull();
    expect(document.querySelector('img.avatar')?.getAttribute('src')).toBe('/avatars/3.svg');
  });

  it('follows a name changed since: the profile wins and is remembered', () => {
    remember(ADA);
    const store = renderDashboard();
    act(() => store.set(profileAtom, { fullName: 'Ada King', hasSetAvatar: false }));
    expect(nameHeading().textContent).toBe('Ada King');
    expect(JSON.parse(stored() ?? 'null')).toEqual({
      uid: 'u1',
      name: 'Ada King',
      avatarId: null,
      todos: { avatar: false, pwa: false },
    });
  });

  it('is not taken from one user’s profile for the next one’s, signed in without a sign-out between', () => {
    const store = renderDashboard();
    act(() => store.set(profileAtom, { fullName: 'Ada Lovelace', avatarId: 3, hasSetAvatar: true }));
    act(() => store.set(currentUserAtom, { uid: 'u2', email: 'bob@example.test' } as never));
    expect(nameHeading().getAttribute('aria-label')).toBe('Loading your name');
    expect(JSON.parse(stored() ?? 'null').uid).toBe('u1');
  });

  it('is not shown to another user', () => {
    remember({ ...ADA, uid: 'someone-else' });
    renderDashboard();
    expect(nameHeading().getAttribute('aria-label')).toBe('Loading your name');
    expect(screen.queryByText('Ada Lovelace')).toBeNull();
  });

  it.each([
    ['not JSON', '{"uid":'],
    ['no uid', JSON.stringify({ name: 'Ada', avatarId: null })],
    ['a blank name', JSON.stringify({ ...ADA, name: '  ' })],
    ['an avatar that does not exist', JSON.stringify({ ...ADA, avatarId: 9 })],
  ])('ignores what it cannot trust: %s', (_case, raw) => {
    localStorage.setItem(LAST_GREETING_KEY, raw);
    renderDashboard();
    expect(nameHeading().getAttribute('aria-label')).toBe('Loading your name');
  });

  it('shows a name that looks like markup as text', () => {
    remember({ ...ADA, name: '<img src=x onerror=alert(1)>' });
    renderDashboard();
    expect(nameHeading().textContent).toBe('<img src=x onerror=alert(1)>');
    expect(nameHeading().querySelector('img')).toBeNull();
  });

  it('while the session is being checked, names whoever was signed in last, over the spinner', () => {
    remember(ADA);
    const store = createStore();
    render(
      <Provider store={store}>
        <Pending />
      </Provider>,
    );
    expect(nameHeading().textContent).toBe('Ada Lovelace');
    expect(screen.getByRole('status').textContent).toBe(SESSION_CHECK_LABEL);
  });
});

describe("'My Todos' before the profile", () => {
  it('stands as last shown, struck through where done, and then follows the profile', () => {
    remember({ ...ADA, todos: { avatar: true, pwa: false } });
    const store = renderDashboard();
    expect(todos()).toBeInstanceOf(HTMLElement);
    expect(screen.getByRole('link', { name: 'Setup Your Avatar' }).className).toBe('done');
    act(() => store.set(profileAtom, { fullName: 'Ada Lovelace', hasSetAvatar: true, pwaPromptDismissed: true }));
    expect(todos()).toBeNull();
    expect(JSON.parse(localStorage.getItem(LAST_GREETING_KEY) ?? 'null').todos).toEqual({ avatar: true, pwa: true });
  });

  it.each([
    ['both were done', { ...ADA, todos: { avatar: true, pwa: true } }],
    ['nothing says', ADA],
    ['it was another user’s', { ...ADA, uid: 'someone-else', todos: { avatar: false, pwa: false } }],
  ])('is not there when %s', (_case, value) => {
    remember(value);
    renderDashboard();
    expect(todos()).toBeNull();
  });
});

describe("'Turn on notifications' in 'My Todos'", () => {
  const FIREFOX = 'Mozilla/5.0 (Android 15; Mobile; rv:153.0) Gecko/153.0 Firefox/153.0';
  const done = { fullName: 'Ada Lovelace', hasSetAvatar: true, pwaPromptDismissed: true };

  it.each([
    ['a browser that asks only after a tap, not asked yet', FIREFOX, 'not-asked', {}, true],
    ['Chromium, which asks at sign-in', navigator.userAgent, 'not-asked', {}, false],
    ['a browser that asks on a tap, registered', FIREFOX, 'registered', {}, false],
    [
      'a browser that asks on a tap, push off on the account',
      FIREFOX,
      'not-asked',
      { notificationsEnabled: false },
      false,
    ],
  ] as const)('%s: shown %s', async (_case, userAgent, device, profile, shown) => {
    const chromium = navigator.userAgent;
    Object.defineProperty(navigator, 'userAgent', { value: userAgent, configurable: true });
    try {
      const { devicePushAtom } = await import('../../shared/pushState');
      const store = renderDashboard();
      act(() => {
        store.set(profileAtom, { ...done, ...profile });
        store.set(devicePushAtom, device);
      });
      const link = screen.queryByRole('link', { name: 'Turn on notifications' });
      expect(link?.getAttribute('href') ?? null).toBe(shown ? '/notifications' : null);
    } finally {
      Object.defineProperty(navigator, 'userAgent', { value: chromium, configurable: true });
    }
  });
});

describe('a list’s skeleton', () => {
  it('keeps the height the list last had here, in rows of a skeleton row’s height', () => {
    rememberHeights({ uid: 'u1', active: 400, previous: 120 });
    renderDashboard();
    expect(panel().style.minHeight).toBe('400px');
    expect(skeletonRows()).toBe(6);
    fireEvent.click(screen.getByRole('tab', { name: 'PREVIOUS' }));
    expect(panel().style.minHeight).toBe('120px');
    expect(skeletonRows()).toBe(1);
  });

  it('remembers the height a list has once it is there, and lets it be its own height', async () => {
    const { resize } = installFakeResizeObserver();
    rememberHeights({ uid: 'u1', active: 400 });
    // Read from the ResizeObserver, after the browser's layout: reading it in the commit would force one.
    const forcedLayout = vi.spyOn(HTMLElement.prototype, 'getBoundingClientRect');
    renderDashboard();
    expect(panel().style.minHeight).toBe('400px');
    await vi.waitFor(() => expect(watchAlerts).toHaveBeenCalledTimes(2));
    act(() => emit('active', [testAlert('a', 'active'), testAlert('b', 'active')]));
    expect(panel().style.minHeight).toBe('');
    act(() => resize(273.4));
    expect(JSON.parse(localStorage.getItem(LAST_LIST_HEIGHTS_KEY) ?? 'null')).toEqual({ uid: 'u1', active: 273 });
    // A row more: the list grows, and the new height is what is kept.
    act(() => resize(338.6));
    expect(JSON.parse(localStorage.getItem(LAST_LIST_HEIGHTS_KEY) ?? 'null')).toEqual({ uid: 'u1', active: 339 });
    expect(forcedLayout).not.toHaveBeenCalled();
  });

  it('keeps what it had when the list reports no height, or has gone', async () => {
    const { resize } = installFakeResizeObserver();
    renderDashboard();
    await vi.waitFor(() => expect(watchAlerts).toHaveBeenCalledTimes(2));
    act(() => emit('active', [testAlert('a', 'active')]));
    act(() => resize(130));
    const kept = localStorage.getItem(LAST_LIST_HEIGHTS_KEY);
    expect(JSON.parse(kept ?? 'null')).toEqual({ uid: 'u1', active: 130 });
    // Hidden or emptied for a moment: 0 would leave the next load's skeleton with no height at all.
    act(() => resize(0));
    expect(localStorage.getItem(LAST_LIST_HEIGHTS_KEY)).toBe(kept);
    cleanup();
    act(() => resize(500));
    expect(localStorage.getItem(LAST_LIST_HEIGHTS_KEY)).toBe(kept);
  });

  it('keeps nothing once the user has signed out, even before the list is gone', async () => {
    const { resize } = installFakeResizeObserver();
    const store = renderDashboard();
    await vi.waitFor(() => expect(watchAlerts).toHaveBeenCalledTimes(2));
    act(() => emit('active', [testAlert('a', 'active')]));
    // Signed out: what was remembered is forgotten at once, and the user's atom is null before React
    // renders the change (the auth listener sets it in a transition).
    localStorage.removeItem(LAST_LIST_HEIGHTS_KEY);
    store.set(currentUserAtom, null);
    resize(220);
    expect(localStorage.getItem(LAST_LIST_HEIGHTS_KEY)).toBeNull();
    await act(async () => undefined);
  });

  it('measures nothing while the list is on its way', async () => {
    const { observedCount } = installFakeResizeObserver();
    rememberHeights({ uid: 'u1', active: 400 });
    renderDashboard();
    await vi.waitFor(() => expect(watchAlerts).toHaveBeenCalledTimes(2));
    expect(observedCount()).toBe(0);
    act(() => emit('active', [testAlert('a', 'active')]));
    expect(observedCount()).toBe(1);
  });

  it.each([
    ['nothing is remembered', null],
    ['it was another user’s', { uid: 'someone-else', active: 600 }],
    ['the height is not one', { uid: 'u1', active: -5 }],
    ['the height is past any list', { uid: 'u1', active: 1e9 }],
  ])('is three rows when %s', (_case, value) => {
    if (value) rememberHeights(value);
    renderDashboard();
    expect(panel().style.minHeight).toBe('');
    expect(skeletonRows()).toBe(3);
  });
});
