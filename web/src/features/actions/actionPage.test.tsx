// The email's action page (/action?t=…): it shows the link's words only once the function has
// checked the token, says what a tap will do and changes nothing until the tap; one tap acts once,
// and the result, or why nothing was done, is said on the page. Signed in, the user's ID token goes along.
import {
  encodeActionPayload,
  type ActionPayload,
  type ActionPreview,
  type ActionResult,
} from '@price-alerts/domain/actions';
import { act, fireEvent, render, screen } from '@testing-library/react';
import { Provider, createStore } from 'jotai';
import { MemoryRouter, Route, Routes } from 'react-router-dom';
import { beforeEach, describe, expect, it, vi } from 'vitest';

// The boundary: the callable, reached over HTTP.
const postAlertAction = vi.fn<(config: unknown, token: string, idToken?: string) => Promise<ActionResult>>();
const previewAlertAction = vi.fn<(config: unknown, token: string, idToken?: string) => Promise<ActionPreview>>();
vi.mock('../../lib/alertActions', () => ({ postAlertAction, previewAlertAction }));
vi.mock('../../lib/auth', () => ({ idToken: vi.fn(async () => 'id-token') }));
const { default: ActionPage } = await import('./ActionPage');
const { currentUserAtom } = await import('../../shared/session');

const payload: ActionPayload = {
  v: 1,
  uid: 'u1',
  alertId: 'a1',
  firedAt: 1,
  action: 'snooze',
  via: 'email',
  exp: 2e12,
  what: 'EUR/USD Price rising above 1.09500',
  label: 'Snooze 1 h',
};
const TOKEN = `${encodeActionPayload(payload)}.sig`;
const PREVIEW: ActionPreview = { outcome: 'preview', action: 'snooze', what: payload.what, label: payload.label };

async function renderPage(token: string, signedIn = false) {
  const store = createStore();
  if (signedIn) store.set(currentUserAtom, { uid: 'u1', email: 'ada@example.test' } as never);
  await act(async () => {
    render(
      <Provider store={store}>
        <MemoryRouter initialEntries={[`/action?t=${encodeURIComponent(token)}`]}>
          <Routes>
            <Route path="/action" element={<ActionPage />} />
          </Routes>
        </MemoryRouter>
      </Provider>,
    );
  });
  return store;
}

beforeEach(() => {
  postAlertAction.mockReset();
  previewAlertAction.mockReset();
  previewAlertAction.mockResolvedValue(PREVIEW);
});

describe('the action page', () => {
  it('says what will happen, in the words the function checked, and does nothing until the tap', async () => {
    await renderPage(TOKEN);
    expect(previewAlertAction).toHaveBeenCalledWith(expect.anything(), TOKEN, undefined);
    expect(screen.getByRole('heading', { name: 'Snooze 1 h?' })).toBeDefined();
    expect(screen.getByText('EUR/USD Price rising above 1.09500')).toBeDefined();
    expect(screen.getByText('No firing for an hour; then it carries on by itself.')).toBeDefined();
    expect(postAlertAction).not.toHaveBeenCalled();
  });

  it('shows none of a made-up link’s words: the function refused the token', async () => {
    previewAlertAction.mockResolvedValue({ outcome: 'refused', reason: 'invalid' });
    await renderPage(`${encodeActionPayload({ ...payload, what: 'Your account is locked: call +1 555' })}.forged`);
    expect(screen.queryByText(/account is locked/)).toBeNull();
    expect(screen.getByText('This link is not valid. Open the alert in the app instead.')).toBeDefined();
    expect(screen.queryByRole('button')).toBeNull();
  });

  it.each([
    ['used already', { outcome: 'used', action: 'again', newAlertId: 'a2' }, 'This was already done: Set again.', 'a2'],
    [
      'expired',
      { outcome: 'refused', reason: 'expired' },
      'This link has expired. Open the alert in the app instead.',
      'a1',
    ],
    [
      'another account’s',
      { outcome: 'refused', reason: 'otherAccount' },
      'This link is for another account. Sign out, or open the alert in the app.',
      'a1',
    ],
  ] as const)('says a link %s is so on first view, before any button', async (_name, answer, said, opens) => {
    previewAlertAction.mockResolvedValue(answer);
    await renderPage(TOKEN);
    expect(screen.getByText(said)).toBeDefined();
    expect(screen.queryByRole('button')).toBeNull();
    expect(screen.getByRole('link', { name: 'Open the alert' }).getAttribute('href')).toBe(`/dashboard?alert=${opens}`);
    expect(postAlertAction).not.toHaveBeenCalled();
  });

  it('offers to check again when the check failed or was turned away for now, and then shows the action', async () => {
    previewAlertAction.mockResolvedValueOnce({ outcome: 'refused', reason: 'tooMany' });
    await renderPage(TOKEN);
    expect(screen.getByText('Too many taps on alert links at once. Please wait a minute and try again.')).toBeDefined();
    await act(async () => fireEvent.click(screen.getByRole('button', { name: 'Try again' })));
    expect(screen.getByRole('heading', { name: 'Snooze 1 h?' })).toBeDefined();
    expect(previewAlertAction).toHaveBeenCalledTimes(2);
    expect(postAlertAction).not.toHaveBeenCalled();
  });

  it('acts once however it is tapped, then says what it did and offers the alert', async () => {
    let answer: (r: ActionResult) => void = () => {};
    postAlertAction.mockImplementation(() => new Promise((resolve) => (answer = resolve)));
    await renderPage(TOKEN);
    const button = screen.getByRole('button', { name: 'Snooze 1 h' });
    await act(async () => {
      fireEvent.click(button);
      fireEvent.click(button, { detail: 2 });
      fireEvent.click(button);
    });
    await act(async () =>
      answer({ outcome: 'done', action: 'snooze', until: new Date(2026, 10, 25, 15, 40).getTime() }),
    );
    expect(postAlertAction).toHaveBeenCalledTimes(1);
    expect(postAlertAction.mock.calls[0]?.[1]).toBe(TOKEN);
    expect(screen.getByRole('status').textContent).toBe('Snoozed until 15:40.');
    expect(screen.queryByRole('button', { name: 'Snooze 1 h' })).toBeNull();
    expect(screen.getByRole('link', { name: 'Open the alert' }).getAttribute('href')).toBe('/dashboard?alert=a1');
  });

  it('keeps what the tap did when the session arrives after it, as a slow sign-in restore does', async () => {
    const until = new Date(2026, 10, 25, 15, 40).getTime();
    postAlertAction.mockResolvedValue({ outcome: 'done', action: 'snooze', until });
    const store = await renderPage(TOKEN);
    await act(async () => fireEvent.click(screen.getByRole('button', { name: 'Snooze 1 h' })));
    // Asked again now, the function would say the link was used: by this very tap.
    previewAlertAction.mockResolvedValue({ outcome: 'used', action: 'snooze', until });
    await act(async () => store.set(currentUserAtom, { uid: 'u1', email: 'ada@example.test' } as never));
    expect(screen.getByRole('status').textContent).toBe('Snoozed until 15:40.');
    expect(screen.queryByText(/already done/)).toBeNull();
    expect(previewAlertAction).toHaveBeenCalledTimes(1);
  });

  it('sends the signed-in user’s ID token, so another account’s link is refused, and says so', async () => {
    previewAlertAction.mockResolvedValue({ outcome: 'refused', reason: 'otherAccount' });
    await renderPage(TOKEN, true);
    expect(previewAlertAction).toHaveBeenCalledWith(expect.anything(), TOKEN, 'id-token');
    expect(screen.getByText('This link is for another account. Sign out, or open the alert in the app.')).toBeDefined();
    expect(screen.queryByRole('button')).toBeNull();
  });

  it('says why nothing was done, and lets the user try again', async () => {
    postAlertAction.mockResolvedValue({ outcome: 'refused', reason: 'alreadyPaused' });
    await renderPage(TOKEN);
    await act(async () => fireEvent.click(screen.getByRole('button', { name: 'Snooze 1 h' })));
    expect(screen.getByRole('status').textContent).toBe('This alert is already paused.');
    expect(screen.getByRole('button', { name: 'Snooze 1 h' })).toBeDefined();
  });

  it('opens the alert Set again made', async () => {
    previewAlertAction.mockResolvedValue({ ...PREVIEW, action: 'again', label: 'Set again' });
    postAlertAction.mockResolvedValue({ outcome: 'done', action: 'again', newAlertId: 'n1' });
    await renderPage(`${encodeActionPayload({ ...payload, action: 'again', label: 'Set again' })}.sig`);
    await act(async () => fireEvent.click(screen.getByRole('button', { name: 'Set again' })));
    expect(screen.getByRole('link', { name: 'Open the alert' }).getAttribute('href')).toBe('/dashboard?alert=n1');
  });

  it.each([['garbage'], [''], [`${encodeActionPayload({ ...payload, action: 'delete' as never })}.sig`]])(
    'says a link %j is not valid without asking the function, and offers no button',
    async (token) => {
      await renderPage(token);
      expect(screen.getByText('This link is not valid. Open the alert in the app instead.')).toBeDefined();
      expect(screen.queryByRole('button')).toBeNull();
      expect(previewAlertAction).not.toHaveBeenCalled();
    },
  );
});
