// The alert model on the create and edit screens: price side, repeat with its guards,
// expiry, and the level typed as a percentage from the live price on the chosen side.
import { localDateTimeValue } from '@price-alerts/domain/alerts';
import { type Alert } from '@price-alerts/domain/store';
import { MSG_EXPIRY_IN_FUTURE, MSG_LEVEL_PERCENT, MSG_REARM_RANGE } from '@price-alerts/domain/copy';
import { fireEvent, screen, waitFor, within } from '@testing-library/react';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';

// Boundaries: the gateway, the alerts repository, the toast and the live feed's socket.
vi.mock('../../lib/firebase', () => ({ getDb: vi.fn(async () => ({})) }));
vi.mock('../../lib/repositories/pushTokens', () => import('../../test/fakePushTokens'));
vi.mock('../../lib/repositories/alerts', () => import('../../test/fakeAlertsRepository'));
const toast = { success: vi.fn(), error: vi.fn() };
vi.mock('react-hot-toast', () => ({ default: Object.assign(vi.fn(), toast) }));
const { fakeFeed } = await import('../../test/fakeFeed');
const feedStub = fakeFeed();
vi.mock('../../shared/prices/feed', () => ({ usePriceFeedClient: () => feedStub }));
const repo = await import('../../test/fakeAlertsRepository');
const { pick, renderAlertForm } = await import('../../test/renderAlertForm');

// Local time, as the device and the datetime-local input read it.
const NOW = new Date(2026, 10, 2, 9, 30);
const DAY = 86_400_000;

const renderAt = (path: string) => renderAlertForm(path, { ask: 1.25, bid: 1.249, timestamp: NOW.getTime() });

const fillValid = () => {
  pick('Currency pair', 'GBP/USD');
  pick('Alert type', 'Price rising above');
  fireEvent.change(screen.getByLabelText('Trigger price'), { target: { value: '1.26' } });
};
const group = (legend: string) => within(screen.getByRole('group', { name: legend }));
const radio = (legend: string, label: string) => group(legend).getByRole('radio', { name: label }) as HTMLInputElement;
const field = (label: string) => screen.getByLabelText(label) as HTMLInputElement;
const price = () => field('Trigger price').value;
const submit = () => fireEvent.click(screen.getByRole('button', { name: 'Create New Alert' }));

beforeEach(() => {
  vi.clearAllMocks();
  repo.resetAlertsRepository();
  // Only the clock: the screens' promises and the modals' timers run as they do in the app.
  vi.useFakeTimers({ toFake: ['Date'] });
  vi.setSystemTime(NOW);
});
afterEach(() => {
  vi.useRealTimers();
});

describe('create: the alert model', () => {
  it('starts on the defaults, which save an alert as the spec has it', async () => {
    renderAt('/create_alert');
    expect(radio('Judge on', 'Ask').checked).toBe(true);
    expect(radio('Repeat', 'Once').checked).toBe(true);
    expect(field('Expires').value).toBe('never');
    expect(screen.queryByLabelText('Cooldown')).toBeNull();
    expect(screen.queryByLabelText('Expiry date and time')).toBeNull();
    fillValid();
    submit();
    await screen.findByText('added page');
    expect(repo.createAlert.mock.calls[0]?.[2]).toEqual({
      currencyPair: 'GBP/USD',
      alertType: 'Price rising above',
      triggerPrice: 1.26,
      priceSide: 'ask',
      notificationPreferences: { email: true, push: false },
    });
  });

  it('sends the side, the repeat guards and the expiry chosen', async () => {
    renderAt('/create_alert');
    fillValid();
    fireEvent.click(radio('Judge on', 'Bid'));
    fireEvent.click(radio('Repeat', 'Every time'));
    expect(field('Cooldown').value).toBe('15');
    expect(field('Re-arm distance (%)').value).toBe('0.1');
    expect(screen.getByText('Fires again only after the price moves back this far past the level.').id).toBe(
      field('Re-arm distance (%)').getAttribute('aria-describedby'),
    );
    expect(
      within(field('Cooldown'))
        .getAllByRole('option')
        .map((o) => o.textContent),
    ).toEqual(['1 min', '5 min', '15 min', '1 hour', '1 day']);
    fireEvent.change(field('Cooldown'), { target: { value: '5' } });
    fireEvent.change(field('Re-arm distance (%)'), { target: { value: '0.2' } });
    fireEvent.change(field('Expires'), { target: { value: 'week' } });
    submit();
    await screen.findByText('added page');
    expect(repo.createAlert.mock.calls[0]?.[2]).toEqual({
      currencyPair: 'GBP/USD',
      alertType: 'Price rising above',
      triggerPrice: 1.26,
      priceSide: 'bid',
      notificationPreferences: { email: true, push: false },
      repeat: 'every',
      cooldownMinutes: 5,
      rearmPercent: 0.2,
      expiresAt: NOW.getTime() + 7 * DAY,
    });
  });

  it('shows the judged side in the live price panel', () => {
    renderAt('/create_alert');
    pick('Currency pair', 'GBP/USD');
    fireEvent.click(radio('Judge on', 'Mid'));
    const panel = screen.getByRole('region', { name: 'Live price of GBP/USD' });
    expect(panel.querySelector('[aria-current]')?.textContent).toContain('Mid');
  });

  it('says, after the spec’s checks, what is wrong with the distance or the date', async () => {
    renderAt('/create_alert');
    fillValid();
    fireEvent.click(radio('Repeat', 'Every time'));
    fireEvent.change(field('Re-arm distance (%)'), { target: { value: '12' } });
    fireEvent.change(field('Expires'), { target: { value: 'date' } });
    fireEvent.click(screen.getByLabelText('Send email'));
    const problem = () => screen.getByRole('alert').textContent;
    submit();
    expect(problem()).toBe('Choose at least one notification type');
    // The message follows each change to what is still wrong, without another tap on the button.
    fireEvent.click(screen.getByLabelText('Send email'));
    expect(problem()).toBe(MSG_REARM_RANGE);
    submit();
    expect(problem()).toBe(MSG_REARM_RANGE);
    fireEvent.change(field('Re-arm distance (%)'), { target: { value: '10' } });
    const date = field('Expiry date and time');
    expect(date.min).toBe('2026-11-02T09:30');
    expect(problem()).toBe(MSG_EXPIRY_IN_FUTURE);
    fireEvent.change(date, { target: { value: '2026-11-20T18:00' } });
    expect(screen.queryByRole('alert')).toBeNull();
    submit();
    await screen.findByText('added page');
    expect(repo.createAlert.mock.calls[0]?.[2]).toMatchObject({
      rearmPercent: 10,
      expiresAt: new Date(2026, 10, 20, 18, 0).getTime(),
    });
  });
});

describe('create: the level from the live price on the chosen side', () => {
  it('fills the level from a typed percentage, with Apply or Enter, on the ask, bid or mid', () => {
    renderAt('/create_alert');
    fillValid();
    const percent = field('or type %');
    fireEvent.change(percent, { target: { value: '0.3' } });
    fireEvent.click(screen.getByRole('button', { name: 'Apply' }));
    expect(price()).toBe('1.25375'); // 1.25 ask + 0.3%
    fireEvent.click(radio('Judge on', 'Bid'));
    fireEvent.keyDown(percent, { key: 'Enter' });
    expect(price()).toBe('1.25275'); // 1.249 bid + 0.3%
    fireEvent.click(radio('Judge on', 'Mid'));
    fireEvent.change(percent, { target: { value: '-1' } });
    fireEvent.keyDown(percent, { key: 'Enter' });
    expect(price()).toBe('1.23701'); // 1.2495 mid - 1%
    // Enter applied the percentage; it did not submit the form.
    expect(repo.createAlert).not.toHaveBeenCalled();
    expect(toast.error).not.toHaveBeenCalled();
  });

  it('says when the percentage cannot be a level, and leaves the price as it was', () => {
    renderAt('/create_alert');
    fillValid();
    fireEvent.change(field('or type %'), { target: { value: '-100' } });
    fireEvent.click(screen.getByRole('button', { name: 'Apply' }));
    expect(screen.getByText(MSG_LEVEL_PERCENT).id).toBe(field('or type %').getAttribute('aria-describedby'));
    expect(field('or type %').getAttribute('aria-invalid')).toBe('true');
    expect(price()).toBe('1.26');
    fireEvent.change(field('or type %'), { target: { value: '1' } });
    fireEvent.click(screen.getByRole('button', { name: 'Apply' }));
    expect(screen.queryByText(MSG_LEVEL_PERCENT)).toBeNull();
    expect(price()).toBe('1.26250');
  });

  it('offers the fixed offsets from the chosen side, and warns on that side’s price', () => {
    renderAt('/create_alert');
    fillValid();
    fireEvent.change(field('Trigger price'), { target: { value: '1.2495' } });
    // Rising above 1.2495: the ask (1.25) is already there, the bid (1.249) is not.
    expect(screen.getByRole('status').textContent).toBe(
      'The price is already above 1.24950: this alert will fire at the next price.',
    );
    fireEvent.click(radio('Judge on', 'Bid'));
    expect(screen.queryByRole('status')).toBeNull();
    fireEvent.click(
      within(screen.getByRole('group', { name: 'Set the level from the live price' })).getByRole('button', {
        name: '+1%',
      }),
    );
    expect(price()).toBe('1.26149');
  });
});

describe('edit: the alert model', () => {
  const expiresAt = new Date(2026, 10, 9, 17, 4).getTime();
  const stored: Alert = repo.testAlert('e1', 'paused', {
    currencyPair: 'GBP/USD',
    alertType: 'Price dropping below',
    triggerPrice: 1.2,
    priceSide: 'mid',
    repeat: 'every',
    cooldownMinutes: 60,
    rearmPercent: 0.5,
    expiresAt,
  });

  it('loads every field, and saves them with what was changed', async () => {
    repo.getAlert.mockResolvedValue(stored);
    renderAt('/edit_alert/e1');
    await screen.findByRole('button', { name: 'Save changes' });
    expect(radio('Judge on', 'Mid').checked).toBe(true);
    expect(radio('Repeat', 'Every time').checked).toBe(true);
    expect(field('Cooldown').value).toBe('60');
    expect(field('Re-arm distance (%)').value).toBe('0.5');
    expect(field('Expires').value).toBe('date');
    expect(field('Expiry date and time').value).toBe(localDateTimeValue(expiresAt));
    fireEvent.click(radio('Judge on', 'Ask'));
    fireEvent.click(screen.getByRole('button', { name: 'Save changes' }));
    await screen.findByText('dashboard page');
    expect(repo.updateAlert).toHaveBeenCalledWith({}, 'u1', 'e1', {
      currencyPair: 'GBP/USD',
      alertType: 'Price dropping below',
      triggerPrice: 1.2,
      priceSide: 'ask',
      notificationPreferences: { email: true, push: true },
      repeat: 'every',
      cooldownMinutes: 60,
      rearmPercent: 0.5,
      expiresAt,
    });
  });

  it('clears the guards and the expiry when set back to once and never', async () => {
    repo.getAlert.mockResolvedValue(stored);
    renderAt('/edit_alert/e1');
    await screen.findByRole('button', { name: 'Save changes' });
    fireEvent.click(radio('Repeat', 'Once'));
    expect(screen.queryByLabelText('Cooldown')).toBeNull();
    fireEvent.change(field('Expires'), { target: { value: 'never' } });
    fireEvent.click(screen.getByRole('button', { name: 'Save changes' }));
    await waitFor(() => expect(repo.updateAlert).toHaveBeenCalled());
    const input = repo.updateAlert.mock.calls[0]?.[3];
    expect(input).toMatchObject({ priceSide: 'mid' });
    for (const key of ['repeat', 'cooldownMinutes', 'rearmPercent', 'expiresAt']) expect(input).not.toHaveProperty(key);
  });

  it('loads an alert stored before the model on the defaults', async () => {
    repo.getAlert.mockResolvedValue(repo.testAlert('e2', 'active'));
    renderAt('/edit_alert/e2');
    await screen.findByRole('button', { name: 'Save changes' });
    expect(radio('Judge on', 'Ask').checked).toBe(true);
    expect(radio('Repeat', 'Once').checked).toBe(true);
    expect(field('Expires').value).toBe('never');
    fireEvent.click(screen.getByRole('button', { name: 'Save changes' }));
    await waitFor(() => expect(repo.updateAlert).toHaveBeenCalled());
    expect(repo.updateAlert.mock.calls[0]?.[3]).toEqual({
      currencyPair: 'EUR/USD',
      alertType: 'Price rising above',
      triggerPrice: 1.095,
      priceSide: 'ask',
      notificationPreferences: { email: true, push: true },
    });
  });
});
