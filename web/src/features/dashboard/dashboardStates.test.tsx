// The dashboard says nothing it does not know. Skeleton rows until each list's first
// snapshot, no stand-in name before the profile, and offline a banner instead of error toasts.
import { DASHBOARD_TEXT, TOAST } from '@price-alerts/domain/copy';
import { act, fireEvent, screen } from '@testing-library/react';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';

vi.mock('../../lib/firebase', () => ({ getDb: vi.fn(async () => ({})) }));
vi.mock('../../lib/repositories/alerts', () => import('../../test/fakeAlertsRepository'));
const toastError = vi.fn();
vi.mock('react-hot-toast', () => ({ default: Object.assign(vi.fn(), { error: toastError, success: vi.fn() }) }));
const { emit, resetAlertsRepository, testAlert, watchAlerts } = await import('../../test/fakeAlertsRepository');
const { renderDashboard } = await import('../../test/renderDashboard');
const { profileAtom } = await import('../../shared/session');

const EMPTY_ACTIVE = 'You have no active alerts right now. Tap the + sign to create one and start monitoring!';

function setOnline(online: boolean) {
  vi.spyOn(navigator, 'onLine', 'get').mockReturnValue(online);
  act(() => {
    window.dispatchEvent(new Event(online ? 'online' : 'offline'));
  });
}

beforeEach(() => {
  resetAlertsRepository();
  toastError.mockReset();
});
afterEach(() => {
  vi.restoreAllMocks();
});

describe('dashboard before it knows', () => {
  it('shows skeleton rows, not the empty state, until each list’s first snapshot', async () => {
    renderDashboard();
    const panel = screen.getByRole('tabpanel');
    expect(panel.getAttribute('aria-busy')).toBe('true');
    expect(panel.querySelectorAll('.skeleton-row').length).toBe(3);
    expect(screen.queryByText(EMPTY_ACTIVE)).toBeNull();
    await vi.waitFor(() => expect(watchAlerts).toHaveBeenCalledTimes(2));

    act(() => emit('active', []));
    expect(panel.getAttribute('aria-busy')).toBe('false');
    expect(screen.getByText(EMPTY_ACTIVE)).toBeInstanceOf(HTMLElement);
    // PREVIOUS has had no snapshot yet: still unknown.
    fireEvent.click(screen.getByRole('tab', { name: 'PREVIOUS' }));
    expect(screen.getByRole('tabpanel').getAttribute('aria-busy')).toBe('true');
    act(() => emit('previous', [testAlert('t', 'triggered')]));
    expect(screen.getByRole('tabpanel').querySelectorAll('.alert-row').length).toBe(1);
  });

  it('holds the name’s and the avatar’s place until the profile is there', () => {
    const store = renderDashboard();
    const heading = screen.getByRole('heading', { level: 1 });
    expect(heading.textContent).toBe('');
    expect(heading.getAttribute('aria-busy')).toBe('true');
    expect(screen.queryByText('ada')).toBeNull();
    expect(screen.queryByText('A')).toBeNull();
    act(() => store.set(profileAtom, { fullName: 'Ada Lovelace', avatarId: 3, hasSetAvatar: true }));
    expect(screen.getByRole('heading', { level: 1, name: 'Ada Lovelace' })).toBeInstanceOf(HTMLElement);
  });

  it('offers See all only for a list at its cap', async () => {
    renderDashboard();
    await vi.waitFor(() => expect(watchAlerts).toHaveBeenCalledTimes(2));
    const alerts = (n: number) => Array.from({ length: n }, (_, i) => testAlert(`a${i}`, 'active'));
    act(() => emit('active', alerts(9)));
    expect(screen.queryByRole('link', { name: /See all/ })).toBeNull();
    act(() => emit('active', alerts(10)));
    expect(screen.getByRole('link', { name: /See all/ }).getAttribute('href')).toBe('/alerts/active');
  });

  it('offers See all for a list at its cap of documents though some could not be read', async () => {
    renderDashboard();
    await vi.waitFor(() => expect(watchAlerts).toHaveBeenCalledTimes(2));
    // Ten documents came back, five of them of a shape this version cannot read (left out).
    const alerts = Array.from({ length: 5 }, (_, i) => testAlert(`a${i}`, 'active'));
    act(() => emit('active', alerts, true));
    expect(document.querySelectorAll('.alert-row')).toHaveLength(5);
    expect(screen.getByRole('link', { name: /See all/ }).getAttribute('href')).toBe('/alerts/active');
  });
});

describe('dashboard offline', () => {
  it('shows the banner instead of the live queries’ error toasts, and drops it back online', async () => {
    renderDashboard();
    await vi.waitFor(() => expect(watchAlerts).toHaveBeenCalledTimes(2));
    setOnline(false);
    expect(screen.getByText(DASHBOARD_TEXT.offline)).toBeInstanceOf(HTMLElement);
    const onError = watchAlerts.mock.calls[0]?.[4];
    act(() => onError?.(new Error('unavailable')));
    expect(toastError).not.toHaveBeenCalled();
    // The list is not left on skeletons for good.
    expect(screen.getByRole('tabpanel').getAttribute('aria-busy')).toBe('false');

    setOnline(true);
    expect(screen.queryByText(DASHBOARD_TEXT.offline)).toBeNull();
    act(() => onError?.(new Error('permission-denied')));
    expect(toastError).toHaveBeenCalledWith(TOAST.activeAlertsFailed, { id: TOAST.activeAlertsFailed });
  });
});
