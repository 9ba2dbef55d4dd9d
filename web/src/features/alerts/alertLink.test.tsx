import type { Alert } from '@price-alerts/domain';
import { render, screen, waitFor } from '@testing-library/react';
import { Provider, createStore } from 'jotai';
import { MemoryRouter, useLocation } from 'react-router-dom';
import { beforeEach, describe, expect, it, vi } from 'vitest';

// The gateway and the alerts repository are the boundary: no database here.
vi.mock('../../lib/firebase', () => ({ getDb: vi.fn(async () => ({})) }));
const getAlert = vi.fn<(db: unknown, uid: string, id: string) => Promise<Alert | undefined>>();
vi.mock('../../lib/repositories/alerts', () => ({
  getAlert: (...args: [unknown, string, string]) => getAlert(...args),
}));
const toastError = vi.fn();
vi.mock('react-hot-toast', () => ({ default: Object.assign(vi.fn(), { error: toastError, success: vi.fn() }) }));
const { AlertDetailsSheet } = await import('./AlertDetailsSheet');
const { AlertsPanel } = await import('./AlertsPanel');
const { useAlertLink, ALERT_LINK_NOT_FOUND } = await import('./useAlertLink');
const { currentUserAtom } = await import('../../shared/session');

const fired: Alert = {
  id: 'fired-1',
  userId: 'u1',
  currencyPair: 'GBP/USD',
  alertType: 'Price dropping below',
  triggerPrice: 1.25,
  status: 'triggered',
  notificationPreferences: { email: true, push: true },
  createdAt: new Date('2026-11-20T09:00:00'),
};

function Search() {
  return <output aria-label="search">{useLocation().search}</output>;
}
function Dashboard() {
  const tab = useAlertLink();
  return (
    <>
      <AlertsPanel key={tab ?? 'initial'} initialTab={tab ?? 'active'} />
      <AlertDetailsSheet />
      <Search />
    </>
  );
}

function renderAt(url: string) {
  const store = createStore();
  store.set(currentUserAtom, { uid: 'u1', email: 'ada@example.test' } as never);
  render(
    <Provider store={store}>
      <MemoryRouter initialEntries={[url]}>
        <Dashboard />
      </MemoryRouter>
    </Provider>,
  );
}

beforeEach(() => {
  getAlert.mockReset();
  toastError.mockReset();
});

describe('a link to an alert (from an email or a push)', () => {
  it('opens the alert’s details on the tab that lists it, and drops the parameter', async () => {
    getAlert.mockResolvedValue(fired);
    renderAt('/dashboard?alert=fired-1');
    const sheet = await screen.findByRole('dialog', { name: 'Alert Details' });
    expect(sheet.textContent).toContain('GBP/USD');
    expect(sheet.textContent).toContain('triggered');
    expect(getAlert).toHaveBeenCalledWith({}, 'u1', 'fired-1');
    expect(screen.getByRole('tab', { name: 'PREVIOUS' }).getAttribute('aria-selected')).toBe('true');
    await waitFor(() => expect(screen.getByLabelText('search').textContent).toBe(''));
  });

  it('opens an active alert on ACTIVE', async () => {
    getAlert.mockResolvedValue({ ...fired, status: 'active' });
    renderAt('/dashboard?alert=fired-1');
    await screen.findByRole('dialog', { name: 'Alert Details' });
    expect(screen.getByRole('tab', { name: 'ACTIVE' }).getAttribute('aria-selected')).toBe('true');
  });

  it('says so when the alert was deleted', async () => {
    getAlert.mockResolvedValue(undefined);
    renderAt('/dashboard?alert=gone');
    await waitFor(() => expect(toastError).toHaveBeenCalledWith(ALERT_LINK_NOT_FOUND));
    expect(screen.queryByRole('dialog', { name: 'Alert Details' })).toBeNull();
  });

  it('does nothing without the parameter', () => {
    renderAt('/dashboard');
    expect(getAlert).not.toHaveBeenCalled();
  });
});
