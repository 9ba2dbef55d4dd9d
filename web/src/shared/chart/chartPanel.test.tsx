// The chart's panel around the drawing: what it asks the feed for, its words, its slider, and a chart that
// cannot be drawn. The drawing itself (a canvas) is stood in for: the browser tests drive the real one.
import { act, render, screen, waitFor } from '@testing-library/react';
import { Provider, createStore } from 'jotai';
import { describe, expect, it, vi } from 'vitest';
import type { PriceChartProps } from './PriceChart';

const { fakeFeed } = await import('../../test/fakeFeed');
const feedStub = fakeFeed();
vi.mock('../prices/feed', () => ({ usePriceFeedClient: () => feedStub }));
const drawing = { fails: false };
vi.mock('./PriceChart', () => ({
  default: (props: PriceChartProps) => {
    if (drawing.fails) throw new Error('no canvas here');
    return <div data-testid="drawing" data-level={props.level?.price} data-title={props.level?.title} />;
  },
}));
const { ChartPanel } = await import('./ChartPanel');
const { candlesAtom, feedStateAtom, livePricesAtom } = await import('../prices/atoms');

const NOW = Date.now();

function renderPanel(props: Partial<Parameters<typeof ChartPanel>[0]> = {}) {
  const store = createStore();
  store.set(feedStateAtom, { status: 'subscribed', text: null });
  store.set(livePricesAtom, { 'EUR/USD': { ask: 1.2, bid: 1.19, timestamp: NOW } });
  store.set(candlesAtom, {
    'EUR/USD|ask|1d': [{ t: Math.floor(NOW / 900_000) * 900_000, o: 1.1, h: 1.25, l: 1.05, c: 1.2 }],
  });
  const onLevel = vi.fn<(value: string) => void>();
  render(
    <Provider store={store}>
      <ChartPanel pair="EUR/USD" side="ask" level={1.23} levelName="Above" onLevel={onLevel} {...props} />
    </Provider>,
  );
  return { onLevel };
}

describe('ChartPanel', () => {
  it('asks for the pair’s candles on its side and range, and says the chart in words', async () => {
    renderPanel();
    await waitFor(() => expect(feedStub.charts()).toEqual([{ symbol: 'EURUSD', side: 'ask', range: '1d' }]));
    expect(await screen.findByTestId('drawing')).toHaveProperty('dataset.title', 'Above');
    expect(document.querySelector('.chart-summary')?.textContent).toBe(
      '1 day: high 1.25000, low 1.05000, last 1.20000. Level 1.23000, 2.50% above the market.',
    );
  });

  it('asks at once, then once the range has settled, not for each range run through on the way', async () => {
    renderPanel();
    await waitFor(() => expect(feedStub.charts()).toHaveLength(1));
    const asked = vi.spyOn(feedStub, 'watchCandles');
    // Each tap rendered and its effects run before the next, as taps a few tens of milliseconds apart are.
    for (const name of [/^1W/, /^1H/, /^1W/]) await act(async () => screen.getByRole('button', { name }).click());
    await waitFor(() => expect(feedStub.charts()).toEqual([{ symbol: 'EURUSD', side: 'ask', range: '1w' }]));
    expect(asked.mock.calls.map(([request]) => request.range)).toEqual(['1w']);
    asked.mockRestore();
  });

  it('moves the level with the keys, as the field holds it', async () => {
    const { onLevel } = renderPanel();
    const slider = await screen.findByRole('slider', { name: 'Level on the chart of EUR/USD' });
    slider.focus();
    slider.dispatchEvent(new KeyboardEvent('keydown', { key: 'ArrowUp', bubbles: true }));
    slider.dispatchEvent(new KeyboardEvent('keydown', { key: 'PageDown', bubbles: true }));
    // From the level the form holds (still 1.23 here): a hundredth of a percent up, ten times that down.
    expect(onLevel.mock.calls).toEqual([['1.23012'], ['1.22880']]);
  });

  it('offers a dashed start at the market while no level is typed', async () => {
    renderPanel({ level: undefined });
    const drawn = await screen.findByTestId('drawing');
    expect(drawn.dataset).toMatchObject({ level: '1.2', title: 'Drag to set' });
  });

  it('is no slider where the level cannot be set, and names a marked firing', async () => {
    renderPanel({ onLevel: undefined, points: [{ at: NOW, price: 1.23, text: 'Fired' }] });
    await screen.findByTestId('drawing');
    expect(screen.queryByRole('slider')).toBeNull();
    expect(document.querySelector('.chart-summary')?.textContent).toMatch(/ Fired at 1\.23000, .+\.$/);
  });

  it('says a delayed price as the price panel does, over the chart', async () => {
    const store = createStore();
    store.set(feedStateAtom, { status: 'subscribed', text: null });
    // A crypto pair, whose market never closes: 45 s without a tick is a delay on any day.
    store.set(livePricesAtom, { 'BTC/USD': { ask: 90_000, bid: 89_990, timestamp: Date.now() - 45_000 } });
    render(
      <Provider store={store}>
        <ChartPanel pair="BTC/USD" side="ask" level={undefined} levelName="" />
      </Provider>,
    );
    expect(document.querySelector('.chart-status')?.textContent).toBe('Delayed · 45 s ago');
  });

  it('says the chart could not be shown, and keeps the rest, when it cannot be drawn', async () => {
    drawing.fails = true;
    vi.spyOn(console, 'error').mockImplementation(() => undefined);
    vi.spyOn(console, 'warn').mockImplementation(() => undefined);
    try {
      renderPanel();
      await waitFor(() =>
        expect(document.querySelector('.chart-unavailable')?.textContent).toBe('The chart could not be shown.'),
      );
      // The rest of the panel stays: its range buttons and its words.
      expect(screen.getAllByRole('button').map((b) => b.getAttribute('aria-pressed'))).toEqual([
        'false',
        'true',
        'false',
      ]);
      expect(document.querySelector('.chart-summary')?.textContent).toMatch(/^1 day: high/);
    } finally {
      drawing.fails = false;
      vi.restoreAllMocks();
    }
  });
});
