import { logInErrors } from '@price-alerts/domain/account';
import { useState, type FormEvent } from 'react';
import { Link, Navigate, useNavigate } from 'react-router-dom';
import { signInWithEmail } from '../../lib/auth';
import { AuthLayout, EmailField, FormError, TextField } from '../../shared/forms';
import { useFieldErrors } from '../../shared/useFieldErrors';
import { useSubmit } from '../../shared/useSubmit';
import { OrGoogle } from './GoogleButton';
import { logInFailure } from './useAuthSubmit';
import { useReturnPath, useSignedIn } from './useReturnPath';
import './LoginPage.css';

const LOGIN_SUBMIT = { failure: logInFailure, leavesOnSuccess: true };

export default function LoginPage() {
  const signedIn = useSignedIn();
  const navigate = useNavigate();
  const target = useReturnPath();
  const [email, setEmail] = useState('');
  const [password, setPassword] = useState('');
  const { error, setError, busy, run } = useSubmit(LOGIN_SUBMIT);
  const fields = useFieldErrors(logInErrors({ email, password }), { onEdit: () => setError(null) });

  if (signedIn && !busy) return <Navigate to={target} replace />;

  function onSubmit(event: FormEvent<HTMLFormElement>) {
    event.preventDefault();
    if (!fields.check(event.currentTarget)) return;
    void run(async () => {
      await signInWithEmail(email, password);
      navigate(target, { replace: true });
    });
  }

  return (
    <AuthLayout title="Log in" subtitle="Welcome back. Your alerts are waiting.">
      <form className="form" onSubmit={onSubmit} noValidate>
        <EmailField value={email} onValue={setEmail} {...fields.field('email')} />
        <TextField
          label="Password"
          type="password"
          autoComplete="current-password"
          required
          value={password}
          onValue={setPassword}
          {...fields.field('password')}
        />
        <Link className="link-right" to="/forgot_password">
          Forgot password?
        </Link>
        <FormError message={error} />
        <button className="button button-primary" type="submit" disabled={busy}>
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
