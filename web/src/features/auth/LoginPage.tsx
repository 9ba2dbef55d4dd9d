import { useState, type FormEvent } from 'react';
import { Link, Navigate, useNavigate } from 'react-router-dom';
import { signInWithEmail } from '../../lib/auth';
import { AuthLayout, EmailField, FormError, TextField } from '../../shared/forms';
import { OrGoogle } from './GoogleButton';
import { useAuthSubmit } from './useAuthSubmit';
import { useReturnPath, useSignedIn } from './useReturnPath';
import './LoginPage.css';

export default function LoginPage() {
  const signedIn = useSignedIn();
  const navigate = useNavigate();
  const target = useReturnPath();
  const [email, setEmail] = useState('');
  const [password, setPassword] = useState('');
  const { error, setError, busy, run } = useAuthSubmit();

  if (signedIn && !busy) return <Navigate to={target} replace />;

  function onSubmit(event: FormEvent) {
    event.preventDefault();
    void run(async () => {
      await signInWithEmail(email, password);
      navigate(target, { replace: true });
    });
  }

  return (
    <AuthLayout title="Log in" subtitle="Welcome back. Your alerts are waiting.">
      <form className="form" onSubmit={onSubmit} noValidate>
        <EmailField value={email} onValue={setEmail} />
        <TextField
          label="Password"
          type="password"
          autoComplete="current-password"
          required
          value={password}
          onValue={setPassword}
        />
        <Link className="link-right" to="/forgot_password">
          Forgot password?
        </Link>
        <FormError message={error} />
        <button className="button button-primary" type="submit" disabled={busy || !email || !password}>
          {busy ? 'Logging in…' : 'Log in'}
        </button>
      </form>
      <OrGoogle onSignedIn={() => navigate(target, { replace: true })} onError={setError} />
      <p className="auth-switch">
        New here? <Link to="/signup">Create an account</Link>
      </p>
    </AuthLayout>
  );
}
