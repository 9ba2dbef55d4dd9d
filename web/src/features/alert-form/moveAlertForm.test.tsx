// Move alerts on the create and edit screens: the percentage field in place of the
// trigger price, its lookback or direction, the move so far in the live panel, and the warning.
import type { PriceDocument } from '@price-alerts/domain/store';
import { MSG_FILL_ALL_FIELDS, MSG_MOVE_PERCENT } from '@price-alerts/domain/copy';
import { act, fireEvent, screen, waitFor, within } from '@testing-library/react';
import { beforeEach, describe, expect, it, vi } from 'vitest';

// Boundaries: the gateway, the alerts and prices repositories, the toast and the live feed's socket.
vi.mock('../../lib/firebase', () => ({ getDb: vi.fn(async () => ({})) }));
vi.mock('../../lib/repositories/pushTokens', () => import('../../test/fakePushTokens'));
vi.mock('../../lib/repositories/alerts', () => import('../../test/fakeAlertsRepository'));
type Watch = (pair: string, onData: (price: PriceDocument | undefined) => void) => () => void;
const watchLatestPrice = vi.fn<Watch>();
vi.mock('../../lib/repositories/prices', () => ({
  watchLatestPrice: (_db: unknown, pair: string, onData: (price: PriceDocument | undefined) => void) =>
    watchLatestPrice(pair, onData),
}));
const toast = { success: vi.fn(), error: vi.fn() };
vi.mock('react-hot-toast', () => ({ default: Object.assign(vi.fn(), toast) }));
const { fakeFeed } = await import('../../test/fakeFeed');
const feedStub = fakeFeed();
vi.mock('../../shared/prices/feed', () => ({ usePriceFeedClient: () => feedStub }));
const repo = await import('../../test/fakeAlertsRepository');
const { pick, renderAlertForm } = await import('../../test/renderAlertForm');

/** GBP/USD as stored: its 15-minute low 1.2450 and high 1.2520 on the ask, and the day's open 1.2400. */
const STORED: PriceDocument = {
  pair: 'GBP/USD',
  ask: 1.25,
  bid: 1.2499,
  timestamp: 0,
  moves: {
    ask: {
      '15': { low: 1.245, lowAt: 0, high: 1.252, highAt: 0 },
      day: { low: 1.24, lowAt: 0, high: 1.24, highAt: 0 },
    },
  },
};

let deliver: (price: PriceDocument | undefined) => void = () => {};

const renderAt = (path: string) => renderAlertForm(path, { ask: 1.25, bid: 1.2499, timestamp: Date.now() });

const percent = () => screen.getByLabelText('Move (%)') as HTMLInputElement;
const radio = (legend: string, label: string) =>
  within(screen.getByRole('group', { name: legend })).getByRole('radio', { name: label }) as HTMLInputElement;
const panel = () => screen.getByRole('region', { name: 'Live price of GBP/USD' });
const submit = (name = 'Create New Alert') => fireEvent.click(screen.getByRole('button', { name }));

beforeEach(() => {
  vi.clearAllMocks();
  repo.resetAlertsRepository();
  watchLatestPrice.mockImplementation((_pair, onData) => {
    deliver = onData;
    return () => {};
  });
});

describe('create: a move alert', () => {
  it('turns the trigger price into a percentage with its lookback, and saves the move', async () => {
    renderAt('/create_alert');
    pick('Currency pair', 'GBP/USD');
    pick('Alert type', 'Moving up %');
    expect(screen.queryByLabelText('Trigger price')).toBeNull();
    expect(radio('Within', '15 min').checked).toBe(true);
    expect(screen.getByText(/Only prices after you save can fire it/)).toBeDefined();
    fireEvent.click(within(screen.getByRole('group', { name: 'Choose a move' })).getByRole('button', { name: '1%' }));
    expect(percent().value).toBe('1');
    fireEvent.change(percent(), { target: { value: '1.5' } });
    fireEvent.click(radio('Within', '1 h'));
    submit();
    await screen.findByText('added page');
    expect(repo.createAlert.mock.calls[0]?.[2]).toEqual({
      currencyPair: 'GBP/USD',
      alertType: 'Moving up %',
      movePercent: 1.5,
      lookbackMinutes: 60,
      priceSide: 'ask',
      notificationPreferences: { email: true, push: false },
    });
  });

  it('asks a change on the day for its direction, not a lookback', async () => {
    renderAt('/create_alert');
    pick('Currency pair', 'GBP/USD');
    pick('Alert type', 'Change on the day');
    expect(screen.queryByRole('group', { name: 'Within' })).toBeNull();
    fireEvent.click(radio('From the day’s open', 'Down'));
    fireEvent.change(percent(), { target: { value: '2' } });
    submit();
    await screen.findByText('added page');
    expect(repo.createAlert.mock.calls[0]?.[2]).toMatchObject({
      alertType: 'Change on the day',
      movePercent: 2,
      direction: 'down',
    });
  });

  it.each([
    ['0', MSG_MOVE_PERCENT],
    ['-1', MSG_MOVE_PERCENT],
    ['50.5', MSG_MOVE_PERCENT],
    ['lots', MSG_MOVE_PERCENT],
    ['', MSG_FILL_ALL_FIELDS],
  ])('refuses %j with a clear message, on the field when it is wrong, and saves nothing', (typed, message) => {
    renderAt('/create_alert');
    pick('Currency pair', 'GBP/USD');
    pick('Alert type', 'Moving down %');
    fireEvent.change(percent(), { target: { value: typed } });
    fireEvent.blur(percent());
    submit();
    expect(screen.getByRole('alert').textContent).toBe(message);
    const onField = message === MSG_MOVE_PERCENT;
    expect(percent().getAttribute('aria-invalid')).toBe(onField ? 'true' : null);
    expect(screen.queryByText(MSG_MOVE_PERCENT, { selector: '.field-error' }) !== null).toBe(onField);
    expect(repo.createAlert).not.toHaveBeenCalled();
    // Fixed, the messages go.
    fireEvent.change(percent(), { target: { value: '0.5' } });
    expect(screen.queryByRole('alert')).toBeNull();
    expect(percent().getAttribute('aria-invalid')).toBeNull();
  });

  it('shows the move so far against the threshold, and warns of one already past it', async () => {
    renderAt('/create_alert');
    pick('Currency pair', 'GBP/USD');
    pick('Alert type', 'Moving up %');
    await waitFor(() => expect(watchLatestPrice).toHaveBeenCalledWith('GBP/USD', expect.any(Function)));
    expect(panel().textContent).toContain('Move so far: waiting for the stored lows and highs.');
    act(() => deliver(STORED));
    // 1.25 against the 15-minute low of 1.2450.
    expect(panel().textContent).toContain('Up 0.40% in 15 min');
    fireEvent.change(percent(), { target: { value: '1.5' } });
    expect(panel().textContent).toContain('Up 0.40% in 15 min · fires at 1.50%');
    expect(screen.queryByRole('status')).toBeNull();
    fireEvent.change(percent(), { target: { value: '0.3' } });
    expect(screen.getByRole('status').textContent).toBe(
      'The price is already up 0.40% in 15 min: this alert will fire at the next price.',
    );
    pick('Alert type', 'Change on the day');
    expect(panel().textContent).toContain('Up 0.81% on the day · fires at +0.30%');
  });

  it('keeps what was typed for each kind when the type changes back and forth', () => {
    renderAt('/create_alert');
    pick('Currency pair', 'GBP/USD');
    pick('Alert type', 'Price rising above');
    fireEvent.change(screen.getByLabelText('Trigger price'), { target: { value: '1.26' } });
    pick('Alert type', 'Moving down %');
    fireEvent.change(percent(), { target: { value: '0.8' } });
    pick('Alert type', 'Price rising above');
    expect((screen.getByLabelText('Trigger price') as HTMLInputElement).value).toBe('1.26');
    pick('Alert type', 'Moving up %');
    expect(percent().value).toBe('0.8');
  });
});

describe('edit: a move alert', () => {
  it('opens on its threshold and lookback, and saves a level in its place', async () => {
    const stored = repo.testMoveAlert('m1', 'active', {
      currencyPair: 'GBP/USD',
      movePercent: 2,
      lookbackMinutes: 1440,
      moveRead: 'up:1440',
    });
    repo.getAlert.mockResolvedValue(stored);
    renderAt('/edit_alert/m1');
    await waitFor(() => expect(percent().value).toBe('2'));
    expect(radio('Within', '24 h').checked).toBe(true);
    expect(screen.getByRole('button', { name: /Alert type/ }).textContent).toContain('Moving up %');
    pick('Alert type', 'Price rising above');
    fireEvent.change(screen.getByLabelText('Trigger price'), { target: { value: '1.27' } });
    submit('Save changes');
    await screen.findByText('dashboard page');
    expect(repo.updateAlert.mock.calls[0]?.[3]).toMatchObject({ alertType: 'Price rising above', triggerPrice: 1.27 });
  });
});

describe('edit: an alert of a type this version does not know', () => {
  it('says the app needs an update to show it, and offers no form', async () => {
    const { triggerPrice: _level, ...common } = repo.testAlert('o', 'active');
    repo.getAlert.mockResolvedValue({ ...common, alertType: 'Volume spike' });
    renderAt('/edit_alert/o');
    expect((await screen.findByText('Update the app to see this alert’s condition.')).getAttribute('role')).toBe(
      'status',
    );
    expect(screen.queryByRole('button', { name: 'Save changes' })).toBeNull();
  });
});
