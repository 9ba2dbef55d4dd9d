import { DASHBOARD_TEXT, MSG_ALERT_MISSING, MSG_EDIT_MISSING, TOAST } from '@price-alerts/domain/copy';
import { act, fireEvent, render, screen, waitFor, within } from '@testing-library/react';
import { Provider, createStore } from 'jotai';
import { MemoryRouter, Route, Routes } from 'react-router-dom';
import { beforeEach, describe, expect, it, vi } from 'vitest';

// Boundaries: the gateway, the alerts repository (live queries driven by the test) and the toast.
vi.mock('../lib/firebase', () => ({ getDb: vi.fn(async () => ({})) }));
vi.mock('../lib/repositories/alerts', () => import('../test/fakeAlertsRepository'));
// The edit screen's push hint counts the account's other devices: none here.
vi.mock('../lib/repositories/pushTokens', () => ({
  watchOtherPushDevices: (_db: unknown, _uid: string, onCount: (count: number) => void) => {
    onCount(0);
    return () => undefined;
  },
}));
const toast = { success: vi.fn(), error: vi.fn() };
vi.mock('react-hot-toast', () => ({ default: Object.assign(vi.fn(), toast) }));
const repo = await import('../test/fakeAlertsRepository');
const { renderDashboard } = await import('../test/renderDashboard');
const { AlertDetailsSheet } = await import('../features/dashboard/details/AlertDetailsSheet');
const { default: EditAlertPage } = await import('../features/alert-form/EditAlertPage');
const { selectedAlertAtom, showAlertDetailsAtom } = await import('../features/dashboard/atoms');
const { currentUserAtom } = await import('../shared/session');
const { setOnline } = await import('../test/offline');

const { testAlert, emit } = repo;
const older = testAlert('a1', 'active', { createdAt: new Date('2026-03-01T10:00:00') });
const newer = testAlert('a2', 'paused', { currencyPair: 'GBP/USD', createdAt: new Date('2026-03-02T10:00:00') });

/** The dashboard with two live alerts delivered by its live queries, the first one's sheet open. */
async function dashboardWithSheet(open = older) {
  renderDashboard();
  await waitFor(() => expect(repo.watchAlerts).toHaveBeenCalledTimes(2));
  act(() => {
    emit('active', [newer, older]);
    emit('previous', []);
  });
  fireEvent.click(alertRows().getByRole('button', { name: new RegExp(open.currencyPair) }));
  return within(screen.getByRole('dialog', { name: 'Alert Details' }));
}

const alertRows = () => within(screen.getByRole('region', { name: 'Alerts' }));
const rowNames = () =>
  alertRows()
    .getAllByRole('listitem')
    .map((row) => row.textContent);

beforeEach(() => {
  repo.resetAlertsRepository();
  toast.success.mockReset();
  toast.error.mockReset();
});

describe('pause and resume', () => {
  it('pauses, says so, and the list and the open sheet follow the live query', async () => {
    const sheet = await dashboardWithSheet(older);
    fireEvent.click(sheet.getByRole('button', { name: 'Pause' }));
    await waitFor(() => expect(toast.success).toHaveBeenCalledWith(TOAST.paused));
    expect(repo.setAlertStatus).toHaveBeenCalledWith({}, 'u1', 'a1', 'paused');
    act(() => emit('active', [newer, { ...older, status: 'paused' }]));
    expect(sheet.getByRole('button', { name: 'Play' })).toBeDefined();
    expect(alertRows().getAllByText('Paused')).toHaveLength(2);
  });

  it('resumes a paused alert', async () => {
    const sheet = await dashboardWithSheet(newer);
    fireEvent.click(sheet.getByRole('button', { name: 'Play' }));
    await waitFor(() => expect(toast.success).toHaveBeenCalledWith(TOAST.resumed));
    expect(repo.setAlertStatus).toHaveBeenCalledWith({}, 'u1', 'a2', 'active');
  });

  it('says the update failed and changes nothing', async () => {
    repo.setAlertStatus.mockRejectedValue(new Error('unavailable'));
    const sheet = await dashboardWithSheet(older);
    fireEvent.click(sheet.getByRole('button', { name: 'Pause' }));
    await waitFor(() => expect(toast.error).toHaveBeenCalledWith(TOAST.statusFailed));
    expect(toast.success).not.toHaveBeenCalled();
    expect(sheet.getByRole('button', { name: 'Pause' })).toBeDefined();
  });
});

describe('a double tap', () => {
  it('pauses once, with one toast, while the first write is under way', async () => {
    let finish = () => {};
    repo.setAlertStatus.mockImplementation(() => new Promise<void>((resolve) => (finish = resolve)));
    const sheet = await dashboardWithSheet(older);
    fireEvent.click(sheet.getByRole('button', { name: 'Pause' }));
    fireEvent.click(sheet.getByRole('button', { name: 'Pause' }));
    await waitFor(() => expect(repo.setAlertStatus).toHaveBeenCalledTimes(1));
    act(() => finish());
    await waitFor(() => expect(toast.success).toHaveBeenCalledTimes(1));
    expect(repo.setAlertStatus).toHaveBeenCalledTimes(1);
  });

  it('deletes once on a double tap of Yes, Delete', async () => {
    const sheet = await dashboardWithSheet(older);
    fireEvent.click(sheet.getByRole('button', { name: 'Delete' }));
    const confirm = screen.getByRole('button', { name: 'Yes, Delete' });
    fireEvent.click(confirm);
    fireEvent.click(confirm);
    await waitFor(() => expect(toast.success).toHaveBeenCalledWith(TOAST.deleted));
    expect(repo.deleteAlert).toHaveBeenCalledTimes(1);
    expect(toast.success).toHaveBeenCalledTimes(1);
  });
});

describe('delete', () => {
  it('deletes after confirmation, says so, closes the sheet; the row goes with the live query', async () => {
    const sheet = await dashboardWithSheet(older);
    fireEvent.click(sheet.getByRole('button', { name: 'Delete' }));
    fireEvent.click(screen.getByRole('button', { name: 'Yes, Delete' }));
    await waitFor(() => expect(toast.success).toHaveBeenCalledWith(TOAST.deleted));
    expect(repo.deleteAlert).toHaveBeenCalledWith({}, 'u1', 'a1');
    await waitFor(() => expect(screen.queryByRole('dialog', { name: 'Alert Details' })).toBeNull());
    expect(rowNames()).toHaveLength(2);
    act(() => emit('active', [newer]));
    expect(rowNames()).toHaveLength(1);
  });

  it('says the delete failed and keeps the sheet open', async () => {
    repo.deleteAlert.mockRejectedValue(new Error('permission-denied'));
    const sheet = await dashboardWithSheet(older);
    fireEvent.click(sheet.getByRole('button', { name: 'Delete' }));
    fireEvent.click(screen.getByRole('button', { name: 'Yes, Delete' }));
    await waitFor(() => expect(toast.error).toHaveBeenCalledWith(TOAST.deleteFailed));
    expect(screen.getByRole('dialog', { name: 'Alert Details' })).toBeDefined();
  });
});

describe('missing alert information', () => {
  function sheetWithoutUser() {
    const store = createStore();
    store.set(selectedAlertAtom, older);
    store.set(showAlertDetailsAtom, true);
    render(
      <Provider store={store}>
        <MemoryRouter>
          <AlertDetailsSheet />
        </MemoryRouter>
      </Provider>,
    );
    return within(screen.getByRole('dialog', { name: 'Alert Details' }));
  }

  it('on toggle with no signed-in user, word for word', async () => {
    fireEvent.click(sheetWithoutUser().getByRole('button', { name: 'Pause' }));
    await waitFor(() => expect(toast.error).toHaveBeenCalledWith(MSG_ALERT_MISSING));
    expect(repo.setAlertStatus).not.toHaveBeenCalled();
  });

  it('on delete with no signed-in user, word for word', async () => {
    fireEvent.click(sheetWithoutUser().getByRole('button', { name: 'Delete' }));
    fireEvent.click(screen.getByRole('button', { name: 'Yes, Delete' }));
    await waitFor(() => expect(toast.error).toHaveBeenCalledWith(MSG_ALERT_MISSING));
    expect(repo.deleteAlert).not.toHaveBeenCalled();
  });

  function renderEdit(stored: ReturnType<typeof testAlert> | undefined) {
    repo.getAlert.mockResolvedValue(stored);
    const store = createStore();
    store.set(currentUserAtom, { uid: 'u1', email: 'ada@example.test' } as never);
    render(
      <Provider store={store}>
        <MemoryRouter initialEntries={['/edit_alert/t1']}>
          <Routes>
            <Route path="/edit_alert/:alertId" element={<EditAlertPage />} />
          </Routes>
        </MemoryRouter>
      </Provider>,
    );
  }

  it('on edit of an alert that no longer exists, word for word', async () => {
    renderEdit(undefined);
    expect((await screen.findByRole('alert')).textContent).toBe(MSG_EDIT_MISSING);
  });

  it.each(['triggered', 'cancelled'] as const)(
    'on edit of a %s alert: that it has ended, not missing',
    async (status) => {
      renderEdit(testAlert('t1', status));
      expect(await screen.findByText(DASHBOARD_TEXT.notEditable(status))).toBeInstanceOf(HTMLElement);
      expect(screen.queryByText(MSG_EDIT_MISSING)).toBeNull();
      expect(screen.getByRole('link', { name: 'Show this alert' }).getAttribute('href')).toBe('/dashboard?alert=t1');
    },
  );

  it('on save offline: sends nothing and says so, keeping the edit; back online it saves', async () => {
    renderEdit(testAlert('t1', 'active'));
    const price = await screen.findByLabelText('Trigger price');
    fireEvent.change(price, { target: { value: '1.2' } });
    setOnline(false);
    try {
      fireEvent.click(screen.getByRole('button', { name: 'Save changes' }));
      expect(screen.getByRole('alert').textContent).toBe(DASHBOARD_TEXT.offlineChanges);
      expect(repo.updateAlert).not.toHaveBeenCalled();
      expect((screen.getByLabelText('Trigger price') as HTMLInputElement).value).toBe('1.2');
    } finally {
      setOnline(true);
    }
    fireEvent.click(screen.getByRole('button', { name: 'Save changes' }));
    await waitFor(() => expect(repo.updateAlert).toHaveBeenCalledTimes(1));
    expect(repo.updateAlert.mock.calls[0]?.[3]).toMatchObject({ triggerPrice: 1.2 });
  });
});
