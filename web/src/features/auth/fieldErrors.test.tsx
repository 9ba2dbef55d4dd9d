import { ACCOUNT_MESSAGES as M } from '@price-alerts/domain/account';
import { fireEvent, render, screen, waitFor } from '@testing-library/react';
import { Provider, createStore } from 'jotai';
import { MemoryRouter, Route, Routes } from 'react-router-dom';
import { beforeEach, describe, expect, it, vi } from 'vitest';

// The boundary: the Auth gateway, failing or succeeding as each test says.
const signUpWithEmail = vi.fn<(name: string, email: string, password: string) => Promise<void>>();
const signInWithEmail = vi.fn<(email: string, password: string) => Promise<void>>();
vi.mock('../../lib/auth', () => ({
  signUpWithEmail: (...args: [string, string, string]) => signUpWithEmail(...args),
  signInWithEmail: (...args: [string, string]) => signInWithEmail(...args),
  signInWithGoogle: vi.fn(),
  prepareGoogleSignIn: vi.fn(),
  authErrorCode: (error: unknown) => (error as { code?: string }).code,
}));
const { default: SignupPage } = await import('./SignupPage');
const { default: LoginPage } = await import('./LoginPage');

const authError = (code: string) => Object.assign(new Error(code), { code });

function renderAt(path: '/signup' | '/login') {
  render(
    <Provider store={createStore()}>
      <MemoryRouter initialEntries={[path]}>
        <Routes>
          <Route path="/signup" element={<SignupPage />} />
          <Route path="/login" element={<LoginPage />} />
          <Route path="*" element={<p>Left the form</p>} />
        </Routes>
      </MemoryRouter>
    </Provider>,
  );
}

const input = (label: string) => screen.getByLabelText(label, { exact: true }) as HTMLInputElement;
const type = (label: string, value: string) => fireEvent.input(input(label), { target: { value } });
const submit = (name: string) => fireEvent.click(screen.getByRole('button', { name }));

/** What assistive technology is told about a field: invalid or not, and the message it points at. */
function told(label: string) {
  const field = input(label);
  const id = field.getAttribute('aria-errormessage');
  const described = field.getAttribute('aria-describedby');
  return {
    invalid: field.getAttribute('aria-invalid') === 'true',
    message: id && described === id ? document.getElementById(id)?.textContent : null,
  };
}
const ok = { invalid: false, message: null };
const bad = (message: string) => ({ invalid: true, message });
const PASSWORD = 'Password (at least 8 characters)';

beforeEach(() => {
  signUpWithEmail.mockReset();
  signInWithEmail.mockReset();
});

describe('sign-up', () => {
  it('marks every empty field with its own message and focuses the first', () => {
    renderAt('/signup');
    submit('Sign up');
    expect({
      name: told('Full name'),
      email: told('Email'),
      password: told(PASSWORD),
      confirm: told('Confirm password'),
    }).toEqual({
      name: bad(M.nameRequired),
      email: bad(M.emailRequired),
      password: bad(M.passwordTooShort),
      confirm: bad(M.confirmRequired),
    });
    expect(document.activeElement).toBe(input('Full name'));
    expect(screen.queryByRole('alert')).toBeNull();
    expect(signUpWithEmail).not.toHaveBeenCalled();
  });

  it('blames a bad address on the address, and clears it the moment it is fixed', () => {
    renderAt('/signup');
    type('Full name', 'Ada');
    type('Email', 'ada@');
    type(PASSWORD, 'long-enough-1');
    type('Confirm password', 'long-enough-1');
    submit('Sign up');
    expect([told('Email'), told(PASSWORD), told('Confirm password')]).toEqual([bad(M.emailInvalid), ok, ok]);
    expect(document.activeElement).toBe(input('Email'));
    type('Email', 'ada@example');
    expect(told('Email')).toEqual(bad(M.emailInvalid));
    type('Email', 'ada@example.test');
    expect(told('Email')).toEqual(ok);
    expect(screen.queryByText(M.emailInvalid)).toBeNull();
  });

  it('tells a field off when it is left with something wrong in it, not when it is left empty', () => {
    renderAt('/signup');
    fireEvent.blur(input('Full name'));
    expect(told('Full name')).toEqual(ok);
    type(PASSWORD, 'short');
    fireEvent.blur(input(PASSWORD));
    expect(told(PASSWORD)).toEqual(bad(M.passwordTooShort));
    // The confirmation follows the password it confirms.
    type('Confirm password', 'long-enough-1');
    fireEvent.blur(input('Confirm password'));
    expect(told('Confirm password')).toEqual(bad(M.confirmMismatch));
    type(PASSWORD, 'long-enough-1');
    expect([told(PASSWORD), told('Confirm password')]).toEqual([ok, ok]);
  });

  it('shows the server’s answer once, and drops it when the user edits', async () => {
    signUpWithEmail.mockRejectedValue(authError('auth/email-already-in-use'));
    renderAt('/signup');
    type('Full name', 'Ada');
    type('Email', 'ada@example.test');
    type(PASSWORD, 'long-enough-1');
    type('Confirm password', 'long-enough-1');
    submit('Sign up');
    const inUse = 'An account already uses that email. Log in instead.';
    await waitFor(() => expect(screen.getByRole('alert').textContent).toBe(inUse));
    expect(screen.getAllByText(inUse)).toHaveLength(1);
    expect(signUpWithEmail).toHaveBeenCalledWith('Ada', 'ada@example.test', 'long-enough-1');
    type('Email', 'ada2@example.test');
    expect(screen.queryByText(inUse)).toBeNull();
  });
});

describe('log in', () => {
  it('asks for both fields before calling the server', () => {
    renderAt('/login');
    submit('Log in');
    expect([told('Email'), told('Password')]).toEqual([bad(M.emailRequired), bad(M.passwordRequired)]);
    expect(document.activeElement).toBe(input('Email'));
    expect(signInWithEmail).not.toHaveBeenCalled();
  });

  it.each(['auth/user-not-found', 'auth/wrong-password', 'auth/invalid-credential', 'auth/invalid-login-credentials'])(
    'answers %s with the one neutral sentence',
    async (code) => {
      signInWithEmail.mockRejectedValue(authError(code));
      renderAt('/login');
      type('Email', 'someone@example.test');
      type('Password', 'some-pass-1');
      submit('Log in');
      await waitFor(() => expect(screen.getByRole('alert').textContent).toBe(M.loginIncorrect));
    },
  );

  it('keeps its own sentence for other failures', async () => {
    signInWithEmail.mockRejectedValue(authError('auth/too-many-requests'));
    renderAt('/login');
    type('Email', 'someone@example.test');
    type('Password', 'some-pass-1');
    submit('Log in');
    await waitFor(() =>
      expect(screen.getByRole('alert').textContent).toBe(
        'Too many attempts. Wait a few minutes, or reset your password.',
      ),
    );
  });
});
