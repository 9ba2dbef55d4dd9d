// 'See all' (/alerts/active, /alerts/previous): one live query that grows a page at a time, a failed
// 'Load more' said and retried, and the details sheet following its alert out of the list.
import { type Alert } from '@price-alerts/domain/store';
import { ALERT_PAGE_SIZE, DASHBOARD_TEXT } from '@price-alerts/domain/copy';
import { act, fireEvent, render, screen, within } from '@testing-library/react';
import { Provider, createStore } from 'jotai';
import { MemoryRouter, Route, Routes } from 'react-router-dom';
import { beforeEach, describe, expect, it, vi } from 'vitest';

vi.mock('../../lib/firebase', () => ({ getDb: vi.fn(async () => ({})) }));
vi.mock('../../lib/repositories/alerts', () => import('../../test/fakeAlertsRepository'));
vi.mock('../../lib/repositories/history', () => import('../../test/fakeHistoryRepository'));
const { fakeFeed } = await import('../../test/fakeFeed');
const feedStub = fakeFeed();
vi.mock('../../shared/prices/feed', () => ({ usePriceFeedClient: () => feedStub }));
const { default: AllAlertsPage } = await import('./AllAlertsPage');
const { currentUserAtom } = await import('../../shared/session');
const repo = await import('../../test/fakeAlertsRepository');
const { testAlert } = repo;

function renderList(list: 'active' | 'previous') {
  const store = createStore();
  store.set(currentUserAtom, { uid: 'u1', email: 'ada@example.test' } as never);
  render(
    <Provider store={store}>
      <MemoryRouter initialEntries={[`/alerts/${list}`]}>
        <Routes>
          <Route path="/alerts/:list" element={<AllAlertsPage />} />
        </Routes>
      </MemoryRouter>
    </Provider>,
  );
}

/** The open query's answer: the newest `count` of `alerts`, full when it filled the size asked. */
async function answer(alerts: Alert[]) {
  await vi.waitFor(() => repo.openListWatch());
  const watch = repo.openListWatch();
  const shown = alerts.slice(0, watch.size);
  act(() => watch.onData({ alerts: shown, full: shown.length === watch.size, fromCache: false }));
}

const many = (count: number, status: Alert['status']) =>
  Array.from({ length: count }, (_, i) => testAlert(`x-${String(i).padStart(2, '0')}`, status));
const rowCount = () => document.querySelectorAll('.alert-list > li').length;
const loadMore = () => screen.queryByRole('button', { name: DASHBOARD_TEXT.loadMore });

beforeEach(() => repo.resetAlertsRepository());

describe('See all', () => {
  it('grows one query by a page on Load more, and offers more only while the answer was full', async () => {
    const alerts = many(ALERT_PAGE_SIZE + 5, 'triggered');
    renderList('previous');
    await answer(alerts);
    expect(rowCount()).toBe(ALERT_PAGE_SIZE);
    fireEvent.click(loadMore() as HTMLElement);
    await answer(alerts);
    expect(repo.listWatches.map((w) => [w.list, w.size, w.stopped])).toEqual([
      ['previous', ALERT_PAGE_SIZE, true],
      ['previous', 2 * ALERT_PAGE_SIZE, false],
    ]);
    expect(rowCount()).toBe(ALERT_PAGE_SIZE + 5);
    expect(loadMore()).toBeNull();
  });

  it('says a failed Load more under the rows it keeps, and Try again loads them', async () => {
    const alerts = many(ALERT_PAGE_SIZE + 3, 'triggered');
    renderList('previous');
    await answer(alerts);
    fireEvent.click(loadMore() as HTMLElement);
    await vi.waitFor(() => expect(repo.openListWatch().size).toBe(2 * ALERT_PAGE_SIZE));
    act(() => repo.openListWatch().onError(new Error('unavailable')));
    expect(screen.getByRole('alert').textContent).toBe(DASHBOARD_TEXT.listFailed);
    expect(rowCount()).toBe(ALERT_PAGE_SIZE);
    fireEvent.click(screen.getByRole('button', { name: DASHBOARD_TEXT.retry }));
    await answer(alerts);
    expect(repo.openListWatch().size).toBe(2 * ALERT_PAGE_SIZE);
    expect(rowCount()).toBe(ALERT_PAGE_SIZE + 3);
    expect(screen.queryByRole('alert')).toBeNull();
  });

  it('keeps the open sheet on its alert when it leaves the list, so an ended alert cannot be paused', async () => {
    const alert = testAlert('a1', 'active');
    renderList('active');
    await answer([alert]);
    fireEvent.click(within(document.querySelector('.alert-list') as HTMLElement).getByRole('button'));
    const sheet = within(screen.getByRole('dialog', { name: 'Alert Details' }));
    expect(sheet.getByRole('button', { name: 'Pause' })).toHaveProperty('disabled', false);
    // It triggers: it leaves the active list, and its own document says so.
    await answer([]);
    await vi.waitFor(() => act(() => repo.emitAlert({ ...alert, status: 'triggered' })));
    expect(sheet.getByRole('button', { name: 'Pause' })).toHaveProperty('disabled', true);
    expect(sheet.getByText('Triggered').textContent).toBe('Triggered');
  });
});
