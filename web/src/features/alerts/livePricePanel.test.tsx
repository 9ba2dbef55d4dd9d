// The live price panel with the side an alert is judged on (issue 13, part 4): ask, bid and mid,
// the chosen one emphasised and named, ask when no side is given.
import type { PriceSide } from '@price-alerts/domain';
import { render, screen, within } from '@testing-library/react';
import { Provider, createStore } from 'jotai';
import { describe, expect, it, vi } from 'vitest';

vi.mock('../../shared/prices/feed', () => ({ usePriceFeedClient: () => ({ setPairs: () => {} }) }));
const { LivePricePanel } = await import('./LivePricePanel');
const { feedStatusAtom, livePricesAtom } = await import('../../shared/prices/atoms');

function renderPanel(side?: PriceSide) {
  const store = createStore();
  store.set(feedStatusAtom, 'subscribed');
  store.set(livePricesAtom, {
    'EUR/USD': { ask: 1.08524, bid: 1.08512, timestamp: new Date('2026-11-22T09:05:00').getTime() },
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
    expect(within(panel).getByText('Updated').nextElementSibling?.textContent).toBe('Nov 22, 09:05');
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
