import { fireEvent, render, screen } from '@testing-library/react';
import { Provider, createStore } from 'jotai';
import { MemoryRouter } from 'react-router-dom';
import { describe, expect, it, vi } from 'vitest';
import type { SessionUser } from '../../lib/auth';

const user: SessionUser = {
  uid: 'u1',
  email: 'ada@example.test',
  displayName: 'Ada',
  emailVerified: false,
  hasPassword: true,
};
// The boundary: the Auth gateway, whose user stays unverified.
vi.mock('../../lib/auth', () => ({
  refreshUser: vi.fn(async () => user),
  resendVerification: vi.fn(async () => {}),
  authErrorCode: () => undefined,
}));
const { default: VerifyEmailPage } = await import('./VerifyEmailPage');
const { currentUserAtom } = await import('../../shared/session');
const { NOT_VERIFIED_YET } = await import('./authMessages');

function renderPage() {
  const store = createStore();
  store.set(currentUserAtom, user);
  render(
    <Provider store={store}>
      <MemoryRouter>
        <VerifyEmailPage />
      </MemoryRouter>
    </Provider>,
  );
}

describe('verify email', () => {
  it('tells an unverified user so in a warning note, not a success or an error', async () => {
    renderPage();
    fireEvent.click(screen.getByRole('button', { name: 'I have verified my email' }));
    const note = await screen.findByText(NOT_VERIFIED_YET);
    expect(note.getAttribute('role')).toBe('status');
    expect(note.className).toBe('form-note form-note-warning');
    expect(screen.queryByRole('alert')).toBeNull();
  });

  it('keeps a sent link a success', async () => {
    renderPage();
    fireEvent.click(screen.getByRole('button', { name: 'Resend email' }));
    const note = await screen.findByText('We sent a new link to ada@example.test.');
    expect(note.className).toBe('form-note');
  });
});
