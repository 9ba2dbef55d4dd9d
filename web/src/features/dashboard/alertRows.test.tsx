// The dashboard rows of the alert model: the live price and distance on ACTIVE rows,
// every-time firings, the runaway pause, and an expiry in PREVIOUS, with rows that set none of the
// new fields looking as they always did.
import { type Alert, type LivePrice } from '@price-alerts/domain/store';
import { act, fireEvent, render, screen } from '@testing-library/react';
import { Provider, createStore } from 'jotai';
import { MemoryRouter } from 'react-router-dom';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';

// Rows read prices from the feed the app holds; the database is never reached.
const getDb = vi.fn(() => new Promise(() => {}));
vi.mock('../../lib/firebase', () => ({ getDb }));
const { fakeFeed } = await import('../../test/fakeFeed');
const feedStub = fakeFeed();
vi.mock('../../shared/prices/feed', () => ({ usePriceFeedClient: () => feedStub }));

const { AlertsPanel } = await import('./AlertsPanel');
const { setLoadedLists } = await import('../../test/loadedLists');
const { alertListsAtom } = await import('./atoms');
const { livePricesAtom, priceTextAtom } = await import('../../shared/prices/atoms');
const { testAlert: alert, testMoveAlert: moveAlert } = await import('../../test/fakeAlertsRepository');

const FIRED_AT = new Date('2026-03-05T15:30:00').getTime();
const quote = (ask: number, bid: number): LivePrice => ({ ask, bid, timestamp: FIRED_AT });

function renderRows(lists: { active: Alert[]; previous: Alert[] }, prices: Record<string, LivePrice> = {}) {
  const store = createStore();
  setLoadedLists(store, lists);
  store.set(livePricesAtom, prices);
  store.set(priceTextAtom, null);
  render(
    <Provider store={store}>
      <MemoryRouter>
        <AlertsPanel />
      </MemoryRouter>
    </Provider>,
  );
  return store;
}

const row = (text: RegExp | string) => screen.getByRole('button', { name: new RegExp(text) });
const live = (r: HTMLElement) => r.querySelector('.alert-live')?.textContent;

beforeEach(() => {
  getDb.mockClear();
  // A second after the quotes: live prices (a Thursday; what is shown for older ones is in priceStatus.test.tsx).
  vi.useFakeTimers({ toFake: ['Date'] });
  vi.setSystemTime(FIRED_AT + 1000);
});
afterEach(() => {
  vi.useRealTimers();
});

describe('ACTIVE rows: the live price on the alert’s side and the distance to the level', () => {
  it('follows the feed tick by tick, from the ask of an alert stored before sides', () => {
    const store = renderRows({ active: [alert('a', 'active')], previous: [] }, { 'EUR/USD': quote(1.08512, 1.085) });
    // 1.095 is 0.91% above 1.08512.
    expect(live(row('EUR/USD'))).toBe('Ask 1.08512 · 0.91% away');
    act(() => store.set(livePricesAtom, { 'EUR/USD': quote(1.0945, 1.0943) }));
    expect(live(row('EUR/USD'))).toBe('Ask 1.09450 · 0.05% away');
    act(() => store.set(livePricesAtom, { 'EUR/USD': quote(1.0962, 1.096) }));
    expect(live(row('EUR/USD'))).toBe('Ask 1.09620 · 0.11% past');
    // Prices come from the feed alone: no database is opened for them.
    expect(getDb).not.toHaveBeenCalled();
  });

  it('judges a bid alert on the bid and a mid alert on the mid', () => {
    renderRows(
      {
        active: [
          alert('b', 'active', { currencyPair: 'USD/JPY', triggerPrice: 150, priceSide: 'bid' }),
          alert('m', 'paused', {
            currencyPair: 'XAU/USD',
            triggerPrice: 2700,
            priceSide: 'mid',
            alertType: 'Price dropping below',
          }),
        ],
        previous: [],
      },
      { 'USD/JPY': quote(149.62, 149.5), 'XAU/USD': quote(2751, 2749) },
    );
    expect(live(row('USD/JPY'))).toBe('Bid 149.500 · 0.33% away');
    expect(live(row('XAU/USD'))).toBe('Mid 2,750.00 · 1.82% away');
  });

  it('says what the feed says until a price comes', () => {
    const store = renderRows({ active: [alert('a', 'active')], previous: [] });
    expect(live(row('EUR/USD'))).toBe('Ask Loading...');
    act(() => store.set(priceTextAtom, 'Offline'));
    expect(live(row('EUR/USD'))).toBe('Ask Offline');
  });

  it('keeps every spec field of a row without new fields, adding only the live line', () => {
    renderRows({ active: [alert('a', 'active')], previous: [] }, { 'EUR/USD': quote(1.08512, 1.085) });
    const r = row('EUR/USD');
    expect(r.textContent).toBe('EUR/USDPrice rising above1.09500Mar 5, 14:07Ask 1.08512 · 0.91% away');
    expect(r.querySelector('.alert-repeat, .alert-runaway')).toBeNull();
  });

  it('shows an every-time alert’s firings and a runaway pause, briefly', () => {
    renderRows({
      active: [
        alert('e', 'active', { repeat: 'every', fireCount: 3, lastFiredAt: FIRED_AT }),
        alert('r', 'paused', {
          currencyPair: 'GBP/USD',
          repeat: 'every',
          fireCount: 16,
          lastFiredAt: FIRED_AT,
          pauseReason: 'runaway',
        }),
      ],
      previous: [],
    });
    const every = row('EUR/USD');
    expect(every.querySelector('.alert-repeat')?.textContent).toBe('Every time · fired 3× · last Mar 5, 15:30');
    expect(every.querySelector('.alert-runaway')).toBeNull();
    const runaway = row('GBP/USD');
    expect(runaway.querySelector('.alert-repeat')?.textContent).toBe('Every time · fired 16× · last Mar 5, 15:30');
    expect(runaway.querySelector('.alert-runaway')?.textContent).toBe('Paused: too many firings');
    expect(runaway.querySelector('.badge')?.textContent).toBe('Paused');
  });

  it('has the feed follow the pairs of the active alerts beyond the top pairs, and let go of them', () => {
    const store = renderRows({
      active: [
        alert('x', 'active', { currencyPair: 'XAU/USD' }),
        alert('e', 'active'),
        alert('j', 'paused', { currencyPair: 'USD/JPY' }),
      ],
      previous: [alert('n', 'triggered', { currencyPair: 'NZD/USD' })],
    });
    expect(feedStub.followed()).toEqual(['EUR/USD', 'USD/JPY', 'XAU/USD']);
    const follows = feedStub.follows;
    // The same pairs in a new snapshot: no new subscription.
    act(() => store.set(alertListsAtom, (l) => ({ ...l, active: [...l.active].reverse() })));
    expect(feedStub.follows).toBe(follows);
    act(() => store.set(alertListsAtom, (l) => ({ ...l, active: [alert('e', 'active')] })));
    expect(feedStub.followed()).toEqual(['EUR/USD']);
  });
});

describe('PREVIOUS rows', () => {
  it('say an expired alert expired beside the spec’s Cancelled badge, and nothing for the others', () => {
    renderRows({
      active: [],
      previous: [
        alert('x', 'cancelled', { currencyPair: 'XAU/USD', cancelReason: 'expired', expiresAt: FIRED_AT }),
        alert('c', 'cancelled', { currencyPair: 'GBP/USD', cancelReason: 'error' }),
        alert('t', 'triggered'),
      ],
    });
    fireEvent.click(screen.getByRole('tab', { name: 'PREVIOUS' }));
    const expired = row('XAU/USD');
    expect(expired.querySelector('.badge')?.textContent).toBe('Cancelled');
    expect(expired.querySelector('.badge')?.className).toContain('badge-red');
    expect(expired.querySelector('.alert-reason')?.textContent).toBe('Expired');
    expect(row('GBP/USD').querySelector('.alert-reason')).toBeNull();
    // No live line in PREVIOUS: a finished alert watches no price.
    expect(document.querySelector('.alert-live')).toBeNull();
    expect(row('EUR/USD').textContent).toBe('EUR/USDTriggeredPrice rising above1.09500Mar 5, 14:07');
  });

  it('still count an ended every-time alert’s firings', () => {
    renderRows({
      active: [],
      previous: [
        alert('x', 'cancelled', { repeat: 'every', fireCount: 2, lastFiredAt: FIRED_AT, cancelReason: 'expired' }),
      ],
    });
    fireEvent.click(screen.getByRole('tab', { name: 'PREVIOUS' }));
    expect(row('EUR/USD').querySelector('.alert-repeat')?.textContent).toBe(
      'Every time · fired 2× · last Mar 5, 15:30',
    );
  });
});

describe('move alerts and alerts of a type this version does not know', () => {
  it('show the move where a level shows its price, and the price alone on the live line', () => {
    renderRows(
      {
        active: [
          moveAlert('m', 'active', {
            alertType: 'Moving down %',
            movePercent: 2,
            lookbackMinutes: 60,
            moveRead: 'down:60',
          }),
        ],
        previous: [],
      },
      { 'EUR/USD': quote(1.08512, 1.085) },
    );
    const r = row('Moving down %');
    expect(r.querySelector('.alert-price')?.textContent).toBe('−2%');
    expect(r.querySelector('.alert-type')?.textContent).toBe('Moving down % · 1 h');
    expect(live(r)).toBe('Ask 1.08512');
  });

  it('say in PREVIOUS what a fired move did', () => {
    const firedMove = { percent: 1.52, from: 1.0841, fromAt: FIRED_AT - 600_000 };
    renderRows({
      active: [],
      previous: [moveAlert('m', 'triggered', { firedMove, triggeredPrice: 1.10058, triggeredAt: new Date(FIRED_AT) })],
    });
    fireEvent.click(screen.getByRole('tab', { name: 'PREVIOUS' }));
    const r = row('Moving up %');
    expect(r.querySelector('.alert-moved')?.textContent).toBe('Up 1.52% in 15 min (1.08410 to 1.10058)');
    expect(r.querySelector('.alert-price')?.textContent).toBe('+1.5%');
  });

  it('list an alert of an unknown type by its type’s words, not as a blank', () => {
    const other = { ...alert('o', 'active'), alertType: 'Volume spike' } as unknown as Alert;
    delete (other as { triggerPrice?: number }).triggerPrice;
    renderRows({ active: [other], previous: [] }, { 'EUR/USD': quote(1.08512, 1.085) });
    const r = row('Volume spike');
    expect(r.querySelector('.alert-type')?.textContent).toBe('Volume spike');
    expect(r.querySelector('.alert-price')?.textContent).toBe('—');
    expect(live(r)).toBe('Ask 1.08512');
  });
});

describe('an alert snoozed from a notice', () => {
  it('keeps the Paused badge and says when it carries on', () => {
    const until = new Date(2026, 2, 5, 16, 30).getTime();
    renderRows({
      active: [alert('s', 'paused', { repeat: 'every', pauseReason: 'snoozed', snoozedUntil: until })],
      previous: [],
    });
    const r = row('EUR/USD');
    expect(r.querySelector('.badge')?.textContent).toBe('Paused');
    expect(r.querySelector('.alert-snoozed')?.textContent).toBe('Snoozed until 16:30');
  });
});
