import type { PairDay } from '@price-alerts/domain/prices';
import type { LivePrice } from '@price-alerts/domain/store';
import { createStore } from 'jotai';
import { describe, expect, it, vi } from 'vitest';
import { livePricesAtom, pairDayAtom, pairDaysAtom, pairPriceAtom } from './atoms';

const price = (ask: number): LivePrice => ({ bid: ask - 0.0001, ask, timestamp: 1_000 });
const day = (open: number): PairDay => ({ dayStart: 0, open, openAt: 0, closes: [] });

describe('one pair of the live records', () => {
  it('tells its subscribers of a tick of its pair, and not of another pair’s', () => {
    const store = createStore();
    store.set(livePricesAtom, { 'EUR/USD': price(1.1), 'GBP/USD': price(1.3) });
    const eur = vi.fn();
    store.sub(pairPriceAtom('EUR/USD'), eur);
    expect(store.get(pairPriceAtom('EUR/USD'))).toEqual(price(1.1));

    store.set(livePricesAtom, (prices) => ({ ...prices, 'GBP/USD': price(1.31) }));
    expect(eur).not.toHaveBeenCalled();
    store.set(livePricesAtom, (prices) => ({ ...prices, 'EUR/USD': price(1.11) }));
    expect(eur).toHaveBeenCalledTimes(1);
    expect(store.get(pairPriceAtom('EUR/USD'))).toEqual(price(1.11));
  });

  it('is the same atom each time it is asked for, and undefined until the pair has an entry', () => {
    const store = createStore();
    expect(pairDayAtom('XAU/USD')).toBe(pairDayAtom('XAU/USD'));
    expect(store.get(pairDayAtom('XAU/USD'))).toBeUndefined();
    const gold = vi.fn();
    store.sub(pairDayAtom('XAU/USD'), gold);
    store.set(pairDaysAtom, { 'EUR/USD': day(1.1) });
    expect(gold).not.toHaveBeenCalled();
    store.set(pairDaysAtom, (days) => ({ ...days, 'XAU/USD': day(2000) }));
    expect(store.get(pairDayAtom('XAU/USD'))).toEqual(day(2000));
    expect(gold).toHaveBeenCalledTimes(1);
  });
});
