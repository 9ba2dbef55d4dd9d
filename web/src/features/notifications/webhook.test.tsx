import type { WebhookRequest, WebhookResponse, WebhookSettings as Settings } from '@price-alerts/domain/notify';
import { MSG_WEBHOOK_URL } from '@price-alerts/domain/notify';
import type { Profile } from '@price-alerts/domain/store';
import { fireEvent, render, screen, waitFor } from '@testing-library/react';
import { Provider, createStore } from 'jotai';
import { beforeEach, describe, expect, it, vi } from 'vitest';

// Boundary: the manageWebhook callable.
const manageWebhook = vi.fn<(request: WebhookRequest) => Promise<WebhookResponse>>();
class WebhookRefusal extends Error {}
vi.mock('../../lib/webhooks', () => ({
  MSG_WEBHOOK_FAILED: 'Could not reach the server.',
  WebhookRefusal,
  manageWebhook: (request: WebhookRequest) => manageWebhook(request),
}));
const { CONFIRM, WebhookSettings } = await import('./WebhookSettings');
const { profileAtom } = await import('../../shared/session');

const HOOK: Settings = { url: 'https://example.com/hooks', holdInQuietHours: false, since: 1, secretHint: 'wxyz' };
const SECRET = `whsec_${'a'.repeat(39)}wxyz`;

function renderSettings(profile: Profile = {}) {
  const store = createStore();
  store.set(profileAtom, profile);
  render(
    <Provider store={store}>
      <WebhookSettings />
    </Provider>,
  );
  return store;
}
const url = () => screen.getByLabelText<HTMLInputElement>('Webhook URL');

beforeEach(() => {
  manageWebhook.mockReset();
});

describe('webhook settings', () => {
  it.each([
    ['no scheme', 'example.com/hooks', MSG_WEBHOOK_URL],
    ['ftp', 'ftp://example.com/hooks', 'The address must start with https://.'],
  ])('refuse %s on the field and call nothing', async (_name, typed, message) => {
    renderSettings();
    fireEvent.change(url(), { target: { value: typed } });
    fireEvent.click(screen.getByRole('button', { name: 'Add webhook' }));
    const said = await screen.findByText(message);
    expect(url().getAttribute('aria-describedby')).toContain(said.id);
    expect(url().getAttribute('aria-invalid')).toBe('true');
    expect(url().value).toBe(typed);
    expect(manageWebhook).not.toHaveBeenCalled();
  });

  it('adds one once, however often it is tapped, and shows the secret it answered', async () => {
    let answer: (r: WebhookResponse) => void = () => {};
    manageWebhook.mockReturnValue(new Promise((resolve) => (answer = resolve)));
    renderSettings();
    fireEvent.change(url(), { target: { value: ' https://example.com/hooks ' } });
    const add = screen.getByRole('button', { name: 'Add webhook' });
    fireEvent.click(add);
    fireEvent.click(add);
    answer({ op: 'save', webhook: HOOK, secret: SECRET });
    expect((await screen.findByText(SECRET)).tagName).toBe('CODE');
    expect(manageWebhook.mock.calls).toEqual([
      [{ op: 'save', url: 'https://example.com/hooks', holdInQuietHours: false }],
    ]);
    expect(screen.getByText(/it is not shown again/).closest('.webhook-secret')?.textContent).toBe(
      `Your signing secret. Copy it to your receiver now: it is not shown again.${SECRET}Copy`,
    );
  });

  it("says the server's refusal and keeps what was typed", async () => {
    manageWebhook.mockRejectedValue(
      new WebhookRefusal('Webhooks go to public internet addresses only, and 10.0.0.7 is a private address.'),
    );
    renderSettings();
    fireEvent.change(url(), { target: { value: 'https://intranet.example.com/h' } });
    fireEvent.click(screen.getByRole('button', { name: 'Add webhook' }));
    expect((await screen.findByText(/10\.0\.0\.7 is a private address/)).getAttribute('role')).toBe('alert');
    expect(url().value).toBe('https://intranet.example.com/h');
  });

  it('shows a webhook with its secret hint, sends a test and shows the answer', async () => {
    manageWebhook.mockResolvedValue({ op: 'test', status: 503, text: 'busy' });
    renderSettings({ webhook: HOOK });
    expect(url().value).toBe(HOOK.url);
    expect(screen.getByText(/^Signed with the secret ending in/).textContent).toBe(
      'Signed with the secret ending in wxyz.',
    );
    expect(screen.queryByRole('button', { name: /Add webhook|Save webhook/ })).toBeNull();
    fireEvent.click(screen.getByRole('button', { name: 'Send a test' }));
    expect((await screen.findByText('Your receiver answered 503: busy')).getAttribute('role')).toBe('status');
  });

  it('saves a changed URL and the quiet-hours choice, keeping the secret', async () => {
    manageWebhook.mockResolvedValue({ op: 'save', webhook: { ...HOOK, holdInQuietHours: true } });
    renderSettings({ webhook: HOOK });
    fireEvent.click(screen.getByLabelText('Hold during quiet hours'));
    await waitFor(() => expect(manageWebhook).toHaveBeenCalledTimes(1));
    expect(manageWebhook.mock.calls[0]).toEqual([{ op: 'save', url: HOOK.url, holdInQuietHours: true }]);
    fireEvent.change(url(), { target: { value: 'https://example.com/other' } });
    fireEvent.click(await screen.findByRole('button', { name: 'Save webhook' }));
    await waitFor(() => expect(manageWebhook).toHaveBeenCalledTimes(2));
    expect(manageWebhook.mock.calls[1]).toEqual([
      { op: 'save', url: 'https://example.com/other', holdInQuietHours: true },
    ]);
  });

  it('asks before a new secret and shows it; asks before removing, and Cancel changes nothing', async () => {
    manageWebhook.mockResolvedValueOnce({ op: 'rotate', webhook: HOOK, secret: SECRET });
    manageWebhook.mockResolvedValueOnce({ op: 'remove' });
    renderSettings({ webhook: HOOK });
    fireEvent.click(screen.getByRole('button', { name: 'New secret' }));
    expect(screen.getByRole('group', { name: 'Confirm' }).textContent).toContain(CONFIRM.rotate);
    expect(manageWebhook).not.toHaveBeenCalled();
    fireEvent.click(screen.getByRole('button', { name: 'Make a new secret' }));
    expect((await screen.findByText(SECRET)).tagName).toBe('CODE');
    fireEvent.click(screen.getByRole('button', { name: 'Remove' }));
    fireEvent.click(screen.getByRole('button', { name: 'Cancel' }));
    expect(screen.queryByText(CONFIRM.remove)).toBeNull();
    fireEvent.click(screen.getByRole('button', { name: 'Remove' }));
    fireEvent.click(screen.getByRole('button', { name: 'Remove webhook' }));
    expect((await screen.findByText('Webhook removed.')).getAttribute('role')).toBe('status');
    expect(manageWebhook.mock.calls.map(([r]) => r.op)).toEqual(['rotate', 'remove']);
    expect(screen.queryByText(SECRET)).toBeNull();
    expect(url().value).toBe('');
    expect(screen.getByRole<HTMLButtonElement>('button', { name: 'Add webhook' }).disabled).toBe(false);
  });

  it('keeps the new webhook on screen before the profile shows it, and tests only a saved address', async () => {
    manageWebhook.mockResolvedValueOnce({ op: 'save', webhook: HOOK, secret: SECRET });
    renderSettings();
    fireEvent.change(url(), { target: { value: HOOK.url } });
    fireEvent.click(screen.getByRole('button', { name: 'Add webhook' }));
    expect((await screen.findByText(SECRET)).tagName).toBe('CODE');
    expect(url().value).toBe(HOOK.url);
    expect(screen.queryByRole('button', { name: 'Add webhook' })).toBeNull();
    fireEvent.change(url(), { target: { value: 'https://example.com/edited' } });
    expect(screen.getByRole<HTMLButtonElement>('button', { name: 'Send a test' }).disabled).toBe(true);
  });

  it('saves the quiet-hours choice for the saved address, not one half typed', async () => {
    manageWebhook.mockResolvedValue({ op: 'save', webhook: { ...HOOK, holdInQuietHours: true } });
    renderSettings({ webhook: HOOK });
    fireEvent.change(url(), { target: { value: 'not a url' } });
    fireEvent.click(screen.getByLabelText('Hold during quiet hours'));
    await waitFor(() => expect(manageWebhook).toHaveBeenCalledTimes(1));
    expect(manageWebhook.mock.calls[0]).toEqual([{ op: 'save', url: HOOK.url, holdInQuietHours: true }]);
  });
});
