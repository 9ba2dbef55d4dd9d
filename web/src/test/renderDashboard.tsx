import { render } from '@testing-library/react';
import { Provider, createStore } from 'jotai';
import { MemoryRouter, Route, Routes, useLocation } from 'react-router-dom';
import DashboardPage from '../features/dashboard/DashboardPage';
import { currentUserAtom } from '../shared/session';

function Search() {
  return <output aria-label="search">{useLocation().search}</output>;
}

/** The real dashboard under a store of its own, signed in as u1 unless told otherwise. */
export function renderDashboard(url = '/dashboard', { signedIn = true } = {}) {
  const store = createStore();
  if (signedIn) store.set(currentUserAtom, { uid: 'u1', email: 'ada@example.test' } as never);
  render(
    <Provider store={store}>
      <MemoryRouter initialEntries={[url]}>
        <Routes>
          <Route path="/dashboard" element={<DashboardPage />} />
          <Route path="/edit_alert/:alertId" element={<p>edit page</p>} />
        </Routes>
        <Search />
      </MemoryRouter>
    </Provider>,
  );
  return store;
}
