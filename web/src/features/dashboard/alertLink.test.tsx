import { screen, waitFor } from '@testing-library/react';
import { beforeEach, describe, expect, it, vi } from 'vitest';

// The gateway and the alerts repository are the boundary: no database here.
vi.mock('../../lib/firebase', () => ({ getDb: vi.fn(async () => ({})) }));
vi.mock('../../lib/repositories/alerts', () => import('../../test/fakeAlertsRepository'));
const toastError = vi.fn();
vi.mock('react-hot-toast', () => ({ default: Object.assign(vi.fn(), { error: toastError, success: vi.fn() }) }));
const { ALERT_LINK_NOT_FOUND } = await import('./useAlertLink');
const { getAlert, resetAlertsRepository, testAlert } = await import('../../test/fakeAlertsRepository');
const { renderDashboard: renderAt } = await import('../../test/renderDashboard');

const fired = testAlert('fired-1', 'triggered', {
  currencyPair: 'GBP/USD',
  alertType: 'Price dropping below',
  triggerPrice: 1.25,
  createdAt: new Date('2026-11-20T09:00:00'),
});

beforeEach(() => {
  resetAlertsRepository();
  toastError.mockReset();
});

describe('a link to an alert (from an email or a push)', () => {
  it('opens the alert’s details on the tab that lists it, and drops the parameter', async () => {
    getAlert.mockResolvedValue(fired);
    renderAt('/dashboard?alert=fired-1');
    const sheet = await screen.findByRole('dialog', { name: 'Alert Details' });
    expect(sheet.textContent).toContain('GBP/USD');
    expect(sheet.textContent).toContain('StatusTriggered');
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
