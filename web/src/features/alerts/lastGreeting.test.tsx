// Issue 16: a signed-in reload paints the dashboard's greeting at once, from what this device last
// showed (shared/lastGreeting.ts), and only for the user it named (app/forgetGreeting.test.tsx: forgetting it).
import { act, cleanup, render, screen } from '@testing-library/react';
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
const { renderDashboard } = await import('../../test/renderDashboard');
const { Pending } = await import('./DashboardPage');
const { LAST_GREETING_KEY } = await import('../../shared/lastGreeting');
const { profileAtom, SESSION_CHECK_LABEL } = await import('../../shared/session');

const ADA = { uid: 'u1', name: 'Ada Lovelace', avatarId: 3 };
const remember = (value: unknown) => localStorage.setItem(LAST_GREETING_KEY, JSON.stringify(value));
const stored = () => localStorage.getItem(LAST_GREETING_KEY);
const nameHeading = () => screen.getByRole('heading', { level: 1 });

beforeEach(() => localStorage.clear());
afterEach(() => cleanup());

describe('the greeting from the last session', () => {
  it('is remembered once the profile is there, and shown at the next load before the profile', () => {
    const store = renderDashboard();
    expect(nameHeading().getAttribute('aria-busy')).toBe('true');
    act(() => store.set(profileAtom, { fullName: 'Ada Lovelace', avatarId: 3, hasSetAvatar: true }));
    expect(JSON.parse(stored() ?? 'null')).toEqual(ADA);
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
    expect(JSON.parse(stored() ?? 'null')).toEqual({ uid: 'u1', name: 'Ada King', avatarId: null });
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
