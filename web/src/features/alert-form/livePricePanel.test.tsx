// The live price panel with the side an alert is judged on: ask, bid and mid,
// the chosen one emphasised and named, ask when no side is given.
import type { PriceSide } from '@price-alerts/domain/common';
import { render, screen, within } from '@testing-library/react';
import { Provider, createStore } from 'jotai';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';

const { fakeFeed } = await import('../../test/fakeFeed');
const feedStub = fakeFeed();
vi.mock('../../shared/prices/feed', () => ({ usePriceFeedClient: () => feedStub }));
const { LivePricePanel } = await import('./LivePricePanel');
const { feedStatusAtom, livePricesAtom } = await import('../../shared/prices/atoms');

const UPDATED = new Date('2026-11-24T09:05:00').getTime();

// Twelve seconds after the quote, on a Tuesday: a live price (older ones: priceStatus.test.tsx).
beforeEach(() => {
  vi.useFakeTimers({ toFake: ['Date'] });
  vi.setSystemTime(UPDATED + 12_000);
});
afterEach(() => {
  vi.useRealTimers();
});

function renderPanel(side?: PriceSide) {
  const store = createStore();
  store.set(feedStatusAtom, 'subscribed');
  store.set(livePricesAtom, {
    'EUR/USD': { ask: 1.08524, bid: 1.08512, timestamp: UPDATED },
  });
  render(
    <Provider store={store}>
      <LivePricePanel pair="EUR/USD" {...(side ? { side } : {})} />
    </Provider>,
  );
  return screen.getByRole('region', { name: 'Live price of EUR/USD' });
}

/** Each side's cell: its label, its value, and whether it is the one judged on. */
function cells(panel: HTMLElement) {
  return [...panel.querySelectorAll('.live-value')].map((cell) => ({
    term: cell.querySelector('dt')?.textContent,
    value: cell.querySelector('dd')?.textContent,
    current: cell.getAttribute('aria-current'),
    emphasised: cell.classList.contains('judged'),
  }));
}

describe('live price panel sides', () => {
  it('shows ask, bid and the update time, judged on the ask by default, and no mid', () => {
    const panel = renderPanel();
    expect(cells(panel)).toEqual([
      { term: 'Ask Judged on', value: '1.08524', current: 'true', emphasised: true },
      { term: 'Bid', value: '1.08512', current: null, emphasised: false },
    ]);
    // The time of the price, and how old it is (hidden from assistive technology, which would hear it each second).
    const updated = within(panel).getByText('Updated').nextElementSibling;
    expect(updated?.textContent).toBe('Nov 24, 09:05 · 12 s ago');
    expect(updated?.querySelector('[aria-hidden="true"]')?.textContent).toBe(' · 12 s ago');
    expect(within(panel).queryByText(/Delayed|Market closed/)).toBeNull();
  });

  it.each<[PriceSide, number]>([
    ['bid', 1],
    ['mid', 2],
  ])('emphasises and names the %s when the alert is judged on it', (side, index) => {
    const found = cells(renderPanel(side));
    expect(found.filter((c) => c.current === 'true')).toHaveLength(1);
    expect(found[index]).toMatchObject({ current: 'true', emphasised: true });
    expect(found[index]?.term).toMatch(/Judged on$/);
    expect(found[0]).toMatchObject({ term: 'Ask', current: null, emphasised: false });
  });
  it('shows the mid between ask and bid when the alert is judged on it', () => {
    expect(cells(renderPanel('mid'))[2]).toMatchObject({ value: '1.08518' });
  });
});
