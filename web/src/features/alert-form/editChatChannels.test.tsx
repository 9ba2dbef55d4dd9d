// The edit screen with an alert that notifies by Telegram and Discord: what it has chosen stays chosen
// whether or not the account still has the channel, and is saved as shown.
import { render, screen, fireEvent, waitFor } from '@testing-library/react';
import { Provider, createStore } from 'jotai';
import { MemoryRouter, Route, Routes } from 'react-router-dom';
import { beforeEach, describe, expect, it, vi } from 'vitest';

// Boundaries: the gateway, the alerts repository, the push devices' count and the toast.
vi.mock('../../lib/firebase', () => ({ getDb: vi.fn(async () => ({})) }));
vi.mock('../../lib/repositories/alerts', () => import('../../test/fakeAlertsRepository'));
vi.mock('../../lib/repositories/pushTokens', () => import('../../test/fakePushTokens'));
vi.mock('react-hot-toast', () => ({ default: Object.assign(vi.fn(), { success: vi.fn(), error: vi.fn() }) }));
const repo = await import('../../test/fakeAlertsRepository');
const { default: EditAlertPage } = await import('./EditAlertPage');
const { currentUserAtom, profileAtom } = await import('../../shared/session');

function renderEdit() {
  repo.getAlert.mockResolvedValue(
    repo.testAlert('t1', 'active', {
      notificationPreferences: { email: true, push: false, telegram: true, discord: true },
    }),
  );
  const store = createStore();
  store.set(currentUserAtom, { uid: 'u1', email: 'ada@example.test', emailVerified: true } as never);
  // Discord set up; the Telegram chat was unlinked since the alert chose it.
  store.set(profileAtom, { discord: { state: 'linked', webhookId: '1234567890123456789', since: 1 } });
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
const box = (label: string) => screen.getByLabelText<HTMLInputElement>(label);

beforeEach(() => repo.resetAlertsRepository());

describe('editing an alert that notifies by Telegram and Discord', () => {
  it('shows both checked, lets Telegram be unchecked though it is no longer connected, and saves what is shown', async () => {
    renderEdit();
    await screen.findByLabelText('Telegram');
    expect([box('Telegram').checked, box('Telegram').disabled]).toEqual([true, false]);
    expect([box('Discord').checked, box('Discord').disabled]).toEqual([true, false]);
    expect(screen.getByRole('link', { name: 'Set up Telegram in Notifications' })).toBeDefined();
    expect(screen.queryByRole('link', { name: 'Set up Discord in Notifications' })).toBeNull();
    fireEvent.click(box('Telegram'));
    // Once unchecked it cannot be chosen again until it is connected.
    expect([box('Telegram').checked, box('Telegram').disabled]).toEqual([false, true]);
    fireEvent.click(screen.getByRole('button', { name: 'Save changes' }));
    await waitFor(() => expect(repo.updateAlert).toHaveBeenCalledTimes(1));
    expect(repo.updateAlert.mock.calls[0]?.[3].notificationPreferences).toEqual({
      email: true,
      push: false,
      discord: true,
    });
  });
});
