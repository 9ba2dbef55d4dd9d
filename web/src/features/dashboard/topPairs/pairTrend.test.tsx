import { render } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { PairTrend } from './PairTrend';

const T = Date.UTC(2025, 0, 15, 10, 0);
const day = {
  dayStart: Date.UTC(2025, 0, 15),
  open: 100,
  openAt: Date.UTC(2025, 0, 15),
  closes: [
    { minute: T, ask: 99 },
    { minute: T + 60_000, ask: 101 },
    { minute: T + 120_000, ask: 100.5 },
  ],
};

describe('PairTrend', () => {
  it.each([
    [100.5, 'up', '+0.50%', "Up 0.50% since the day's open"],
    [99.25, 'down', '\u22120.75%', "Down 0.75% since the day's open"],
    [100, 'flat', '0.00%', "Unchanged since the day's open"],
  ])('at %s shows the change %s with its sign and in words', (ask, direction, text, spoken) => {
    const { container } = render(<PairTrend day={day} ask={ask} />);
    const trend = container.querySelector('.pair-trend');
    expect(trend?.className).toBe(`pair-trend pair-trend-${direction}`);
    expect(trend?.querySelector('[aria-hidden="true"]')?.textContent).toBe(text);
    expect(trend?.querySelector('.visually-hidden')?.textContent).toBe(spoken);
  });

  it('draws the hour by minute, the open dashed across it when within its range', () => {
    const { container } = render(<PairTrend day={day} ask={100.5} />);
    const points = container.querySelector('polyline')?.getAttribute('points')?.split(' ');
    expect(points).toHaveLength(3);
    // The first minute is the left edge and the latest the right; 99 is the lowest close, at the bottom.
    expect(points?.map((p) => p.split(',')[0])).toEqual(['0.0', '60.0', '120.0']);
    expect(points?.[0]?.split(',')[1]).toBe('30.0');
    expect(container.querySelectorAll('.sparkline-open')).toHaveLength(1);
  });

  it('keeps its place, empty, before the pair’s day arrives or while the feed shows a text', () => {
    for (const [d, ask] of [
      [undefined, 100],
      [day, undefined],
    ] as const) {
      const { container, unmount } = render(<PairTrend day={d} ask={ask} />);
      expect(container.innerHTML).toBe('<span class="pair-trend"></span>');
      unmount();
    }
  });

  it('shows no change for a day whose open gives an absurd one, and still draws the hour', () => {
    const { container } = render(<PairTrend day={{ ...day, open: 1e-300 }} ask={100.5} />);
    expect(container.querySelector('.pair-trend')?.className).toBe('pair-trend');
    expect(container.querySelector('.pair-change')?.textContent).toBe('');
    expect(container.querySelector('polyline')?.getAttribute('points')?.split(' ')).toHaveLength(3);
  });
});
