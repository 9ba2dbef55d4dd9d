import { describe, expect, it } from 'vitest';
import { formatDateTime } from '@price-alerts/domain/common';
import type { Candle } from '@price-alerts/domain/prices';
import { chartFacts, chartSummary, keyStep, levelPrice, moveGuides, toBars } from './chartData';
import { MOUSE_SLOP_PX, TOUCH_SLOP_PX, hitsLine } from './levelDrag';

const MIN = 60_000;
const NOW = Date.UTC(2025, 0, 15, 12, 0);
const candle = (minute: number, o: number, h: number, l: number, c: number): Candle => ({
  t: minute * MIN,
  o,
  h,
  l,
  c,
});

describe('toBars', () => {
  it.each([
    { name: 'no candles, no bars', candles: [], times: [] },
    {
      name: 'candles side by side, no slot between',
      candles: [candle(1, 1, 1, 1, 1), candle(2, 1, 1, 1, 1)],
      times: [60, 120],
    },
    {
      name: 'a slot for each minute without a tick: a gap, not a flat line',
      candles: [candle(1, 1, 1, 1, 1), candle(4, 2, 2, 2, 2)],
      times: [60, 120, 180, 240],
    },
  ])('$name', ({ candles, times }) => {
    const bars = toBars(candles, '1h');
    expect(bars.map((b) => b.time)).toEqual(times);
    expect(bars.filter((b) => 'open' in b)).toHaveLength(candles.length);
  });
});

describe('chartFacts and chartSummary', () => {
  const candles = [candle(1, 1.1, 1.2, 1.05, 1.15), candle(2, 1.15, 1.25, 1.1, 1.2)];
  it.each([
    { live: undefined, level: undefined, text: '1 hour: high 1.25000, low 1.05000, last 1.20000.' },
    { live: 1.3, level: undefined, text: '1 hour: high 1.30000, low 1.05000, last 1.30000.' },
    {
      live: 1.2,
      level: 1.23,
      text: '1 hour: high 1.25000, low 1.05000, last 1.20000. Level 1.23000, 2.50% above the market.',
    },
    { live: 1.2, level: 1.2, text: '1 hour: high 1.25000, low 1.05000, last 1.20000. Level 1.20000, at the market.' },
  ])('with the live price at $live and the level at $level: $text', ({ live, level, text }) => {
    expect(chartSummary('EUR/USD', '1h', chartFacts(candles, live), level)).toBe(text);
  });

  it('says where a marked point stands: a firing’s price and time', () => {
    const fired = { at: Date.UTC(2025, 0, 15, 12, 0), price: 1.23, text: 'Fired' };
    expect(chartSummary('EUR/USD', '1h', chartFacts(candles, 1.2), 1.23, [fired, { at: 0, text: 'A moment' }])).toBe(
      `1 hour: high 1.25000, low 1.05000, last 1.20000. Level 1.23000, 2.50% above the market. Fired at 1.23000, ${formatDateTime(fired.at)}.`,
    );
  });

  it('says there is nothing yet before the first price', () => {
    expect(chartSummary('EUR/USD', '1w', chartFacts([], undefined), 1.2)).toBe('1 week: no prices yet.');
  });
});

describe('levelPrice', () => {
  it.each([
    ['USD/JPY', 155.12349, '155.12349'],
    ['USD/JPY', 155.1, '155.100'],
    ['EUR/USD', 1.0857, '1.08570'],
    ['BTC/USD', 90123.5, '90,123.50'],
  ] as const)('%s at %d reads %s, as it will be saved', (pair, level, text) => {
    expect(levelPrice(pair, level)).toBe(text);
  });
});

describe('keyStep', () => {
  it.each([
    // A hundredth of a percent of the price, at least the pair's last decimal; ten times that with Page keys.
    [5, 1.0876, false, 0.00011],
    [5, 1.0876, true, 0.0011],
    [3, 150.123, false, 0.015],
    [2, 90_123.45, false, 9.01],
    [5, 0.0001, false, 0.00001],
  ])('%d decimals at %d (large: %s) moves by %d', (decimals, price, large, step) => {
    expect(keyStep(decimals, price, large)).toBeCloseTo(step, 10);
  });
});

describe('moveGuides', () => {
  const stored = { low: 1.08, lowAt: 1_000, high: 1.1, highAt: 2_000 };
  it.each([
    {
      name: 'up from the lookback low, to the level the threshold reaches',
      shape: { alertType: 'Moving up %', lookbackMinutes: 15, movePercent: 1 },
      price: 1.09,
      lines: [
        { price: 1.08, title: 'Low in 15 min' },
        { price: 1.0908, title: 'Fires +1%' },
      ],
      points: [
        { at: NOW - 15 * MIN, text: '15 min ago' },
        { at: 1_000, price: 1.08, text: 'Low' },
      ],
    },
    {
      name: 'down from a live price above the stored high',
      shape: { alertType: 'Moving down %', lookbackMinutes: 60, movePercent: 2 },
      price: 1.2,
      lines: [
        { price: 1.2, title: 'High in 1 h' },
        { price: 1.176, title: 'Fires −2%' },
      ],
      // The live price went past the stored high: measured from it, now.
      points: [
        { at: NOW - 60 * MIN, text: '1 h ago' },
        { at: NOW, price: 1.2, text: 'High' },
      ],
    },
    {
      name: 'on the day from the open, with no threshold typed yet',
      shape: { alertType: 'Change on the day', direction: 'down' },
      price: 1.09,
      lines: [{ price: 1.08, title: 'Day open' }],
      points: [{ at: 1_000, price: 1.08, text: 'Open' }],
    },
  ] as const)('$name', ({ shape, price, lines, points }) => {
    const guides = moveGuides(shape, stored, price, NOW);
    expect(guides.lines.map((l) => ({ ...l, price: Number(l.price.toFixed(6)) }))).toEqual(lines);
    expect(guides.points).toEqual(points);
  });

  it('draws nothing until the reference is stored', () => {
    expect(moveGuides({ alertType: 'Moving up %', movePercent: 1 }, undefined, 1.1, NOW)).toEqual({
      lines: [],
      points: [],
    });
  });
});

describe('hitsLine', () => {
  it.each([
    [100, 100 + TOUCH_SLOP_PX, TOUCH_SLOP_PX, true],
    [100, 100 + TOUCH_SLOP_PX + 1, TOUCH_SLOP_PX, false],
    [100, 100 - MOUSE_SLOP_PX, MOUSE_SLOP_PX, true],
    [100, 100 - MOUSE_SLOP_PX - 1, MOUSE_SLOP_PX, false],
    [null, 100, TOUCH_SLOP_PX, false],
  ])('a line at %s, a press at %s, slop %s: %s', (lineY, y, slop, hit) => {
    expect(hitsLine(lineY, y, slop)).toBe(hit);
  });
});
