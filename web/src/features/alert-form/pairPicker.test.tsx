import { PAIR_PICKER_NO_DATA } from '@price-alerts/domain/copy';
import { render, screen, within } from '@testing-library/react';
import { Provider, createStore } from 'jotai';
import { describe, expect, it, vi } from 'vitest';
import type { FeedState } from '../../shared/prices/feedTypes';

// Boundary: the live feed's socket; the picker only follows pairs.
const { fakeFeed } = await import('../../test/fakeFeed');
const feedStub = fakeFeed();
vi.mock('../../shared/prices/feed', () => ({ usePriceFeedClient: () => feedStub }));
const { PairPicker } = await import('./PairPicker');
const { feedStateAtom, livePricesAtom } = await import('../../shared/prices/atoms');

/** The picker's cell beside a pair's button, on a feed in `state` that has a fresh price for EUR/USD only. */
function cell(state: FeedState, pair: string) {
  const store = createStore();
  store.set(feedStateAtom, state);
  store.set(livePricesAtom, { 'EUR/USD': { ask: 1.08512, bid: 1.0851, timestamp: Date.now() } });
  const { unmount } = render(
    <Provider store={store}>
      <PairPicker open onClose={() => {}} onPick={() => {}} />
    </Provider>,
  );
  const row = screen.getByRole('button', { name: pair }).closest('li') as HTMLElement;
  const text = within(row).getByText((_, el) => el?.classList.contains('choice-detail') ?? false).textContent;
  unmount();
  return text;
}

describe('the pair picker’s price cells', () => {
  it.each<[string, string, string, FeedState]>([
    ['a subscribed pair without a price', 'XAU/JPY', PAIR_PICKER_NO_DATA, { status: 'subscribed', text: null }],
    ['a subscribed pair with a price', 'EUR/USD', '1.08512', { status: 'subscribed', text: null }],
    // The spec's feed-wide texts win over the cell's own.
    ['a pair while connecting', 'XAU/JPY', 'Loading...', { status: 'connecting', text: 'Loading...' }],
    ['a pair in error', 'XAU/JPY', 'Error', { status: 'error', text: 'Error' }],
    ['a pair offline', 'XAU/JPY', 'Offline', { status: 'disconnected', text: 'Offline' }],
    ['a pair after a deliberate close', 'XAU/JPY', '-', { status: 'disconnected', text: '-' }],
  ])('shows %s (%s) as “%s”', (_name, pair, text, state) => {
    expect(cell(state, pair)).toBe(text);
  });
});
