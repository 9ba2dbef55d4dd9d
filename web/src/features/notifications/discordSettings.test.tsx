import {
  DISCORD_GONE,
  MSG_DISCORD_TEST_SPACING,
  MSG_DISCORD_URL,
  type DiscordProfile,
  type DiscordRequest,
  type DiscordResponse,
} from '@price-alerts/domain/notify';
import type { Profile } from '@price-alerts/domain/store';
import { act, fireEvent, render, screen } from '@testing-library/react';
import { Provider, createStore } from 'jotai';
import { beforeEach, describe, expect, it, vi } from 'vitest';

// Boundaries: the manageDiscord callable and the toast.
const manageDiscord = vi.fn<(request: DiscordRequest) => Promise<DiscordResponse>>();
class ChannelRefusal extends Error {}
vi.mock('../../lib/chatChannels', () => ({
  MSG_CHANNEL_FAILED: 'Could not reach the server.',
  ChannelRefusal,
  manageDiscord: (request: DiscordRequest) => manageDiscord(request),
}));
const toast = { success: vi.fn(), error: vi.fn() };
vi.mock('react-hot-toast', () => ({ default: Object.assign(vi.fn(), toast) }));
const { DISCORD_TEXT, DiscordSettings } = await import('./DiscordSettings');
const { profileAtom } = await import('../../shared/session');

const ID = '1234567890123456789';
const URL_TYPED = `https://discord.com/api/webhooks/${ID}/${'T'.repeat(68)}`;
const LINKED: DiscordProfile = { state: 'linked', webhookId: ID, since: 5 };

function renderSettings(profile: Profile = {}) {
  const store = createStore();
  store.set(profileAtom, profile);
  render(
    <Provider store={store}>
      <DiscordSettings />
    </Provider>,
  );
  return store;
}
const field = () => screen.getByLabelText<HTMLInputElement>('Discord webhook URL');
const button = (name: string) => screen.getByRole<HTMLButtonElement>('button', { name });
const fieldError = () => document.getElementById(field().getAttribute('aria-describedby') ?? '')?.textContent;

beforeEach(() => {
  manageDiscord.mockReset();
  vi.clearAllMocks();
});

describe('Discord on the Notifications screen', () => {
  it('asks for the webhook URL in a field made for one', () => {
    renderSettings();
    expect(screen.getByText(DISCORD_TEXT.about).textContent).toBe(
      'Alerts set to notify by Discord post in a channel of your server, through a webhook you make there.',
    );
    expect(['type', 'inputmode', 'autocomplete'].map((name) => field().getAttribute(name))).toEqual([
      'url',
      'url',
      'off',
    ]);
    expect(screen.queryByRole('button', { name: 'Send a test' })).toBeNull();
  });

  it.each([
    ['not a URL', 'my webhook'],
    ['another host', `https://example.com/api/webhooks/${ID}/${'T'.repeat(68)}`],
    ['a channel’s link', `https://discord.com/channels/${ID}/${ID}`],
  ])('refuses %s under the field, calling nothing and keeping what was typed', (_name, typed) => {
    renderSettings();
    fireEvent.change(field(), { target: { value: typed } });
    fireEvent.click(button('Save'));
    expect(fieldError()).toBe(MSG_DISCORD_URL);
    expect(field().getAttribute('aria-invalid')).toBe('true');
    expect(field().value).toBe(typed);
    expect(manageDiscord).not.toHaveBeenCalled();
  });

  it('saves once however often it is tapped, and shows the webhook’s id before the profile does', async () => {
    let answer: (r: DiscordResponse) => void = () => {};
    manageDiscord.mockReturnValue(new Promise((resolve) => (answer = resolve)));
    const store = renderSettings();
    fireEvent.change(field(), { target: { value: ` ${URL_TYPED} ` } });
    fireEvent.click(button('Save'));
    fireEvent.click(button('Save'));
    expect(button('Save').disabled).toBe(true);
    await act(async () => answer({ op: 'save', webhookId: ID }));
    expect(manageDiscord.mock.calls).toEqual([[{ op: 'save', url: URL_TYPED }]]);
    expect(toast.success).toHaveBeenCalledWith('Discord webhook saved.');
    expect(screen.getByText(/^Connected/).textContent).toBe('Connected (webhook …6789)');
    expect(screen.queryByLabelText('Discord webhook URL')).toBeNull();
    expect(button('Send a test').disabled).toBe(false);
    expect(button('Remove').disabled).toBe(false);
    // The profile's own word wins once it comes.
    act(() => store.set(profileAtom, { discord: { ...LINKED, webhookId: '9999999999999994321' } }));
    expect(screen.getByText(/^Connected/).textContent).toBe('Connected (webhook …4321)');
  });

  it('takes the local Discord stand-in’s URL on the emulators (the server judges its port), and no other http one', async () => {
    manageDiscord.mockResolvedValue({ op: 'save', webhookId: ID });
    renderSettings();
    fireEvent.change(field(), { target: { value: `http://192.168.1.9:8098/api/webhooks/${ID}/${'T'.repeat(68)}` } });
    fireEvent.click(button('Save'));
    expect(fieldError()).toBe(MSG_DISCORD_URL);
    const local = `http://127.0.0.1:8098/api/webhooks/${ID}/${'T'.repeat(68)}`;
    fireEvent.change(field(), { target: { value: local } });
    await act(async () => fireEvent.click(button('Save')));
    expect(manageDiscord.mock.calls).toEqual([[{ op: 'save', url: local }]]);
  });

  it('says the server’s refusal under the field, keeping what was typed', async () => {
    manageDiscord.mockRejectedValue(new ChannelRefusal(MSG_DISCORD_URL));
    renderSettings();
    fireEvent.change(field(), { target: { value: URL_TYPED } });
    await act(async () => fireEvent.click(button('Save')));
    expect(fieldError()).toBe(MSG_DISCORD_URL);
    expect(field().value).toBe(URL_TYPED);
    expect(screen.queryByRole('alert')).toBeNull();
    fireEvent.change(field(), { target: { value: `${URL_TYPED}x` } });
    expect(field().getAttribute('aria-invalid')).toBeNull();
  });

  it('says when the server could not be reached, keeping what was typed', async () => {
    manageDiscord.mockRejectedValue(new Error('offline'));
    renderSettings();
    fireEvent.change(field(), { target: { value: URL_TYPED } });
    await act(async () => fireEvent.click(button('Save')));
    expect(screen.getByRole('alert').textContent).toBe('Could not reach the server.');
    expect(field().value).toBe(URL_TYPED);
  });

  it.each([
    ['sent', { op: 'test', sent: true } as const, 'status', 'Test sent: look in your Discord channel.'],
    [
      'not taken',
      { op: 'test', sent: false, error: 'Discord asked to wait 3 s.' } as const,
      'alert',
      'Discord asked to wait 3 s.',
    ],
  ])('sends a test and says how it went: %s', async (_name, response, role, words) => {
    manageDiscord.mockResolvedValue(response);
    renderSettings({ discord: LINKED });
    fireEvent.click(button('Send a test'));
    fireEvent.click(button('Send a test'));
    await act(async () => {});
    expect(manageDiscord.mock.calls).toEqual([[{ op: 'test' }]]);
    expect(screen.getByRole(role).textContent).toBe(words);
  });

  it('says when tests are too close together', async () => {
    manageDiscord.mockRejectedValue(new ChannelRefusal(MSG_DISCORD_TEST_SPACING));
    renderSettings({ discord: LINKED });
    await act(async () => fireEvent.click(button('Send a test')));
    expect(screen.getByRole('alert').textContent).toBe('Wait a few seconds before sending another test.');
  });

  it('removes it, showing the field again at once', async () => {
    manageDiscord.mockResolvedValue({ op: 'remove' });
    renderSettings({ discord: LINKED });
    await act(async () => fireEvent.click(button('Remove')));
    expect(manageDiscord.mock.calls).toEqual([[{ op: 'remove' }]]);
    expect(toast.success).toHaveBeenCalledWith('Discord webhook removed.');
    expect(screen.queryByText(/^Connected/)).toBeNull();
    expect(field().value).toBe('');
  });

  it('says why a webhook was removed by Discord, live, and takes a new URL', async () => {
    const store = renderSettings({ discord: LINKED });
    act(() => store.set(profileAtom, { discord: { state: 'lost', reason: DISCORD_GONE, at: 9 } }));
    expect(screen.getByRole('status').textContent).toBe('Discord says the webhook was deleted, so Discord was removed');
    expect(screen.queryByText(DISCORD_TEXT.about)).toBeNull();
    manageDiscord.mockResolvedValue({ op: 'save', webhookId: ID });
    fireEvent.change(field(), { target: { value: URL_TYPED } });
    await act(async () => fireEvent.click(button('Save')));
    expect(screen.getByText(/^Connected/).textContent).toBe('Connected (webhook …6789)');
    expect(screen.queryByText(DISCORD_GONE)).toBeNull();
  });
});
