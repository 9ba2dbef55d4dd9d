import { ALERT_TYPES } from '@price-alerts/domain/common';
import { AlertLimitError, type ValidAlertInput } from '@price-alerts/domain/alerts';
import { ALERT_TYPE_HELP } from '@price-alerts/domain/copy';
import { DASHBOARD_TEXT } from '@price-alerts/domain/copy';
import { act, fireEvent, render, screen, waitFor, within } from '@testing-library/react';
import { Provider, createStore } from 'jotai';
import { MemoryRouter, Route, Routes } from 'react-router-dom';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';

// Boundaries: the gateway, the alerts repository, the toast and the live feed's socket.
vi.mock('../../lib/firebase', () => ({ getDb: vi.fn(async () => ({})) }));
vi.mock('../../lib/repositories/pushTokens', () => import('../../test/fakePushTokens'));
const createAlert = vi.fn<(db: unknown, uid: string, input: ValidAlertInput) => Promise<string>>();
vi.mock('../../lib/repositories/alerts', () => ({
  createAlert: (...args: [unknown, string, ValidAlertInput]) => createAlert(...args),
  getPairAlerts: async () => [],
}));
const toast = { success: vi.fn(), error: vi.fn() };
vi.mock('react-hot-toast', () => ({ default: Object.assign(vi.fn(), toast) }));
const { fakeFeed } = await import('../../test/fakeFeed');
const feedStub = fakeFeed();
vi.mock('../../shared/prices/feed', () => ({ usePriceFeedClient: () => feedStub }));
const { default: CreateAlertPage } = await import('./CreateAlertPage');
const { LivePricePanel } = await import('./LivePricePanel');
const { draftAtom } = await import('../../shared/draft');
const { setOnline } = await import('../../test/offline');
const { currentUserAtom } = await import('../../shared/session');
const { feedStatusAtom, livePricesAtom } = await import('../../shared/prices/atoms');

function renderCreate({ signedIn = true } = {}) {
  const store = createStore();
  if (signedIn) store.set(currentUserAtom, { uid: 'u1', email: 'ada@example.test' } as never);
  render(
    <Provider store={store}>
      <MemoryRouter initialEntries={['/create_alert']}>
        <Routes>
          <Route path="/create_alert" element={<CreateAlertPage />} />
          <Route path="/alert_added_successfully" element={<p>added page</p>} />
        </Routes>
      </MemoryRouter>
    </Provider>,
  );
  return store;
}

// A closing modal stays in the page for its 300 ms exit, so dialogs are found by name.
const pick = (field: 'Currency pair' | 'Alert type', choice: string) => {
  fireEvent.click(screen.getByRole('button', { name: new RegExp(field) }));
  fireEvent.click(within(screen.getByRole('dialog', { name: field })).getByRole('button', { name: choice }));
};
const fillValid = () => {
  pick('Currency pair', 'GBP/USD');
  pick('Alert type', 'Price dropping below');
  fireEvent.change(screen.getByLabelText('Trigger price'), { target: { value: '1.245' } });
};
const submit = () => fireEvent.click(screen.getByRole('button', { name: 'Create New Alert' }));

beforeEach(() => {
  vi.clearAllMocks();
});

describe('create alert offline', () => {
  afterEach(() => vi.restoreAllMocks());
  it('sends nothing offline and says so, keeps the draft, and creates once back online', async () => {
    createAlert.mockResolvedValue('a1');
    const store = renderCreate();
    fillValid();
    setOnline(false);
    submit();
    expect(screen.getByRole('alert').textContent).toBe(DASHBOARD_TEXT.offlineChanges);
    expect(createAlert).not.toHaveBeenCalled();
    expect(screen.getByRole('button', { name: 'Create New Alert' })).toHaveProperty('disabled', false);
    expect(store.get(draftAtom)).toMatchObject({ currencyPair: 'GBP/USD', triggerPrice: '1.245' });
    setOnline(true);
    expect(screen.queryByRole('alert')).toBeNull();
    submit();
    expect((await screen.findByText('added page')).tagName).toBe('P');
    expect(createAlert).toHaveBeenCalledTimes(1);
  });
});

describe('create alert', () => {
  it('says what is missing, word for word', () => {
    renderCreate();
    expect(screen.getByRole('heading', { name: 'Customize your alert' })).toBeDefined();
    submit();
    expect(screen.getByRole('alert').textContent).toBe('Fill all fields');
    fillValid();
    // Shown until fixed: once the fields are all filled, it goes.
    expect(screen.queryByRole('alert')).toBeNull();
    fireEvent.click(screen.getByLabelText('Send email'));
    submit();
    expect(screen.getByRole('alert').textContent).toBe('Choose at least one notification type');
    fireEvent.click(screen.getByLabelText('Push notifications'));
    expect(screen.queryByRole('alert')).toBeNull();
    expect(toast.error).not.toHaveBeenCalled();
    expect(createAlert).not.toHaveBeenCalled();
  });

  it('asks a signed-out visitor to log in', () => {
    renderCreate({ signedIn: false });
    fillValid();
    submit();
    expect(toast.error).toHaveBeenLastCalledWith('Please log in to create alerts.');
  });

  it('searches pairs, says when none match, and follows the chosen pair live', async () => {
    renderCreate();
    fireEvent.click(screen.getByRole('button', { name: /Currency pair/ }));
    const dialog = screen.getByRole('dialog', { name: 'Currency pair' });
    fireEvent.change(within(dialog).getByLabelText('Search for a pair'), { target: { value: 'xau' } });
    expect(
      within(dialog)
        .getAllByRole('button')
        .map((b) => b.textContent),
    ).toEqual(['XAU/USD', 'XAU/EUR', 'XAU/GBP', 'XAU/JPY']);
    fireEvent.change(within(dialog).getByLabelText('Search for a pair'), { target: { value: 'doge' } });
    expect(within(dialog).getByText('No matching pairs')).toBeDefined();
    fireEvent.change(within(dialog).getByLabelText('Search for a pair'), { target: { value: 'gbp usd' } });
    fireEvent.click(within(dialog).getByRole('button', { name: 'GBP/USD' }));
    expect(screen.getByRole('button', { name: /Currency pair/ }).textContent).toBe('GBP/USD');
    // The panel follows the chosen pair (the picker, which followed every pair, has let go).
    await waitFor(() => expect(feedStub.followed()).toEqual(['GBP/USD']));
  });

  it('offers the spec’s three alert types first, then the moves, each explained in one line', () => {
    renderCreate();
    fireEvent.click(screen.getByRole('button', { name: /Alert type/ }));
    const described = (b: HTMLElement) =>
      document.getElementById(b.getAttribute('aria-describedby') ?? '')?.textContent;
    expect(
      within(screen.getByRole('dialog', { name: 'Alert type' }))
        .getAllByRole('button')
        .map((b) => [b.textContent, described(b)]),
    ).toEqual(
      [...ALERT_TYPES, 'Moving up %', 'Moving down %', 'Change on the day'].map((type) => [
        type,
        ALERT_TYPE_HELP[type as keyof typeof ALERT_TYPE_HELP],
      ]),
    );
  });

  it('creates the alert, says so, goes to the success screen and resets the draft', async () => {
    createAlert.mockResolvedValue('new-id');
    const store = renderCreate();
    fillValid();
    fireEvent.click(screen.getByLabelText('Push notifications'));
    submit();
    await screen.findByText('added page');
    expect(createAlert).toHaveBeenCalledWith({}, 'u1', {
      currencyPair: 'GBP/USD',
      alertType: 'Price dropping below',
      triggerPrice: 1.245,
      priceSide: 'ask',
      notificationPreferences: { email: true, push: true },
    });
    expect(toast.success).toHaveBeenCalledWith('Alert created successfully!');
    expect(store.get(draftAtom).currencyPair).toBe('');
  });

  it('saves the note, trimmed, and counts its characters against the limit', async () => {
    createAlert.mockResolvedValue('new-id');
    renderCreate();
    fillValid();
    const note = screen.getByLabelText('Note (optional)') as HTMLInputElement;
    expect(note.maxLength).toBe(140);
    fireEvent.change(note, { target: { value: '  Break of the range <b>top</b> ' } });
    expect(screen.getByText('32/140')).toBeDefined();
    submit();
    await screen.findByText('added page');
    expect(createAlert.mock.calls[0]?.[2]).toMatchObject({ note: 'Break of the range <b>top</b>' });
  });

  it('sets the level from the live price and warns, before saving, of a level that fires at once or is far off', () => {
    const store = renderCreate();
    act(() => store.set(livePricesAtom, { 'GBP/USD': { ask: 1.25, bid: 1.2499, timestamp: 0 } }));
    fillValid();
    const offsets = within(screen.getByRole('group', { name: 'Set the level from the live price' }));
    expect(offsets.getAllByRole('button').map((b) => b.textContent)).toEqual(['-1%', '-0.5%', '+0.5%', '+1%']);
    fireEvent.click(offsets.getByRole('button', { name: '-0.5%' }));
    expect((screen.getByLabelText('Trigger price') as HTMLInputElement).value).toBe('1.24375');
    expect(screen.queryByRole('status')).toBeNull();
    fireEvent.click(offsets.getByRole('button', { name: '+1%' }));
    expect(screen.getByRole('status').textContent).toBe(
      'The price is already below 1.26250: this alert will fire at the next price.',
    );
    fireEvent.change(screen.getByLabelText('Trigger price'), { target: { value: '0.9' } });
    expect(screen.getByRole('status').textContent).toBe(
      'This level is 28% away from the market price. Check it before saving.',
    );
  });

  it('keeps everything typed when saving fails', async () => {
    createAlert.mockRejectedValue(new Error('unavailable'));
    renderCreate();
    fillValid();
    submit();
    await waitFor(() => expect(toast.error).toHaveBeenCalledWith('Error creating alert. Please try again.'));
    expect((screen.getByLabelText('Trigger price') as HTMLInputElement).value).toBe('1.245');
    expect(screen.getByRole('button', { name: /Currency pair/ }).textContent).toBe('GBP/USD');
    expect((screen.getByRole('button', { name: 'Create New Alert' }) as HTMLButtonElement).disabled).toBe(false);
  });

  it('says the account is at its 200 alerts, word for word, and keeps everything typed', async () => {
    createAlert.mockRejectedValue(new AlertLimitError());
    renderCreate();
    fillValid();
    submit();
    await waitFor(() =>
      expect(toast.error).toHaveBeenCalledWith('You have reached the limit of 200 alerts. Delete some to add more.'),
    );
    expect(toast.success).not.toHaveBeenCalled();
    expect((screen.getByLabelText('Trigger price') as HTMLInputElement).value).toBe('1.245');
    expect(screen.getByRole('button', { name: /Currency pair/ }).textContent).toBe('GBP/USD');
    expect(screen.getByRole('button', { name: /Alert type/ }).textContent).toContain('Price dropping below');
    expect((screen.getByRole('button', { name: 'Create New Alert' }) as HTMLButtonElement).disabled).toBe(false);
  });
});

describe('live price panel', () => {
  function renderPanel(status: string, price?: { ask: number; bid: number; timestamp: number }) {
    const store = createStore();
    store.set(feedStatusAtom, status as never);
    if (price) store.set(livePricesAtom, { 'USD/JPY': price });
    render(
      <Provider store={store}>
        <LivePricePanel pair="USD/JPY" />
      </Provider>,
    );
    return screen.getByRole('region', { name: 'Live price of USD/JPY' });
  }

  it.each([
    ['disconnected', 'Live price feed disconnected.'],
    ['connecting', 'Fetching live price...'],
    ['error', 'Error fetching live price.'],
    ['subscribed', 'No live data available.'],
  ])('shows the %s state as “%s”', (status, text) => {
    expect(renderPanel(status).textContent).toBe(text);
  });

  it('shows ask, bid and the update time with the pair’s decimals', () => {
    const timestamp = new Date('2026-11-24T09:05:00').getTime();
    vi.useFakeTimers({ toFake: ['Date'] });
    vi.setSystemTime(timestamp + 2_000);
    try {
      const panel = renderPanel('subscribed', { ask: 150.12345, bid: 150.1111, timestamp });
      expect(panel.textContent).toBe('Ask Judged on150.123Bid150.111UpdatedNov 24, 09:05 · 2 s ago');
    } finally {
      vi.useRealTimers();
    }
  });

  it('shows nothing before a pair is chosen', () => {
    const store = createStore();
    const { container } = render(
      <Provider store={store}>
        <LivePricePanel pair="" />
      </Provider>,
    );
    expect(container.textContent).toBe('');
    expect(feedStub.followed()).toEqual([]);
  });
});
