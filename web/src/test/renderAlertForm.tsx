/**
 * The create and edit screens on their routes, signed in with a live GBP/USD price, for the form's
 * component tests. Import it after the test's mocks (await import), as it loads the screens.
 */
import type { LivePrice } from '@price-alerts/domain/store';
import { fireEvent, render, screen, within } from '@testing-library/react';
import { Provider, createStore } from 'jotai';
import { MemoryRouter, Route, Routes } from 'react-router-dom';
import CreateAlertPage from '../features/alert-form/CreateAlertPage';
import EditAlertPage from '../features/alert-form/EditAlertPage';
import { feedStatusAtom, livePricesAtom } from '../shared/prices/atoms';
import { currentUserAtom } from '../shared/session';

export function renderAlertForm(path: string, gbpUsd: LivePrice) {
  const store = createStore();
  store.set(currentUserAtom, { uid: 'u1', email: 'ada@example.test' } as never);
  store.set(feedStatusAtom, 'subscribed');
  store.set(livePricesAtom, { 'GBP/USD': gbpUsd });
  render(
    <Provider store={store}>
      <MemoryRouter initialEntries={[path]}>
        <Routes>
          <Route path="/create_alert" element={<CreateAlertPage />} />
          <Route path="/edit_alert/:alertId" element={<EditAlertPage />} />
          <Route path="/alert_added_successfully" element={<p>added page</p>} />
          <Route path="/dashboard" element={<p>dashboard page</p>} />
        </Routes>
      </MemoryRouter>
    </Provider>,
  );
  return store;
}

/** Opens a field's modal and picks in it (a closing modal stays in the page, so it is found by name). */
export function pick(field: 'Currency pair' | 'Alert type', choice: string) {
  fireEvent.click(screen.getByRole('button', { name: new RegExp(field) }));
  fireEvent.click(within(screen.getByRole('dialog', { name: field })).getByRole('button', { name: choice }));
}
