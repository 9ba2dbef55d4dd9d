import {
  TELEGRAM_BLOCKED,
  TELEGRAM_LINK_CODE_TTL_MS,
  TELEGRAM_STOPPED,
  type TelegramProfile,
  type TelegramRequest,
  type TelegramResponse,
} from '@price-alerts/domain/notify';
import type { Profile } from '@price-alerts/domain/store';
import { act, fireEvent, render, screen } from '@testing-library/react';
import { Provider, createStore } from 'jotai';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';

// Boundaries: the manageTelegram callable, the toast and the browser's window.open.
const manageTelegram = vi.fn<(request: TelegramRequest) => Promise<TelegramResponse>>();
class ChannelRefusal extends Error {}
vi.mock('../../lib/chatChannels', () => ({
  MSG_CHANNEL_FAILED: 'Could not reach the server.',
  ChannelRefusal,
  manageTelegram: (request: TelegramRequest) => manageTelegram(request),
  // Where the link opens locally is chatChannels.test.ts's; here it opens as given.
  telegramOpenUrl: (link: string) => link,
}));
const toast = { success: vi.fn(), error: vi.fn() };
vi.mock('react-hot-toast', () => ({ default: Object.assign(vi.fn(), toast) }));
const { TELEGRAM_TEXT, TelegramSettings } = await import('./TelegramSettings');
const { profileAtom } = await import('../../shared/session');

const LINK = 'https://t.me/PriceAlertsBot?start=abcdefghijklmnopqrstuvwxyz012345';
const LINKED: TelegramProfile = { state: 'linked', chatId: 42, chatName: 'Ada <b>Lovelace</b> & co', linkedAt: 5 };

/** The tab window.open gives back, or null when the browser blocked it. */
let tab: { opener: unknown; closed: boolean; close: () => void; location: { href: string } } | null;
const open = vi.fn(() => tab);

function renderSettings(profile: Profile = {}) {
  const store = createStore();
  store.set(profileAtom, profile);
  render(
    <Provider store={store}>
      <TelegramSettings />
    </Provider>,
  );
  return store;
}
const connect = () => screen.getByRole('button', { name: 'Connect Telegram' });
const card = () => screen.getByRole('heading', { name: 'Telegram' }).closest('section');

beforeEach(() => {
  manageTelegram.mockReset();
  vi.clearAllMocks();
  tab = { opener: window, closed: false, close: vi.fn(), location: { href: '' } };
  vi.stubGlobal('open', open);
});
afterEach(() => {
  vi.unstubAllGlobals();
  vi.useRealTimers();
});

describe('Telegram on the Notifications screen', () => {
  it('says what it does, and connects once however often it is tapped, opening the link in the tab opened by the tap', async () => {
    let answer: (r: TelegramResponse) => void = () => {};
    manageTelegram.mockReturnValue(new Promise((resolve) => (answer = resolve)));
    renderSettings();
    expect(screen.getByText(TELEGRAM_TEXT.about).textContent).toBe(
      'Alerts set to notify by Telegram come as messages from our bot, with buttons to act on them.',
    );
    fireEvent.click(connect());
    fireEvent.click(connect());
    // Within the tap, before the server answered: the browser lets only such a window open.
    expect(open.mock.calls).toEqual([['', '_blank']]);
    await act(async () => answer({ op: 'link', url: LINK, expiresAt: Date.now() + TELEGRAM_LINK_CODE_TTL_MS }));
    expect(manageTelegram.mock.calls).toEqual([[{ op: 'link' }]]);
    expect(tab?.location.href).toBe(LINK);
    expect(tab?.opener).toBeNull();
    const waiting = screen.getByRole('status');
    expect(waiting.textContent).toBe('Waiting for you to press Start in Telegram…Open Telegram');
    const again = screen.getByRole('link', { name: 'Open Telegram' });
    expect([again.getAttribute('href'), again.getAttribute('target'), again.getAttribute('rel')]).toEqual([
      LINK,
      '_blank',
      'noopener noreferrer',
    ]);
    expect(screen.queryByRole('button', { name: 'Connect Telegram' })).toBeNull();
  });

  it('shows the chat’s name, as text, as soon as the profile says it is linked', async () => {
    manageTelegram.mockResolvedValue({ op: 'link', url: LINK, expiresAt: Date.now() + TELEGRAM_LINK_CODE_TTL_MS });
    const store = renderSettings();
    await act(async () => fireEvent.click(connect()));
    expect(screen.getByText(TELEGRAM_TEXT.waiting)).toBeDefined();
    act(() => store.set(profileAtom, { fullName: 'Ada', telegram: LINKED }));
    expect(screen.getByText(/^Connected to/).textContent).toBe('Connected to Ada <b>Lovelace</b> & co');
    expect(card()?.querySelector('b')).toBeNull();
    expect(screen.queryByText(TELEGRAM_TEXT.waiting)).toBeNull();
    expect(screen.getByRole('button', { name: 'Disconnect' })).toBeDefined();
  });

  it('connects another chat in place of the linked one, without a Disconnect first', async () => {
    manageTelegram.mockResolvedValue({ op: 'link', url: LINK, expiresAt: Date.now() + TELEGRAM_LINK_CODE_TTL_MS });
    const store = renderSettings({ telegram: LINKED });
    await act(async () => fireEvent.click(screen.getByRole('button', { name: TELEGRAM_TEXT.another })));
    expect(manageTelegram).toHaveBeenCalledWith({ op: 'link' });
    expect(screen.getByText(TELEGRAM_TEXT.waiting)).toBeDefined();
    // The linked chat keeps working meanwhile, and waiting can be called off.
    expect(screen.getByText(/^Connected to/).textContent).toBe('Connected to Ada <b>Lovelace</b> & co');
    fireEvent.click(screen.getByRole('button', { name: 'Cancel' }));
    expect(screen.queryByText(TELEGRAM_TEXT.waiting)).toBeNull();
    await act(async () => fireEvent.click(screen.getByRole('button', { name: TELEGRAM_TEXT.another })));
    act(() => store.set(profileAtom, { telegram: { ...LINKED, chatId: 43, chatName: 'Ada’s new phone' } }));
    expect(screen.getByText(/^Connected to/).textContent).toBe('Connected to Ada’s new phone');
    expect(screen.queryByText(TELEGRAM_TEXT.waiting)).toBeNull();
  });

  it('keeps the link to tap when the browser blocked the tab', async () => {
    tab = null;
    manageTelegram.mockResolvedValue({ op: 'link', url: LINK, expiresAt: Date.now() + TELEGRAM_LINK_CODE_TTL_MS });
    renderSettings();
    await act(async () => fireEvent.click(connect()));
    expect(open).toHaveBeenCalledTimes(1);
    expect(screen.getByRole('link', { name: 'Open Telegram' }).getAttribute('href')).toBe(LINK);
  });

  it('closes the tab and says why when the link could not be made', async () => {
    manageTelegram.mockRejectedValueOnce(new ChannelRefusal('Wait a minute before asking for another link.'));
    manageTelegram.mockRejectedValueOnce(new Error('offline'));
    renderSettings();
    await act(async () => fireEvent.click(connect()));
    expect(tab?.close).toHaveBeenCalledTimes(1);
    expect(screen.getByRole('alert').textContent).toBe('Wait a minute before asking for another link.');
    await act(async () => fireEvent.click(connect()));
    expect(screen.getByRole('alert').textContent).toBe('Could not reach the server.');
    expect(screen.queryByText(TELEGRAM_TEXT.waiting)).toBeNull();
    expect(connect()).toBeDefined();
  });

  it('stops waiting once the link’s code has expired', async () => {
    vi.useFakeTimers();
    manageTelegram.mockResolvedValue({ op: 'link', url: LINK, expiresAt: Date.now() + TELEGRAM_LINK_CODE_TTL_MS });
    renderSettings();
    await act(async () => fireEvent.click(connect()));
    act(() => vi.advanceTimersByTime(TELEGRAM_LINK_CODE_TTL_MS - 1_000));
    expect(screen.getByText(TELEGRAM_TEXT.waiting)).toBeDefined();
    act(() => vi.advanceTimersByTime(1_000));
    expect(screen.queryByText(TELEGRAM_TEXT.waiting)).toBeNull();
    expect(connect()).toBeDefined();
  });

  it('disconnects once, and shows Connect at once, before the profile changes', async () => {
    manageTelegram.mockResolvedValue({ op: 'disconnect' });
    const store = renderSettings({ telegram: LINKED });
    const disconnect = screen.getByRole('button', { name: 'Disconnect' });
    fireEvent.click(disconnect);
    fireEvent.click(disconnect);
    await act(async () => {});
    expect(manageTelegram.mock.calls).toEqual([[{ op: 'disconnect' }]]);
    expect(toast.success).toHaveBeenCalledWith('Telegram disconnected.');
    expect(screen.queryByText(/^Connected to/)).toBeNull();
    expect(connect()).toBeDefined();
    act(() => store.set(profileAtom, {}));
    expect(screen.getByText(TELEGRAM_TEXT.about)).toBeDefined();
  });

  it.each([TELEGRAM_STOPPED, TELEGRAM_BLOCKED])(
    'says why the link was lost (%s) and offers to connect again',
    (reason) => {
      renderSettings({ telegram: { state: 'lost', reason, at: 9 } });
      expect(screen.getByRole('status').textContent).toBe(reason);
      expect(screen.queryByText(TELEGRAM_TEXT.about)).toBeNull();
      expect(connect()).toBeDefined();
    },
  );

  it('stops waiting when the chat is lost meanwhile, and says why', async () => {
    manageTelegram.mockResolvedValue({ op: 'link', url: LINK, expiresAt: Date.now() + TELEGRAM_LINK_CODE_TTL_MS });
    const store = renderSettings();
    await act(async () => fireEvent.click(connect()));
    // Another profile change leaves the wait as it is.
    act(() => store.set(profileAtom, { fullName: 'Ada' }));
    expect(screen.getByText(TELEGRAM_TEXT.waiting)).toBeDefined();
    act(() => store.set(profileAtom, { telegram: { state: 'lost', reason: TELEGRAM_STOPPED, at: 9 } }));
    expect(screen.queryByText(TELEGRAM_TEXT.waiting)).toBeNull();
    expect(screen.getByRole('status').textContent).toBe(TELEGRAM_STOPPED);
  });
});
