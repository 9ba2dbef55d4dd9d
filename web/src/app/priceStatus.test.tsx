// Honest prices: the top pairs, the ACTIVE rows, the live price panel and the create form
// say 'Market closed' with the last price and its time, or 'Delayed · 45 s ago', instead of a number
// that looks live; the ages move once a second on one timer; the feed-wide texts still win.
import { formatWeekdayTime } from '@price-alerts/domain/common';
import { emptyDraft } from '@price-alerts/domain/alerts';
import { type LivePrice } from '@price-alerts/domain/store';
import { act, render, screen, within } from '@testing-library/react';
import { Provider, createStore } from 'jotai';
import { MemoryRouter } from 'react-router-dom';
import { afterEach, describe, expect, it, vi } from 'vitest';

vi.mock('../lib/firebase', () => ({ getDb: vi.fn(() => new Promise(() => {})) }));
const { fakeFeed } = await import('../test/fakeFeed');
const feedStub = fakeFeed();
vi.mock('../shared/prices/feed', () => ({
  usePriceFeedClient: () => feedStub,
}));
const { AlertForm } = await import('../features/alert-form/AlertForm');
const { AlertsPanel } = await import('../features/dashboard/AlertsPanel');
const { TopPairs } = await import('../features/dashboard/topPairs/TopPairs');
const { setLoadedLists } = await import('../test/loadedLists');
const { feedStatusAtom, livePricesAtom, priceTextAtom } = await import('../shared/prices/atoms');
const { testAlert } = await import('../test/fakeAlertsRepository');

const t = (iso: string) => Date.parse(iso);
// Winter: the FX week ends Friday 22:00 UTC and starts Sunday 22:00 UTC.
const FRIDAY_LAST = t('2026-01-09T21:59:59.500Z');
const SATURDAY = t('2026-01-10T12:00:00Z');
const SUNDAY_OPEN = t('2026-01-11T22:00:00Z');
const WEDNESDAY = t('2026-01-14T12:00:00Z');
const quote = (timestamp: number, ask = 1.08512): LivePrice => ({ ask, bid: ask - 0.00012, timestamp });

afterEach(() => {
  vi.useRealTimers();
});

/** The dashboard's top pairs and ACTIVE rows, and the create form on EUR/USD, at `now` with these prices. */
function renderAt(now: number, prices: Record<string, LivePrice>) {
  // The clock and the one interval the app's clock runs on; promises and the rest stay real.
  vi.useFakeTimers({ toFake: ['Date', 'setInterval', 'clearInterval'] });
  vi.setSystemTime(now);
  const store = createStore();
  store.set(feedStatusAtom, 'subscribed');
  store.set(priceTextAtom, null);
  store.set(livePricesAtom, prices);
  setLoadedLists(store, {
    active: [testAlert('a', 'active'), testAlert('b', 'active', { currencyPair: 'BTC/USD', triggerPrice: 99_000 })],
    previous: [],
  });
  const draft = { ...emptyDraft(), currencyPair: 'EUR/USD' as const };
  render(
    <Provider store={store}>
      <MemoryRouter>
        <TopPairs />
        <AlertsPanel />
        <AlertForm draft={draft} onChange={() => {}} onSubmit={() => {}} submitLabel="Create New Alert" busy={false} />
      </MemoryRouter>
    </Provider>,
  );
  return store;
}

const card = (pair: string) => {
  const cards = [...document.querySelectorAll('.pair-card')];
  const item = cards.find((c) => c.querySelector('.pair-name')?.textContent === pair) as HTMLElement;
  const text = (selector: string) => item.querySelector(selector)?.textContent ?? null;
  return { ask: text('.pair-ask'), status: text('.pair-status'), muted: !!item.querySelector('.pair-ask-stale') };
};
const row = (pair: string) =>
  screen.getAllByRole('button').find((b) => b.querySelector('.alert-pair')?.textContent === pair) as HTMLElement;
const liveLine = (pair: string) => row(pair).querySelector('.alert-live')?.textContent;
const panel = () => screen.getByRole('region', { name: 'Live price of EUR/USD' });
const updated = () => within(panel()).getByText('Updated').nextElementSibling?.textContent;
const note = () => document.querySelector('.market-note')?.textContent ?? null;
const tick = (ms: number) => act(() => vi.advanceTimersByTime(ms));

describe('a closed market', () => {
  it('shows Friday’s last price as closed, with its time, and when the alert will first be judged', () => {
    renderAt(SATURDAY, { 'EUR/USD': quote(FRIDAY_LAST), 'BTC/USD': quote(SATURDAY - 1000, 98_000) });
    const friday = formatWeekdayTime(FRIDAY_LAST, SATURDAY);
    expect(friday).toMatch(/^[A-Z][a-z]{2} \d{2}:\d{2}$/);
    // The price keeps its place, muted, with why under it; crypto trades on.
    expect(card('EUR/USD')).toEqual({ ask: '1.08512', status: `Market closed · ${friday}`, muted: true });
    expect(card('BTC/USD')).toEqual({ ask: '98,000.00', status: null, muted: false });
    expect(liveLine('EUR/USD')).toBe(`Market closed · Ask 1.08512 · ${friday}`);
    expect(liveLine('BTC/USD')).toBe('Ask 98,000.00 · 1.02% away');
    // The panel: 'Market closed' above the last price, its time and how old it is.
    expect(within(panel()).getByText('Market closed')).toBeDefined();
    expect(panel().querySelector('.live-values-stale')).not.toBeNull();
    expect(updated()).toMatch(/ · 14 h ago$/);
    // 34 hours to the Sunday open, in local time.
    const sunday = formatWeekdayTime(SUNDAY_OPEN, SATURDAY);
    expect(note()).toBe(
      `The market is closed. This alert will first be judged when it opens, ${sunday} (in 1 d 10 h).`,
    );
    // Read where it stands in the form, not announced: its countdown moves every second.
    expect(document.querySelector('.market-note')?.closest('[aria-live]')).toBeNull();
  });

  it('lets the feed-wide texts win over everything', () => {
    const store = renderAt(SATURDAY, { 'EUR/USD': quote(FRIDAY_LAST) });
    for (const text of ['Offline', 'Error', 'Loading...', '-'] as const) {
      act(() => store.set(priceTextAtom, text));
      expect(card('EUR/USD')).toEqual({ ask: text, status: null, muted: false });
      expect(liveLine('EUR/USD')).toBe(`Ask ${text}`);
    }
    act(() => store.set(feedStatusAtom, 'error'));
    expect(panel().textContent).toBe('Error fetching live price.');
  });

  it('says so before the first price too, and gives a feed that trades at the weekend its live price', () => {
    const store = renderAt(SATURDAY, {});
    expect(within(panel()).getByText('No live data available.')).toBeDefined();
    expect(note()).toMatch(/^The market is closed\. This alert will first be judged when it opens/);
    // A price stamped since the close, and fresh, beats the calendar.
    act(() => store.set(livePricesAtom, { 'EUR/USD': quote(SATURDAY - 2000) }));
    expect(card('EUR/USD')).toEqual({ ask: '1.08512', status: null, muted: false });
    expect(liveLine('EUR/USD')).toBe('Ask 1.08512 · 0.91% away');
    expect(note()).toBeNull();
  });

  it('waits 30 s after the open for the first price before calling it delayed', () => {
    renderAt(SUNDAY_OPEN + 20_000, { 'EUR/USD': quote(FRIDAY_LAST) });
    expect(card('EUR/USD').status).toMatch(/^Market closed · /);
    expect(note()).toBe('The market is opening. This alert will first be judged on its first price.');
    tick(11_000);
    expect(card('EUR/USD').status).toBe('Delayed · 2 d ago');
    expect(within(panel()).queryByText('Market closed')).toBeNull();
    expect(note()).toBeNull();
  });
});

describe('a delayed price', () => {
  it('says how late it is, second by second on one timer, until a tick makes it live again', () => {
    const store = renderAt(WEDNESDAY, {
      'EUR/USD': quote(WEDNESDAY - 45_000),
      'BTC/USD': quote(WEDNESDAY - 500, 98_000),
    });
    expect(card('EUR/USD')).toEqual({ ask: '1.08512', status: 'Delayed · 45 s ago', muted: true });
    expect(card('BTC/USD').status).toBeNull();
    expect(liveLine('EUR/USD')).toBe('Delayed · 45 s ago · Ask 1.08512 · 0.91% away');
    expect(within(panel()).getByText('Delayed').textContent).toBe('Delayed · 45 s ago');
    expect(updated()).toMatch(/ · 45 s ago$/);
    expect(note()).toBeNull();
    // Four cards, two rows and the panel read one clock.
    expect(vi.getTimerCount()).toBe(1);

    tick(1000);
    expect(card('EUR/USD').status).toBe('Delayed · 46 s ago');
    expect(liveLine('EUR/USD')).toBe('Delayed · 46 s ago · Ask 1.08512 · 0.91% away');
    expect(updated()).toMatch(/ · 46 s ago$/);
    // The ages move every second inside a live region: hidden from assistive technology, which
    // would otherwise announce each one; 'Delayed' and the time are read once.
    const ages = [...panel().querySelectorAll('.live-age')];
    expect(ages.map((age) => [age.textContent, age.getAttribute('aria-hidden')])).toEqual([
      [' · 46 s ago', 'true'],
      [' · 46 s ago', 'true'],
    ]);

    act(() => store.set(livePricesAtom, (prices) => ({ ...prices, 'EUR/USD': quote(WEDNESDAY + 1000, 1.0851) })));
    expect(card('EUR/USD')).toEqual({ ask: '1.08510', status: null, muted: false });
    expect(liveLine('EUR/USD')).toBe('Ask 1.08510 · 0.91% away');
    expect(within(panel()).queryByText('Delayed')).toBeNull();
    expect(updated()).toMatch(/ · 0 s ago$/);
    tick(3000);
    expect(updated()).toMatch(/ · 3 s ago$/);
  });

  it('counts exactly 30 s as live and 31 s as delayed', () => {
    renderAt(WEDNESDAY, { 'EUR/USD': quote(WEDNESDAY - 30_000) });
    expect(card('EUR/USD').status).toBeNull();
    tick(1000);
    expect(card('EUR/USD').status).toBe('Delayed · 31 s ago');
  });
});
