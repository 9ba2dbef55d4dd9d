import { useAtomValue } from 'jotai';
import { useState, type FormEvent } from 'react';
import { Navigate, useLocation, useNavigate } from 'react-router-dom';
import { authErrorCode, signInWithEmail } from '../../lib/auth';
import { currentUserAtom } from './atoms';
import { authMessage } from './authMessages';

function returnPath(state: unknown): string {
  const from = (state as { from?: unknown } | null)?.from;
  return typeof from === 'string' && from.startsWith('/') && from !== '/login' ? from : '/dashboard';
}

export default function LoginPage() {
  const user = useAtomValue(currentUserAtom);
  const location = useLocation();
  const navigate = useNavigate();
  const [email, setEmail] = useState('');
  const [password, setPassword] = useState('');
  const [error, setError] = useState<string | null>(null);
  const [busy, setBusy] = useState(false);
  const target = returnPath(location.state);

  if (user && !busy) return <Navigate to={target} replace />;

  async function onSubmit(event: FormEvent) {
    event.preventDefault();
    setBusy(true);
    setError(null);
    try {
      await signInWithEmail(email, password);
      navigate(target, { replace: true });
    } catch (err) {
      setError(authMessage(authErrorCode(err)));
      setBusy(false);
    }
  }

  return (
    <main className="page auth-page">
      <header className="auth-header">
        <img src="/icons/icon-192.png" alt="" width={64} height={64} />
        <h1>Log in</h1>
        <p>Welcome back. Your alerts are waiting.</p>
      </header>
      <form className="form" onSubmit={onSubmit} noValidate>
        <label className="field">
          <span>Email</span>
          <input
            type="email"
            autoComplete="email"
            inputMode="email"
            required
            value={email}
            onChange={(e) => setEmail(e.target.value)}
          />
        </label>
        <label className="field">
          <span>Password</span>
          <input
            type="password"
            autoComplete="current-password"
            required
            value={password}
            onChange={(e) => setPassword(e.target.value)}
          />
        </label>
        {error && (
          <p className="form-error" role="alert">
            {error}
          </p>
        )}
        <button className="button button-primary" type="submit" disabled={busy || !email || !password}>
          {busy ? 'Logging in…' : 'Log in'}
        </button>
      </form>
    </main>
  );
}
