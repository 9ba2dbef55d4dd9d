import { act, render } from '@testing-library/react';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { TICK_FLASH_MS, TickingPrice } from './TickingPrice';

beforeEach(() => vi.useFakeTimers());
afterEach(() => vi.useRealTimers());

function price(value: number | undefined, text: string) {
  const view = render(<TickingPrice value={value} text={text} />);
  const root = () => view.container.firstElementChild as HTMLElement;
  const shown = () => ({
    tick: root().dataset.tick,
    changed: root().querySelector('.tick-digits')?.textContent,
    // The coloured copy laid over the changed digits (generated content, not text).
    copy: root().querySelector('.tick-digits')?.getAttribute('data-digits'),
    text: root().textContent,
  });
  const next = (v: number | undefined, t: string) => view.rerender(<TickingPrice value={v} text={t} />);
  return { shown, next };
}

describe('TickingPrice', () => {
  it.each([
    ['up, the last digit', 1.0851, '1.08510', 1.0853, '1.08530', 'up', '30'],
    ['down, from the first digit that changed', 1.0851, '1.08510', 1.0799, '1.07990', 'down', '7990'],
    ['up across a thousands separator', 99_999.5, '99,999.50', 100_000, '100,000.00', 'up', '100,000.00'],
  ])('flashes %s', (_name, from, fromText, to, toText, tick, changed) => {
    const { shown, next } = price(from, fromText);
    expect(shown()).toEqual({ tick: undefined, changed: undefined, copy: undefined, text: fromText });
    next(to, toText);
    expect(shown()).toEqual({ tick, changed, copy: changed, text: toText });
    act(() => vi.advanceTimersByTime(TICK_FLASH_MS));
    expect(shown()).toEqual({ tick: undefined, changed: undefined, copy: undefined, text: toText });
  });

  it.each([
    ['a first price after Loading...', undefined, 'Loading...', 1.0851, '1.08510'],
    ['a text such as Offline', 1.0851, '1.08510', undefined, 'Offline'],
    ['a move too small to show', 1.08511, '1.08511', 1.085112, '1.08511'],
  ])('does not flash for %s', (_name, from, fromText, to, toText) => {
    const { shown, next } = price(from, fromText);
    next(to, toText);
    expect(shown()).toEqual({ tick: undefined, changed: undefined, copy: undefined, text: toText });
  });
});
