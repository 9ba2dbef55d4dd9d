import { FULL_NAME_MAX_LENGTH } from '@price-alerts/domain';
import { useState, type FormEvent } from 'react';
import { Link, Navigate, useNavigate } from 'react-router-dom';
import { signUpWithEmail } from '../../lib/auth';
import { AuthLayout, EmailField, FormError, TextField } from '../../shared/forms';
import { MIN_PASSWORD_LENGTH, passwordProblem } from './authMessages';
import { OrGoogle } from './GoogleButton';
import { useAuthSubmit } from './useAuthSubmit';
import { useSignedIn } from './useReturnPath';

export default function SignupPage() {
  const signedIn = useSignedIn();
  const navigate = useNavigate();
  const [fullName, setFullName] = useState('');
  const [email, setEmail] = useState('');
  const [password, setPassword] = useState('');
  const [confirm, setConfirm] = useState('');
  const { error, setError, busy, run } = useAuthSubmit();

  if (signedIn && !busy) return <Navigate to="/dashboard" replace />;

  async function onSubmit(event: FormEvent) {
    event.preventDefault();
    if (!fullName.trim()) return setError('Enter your full name.');
    const problem = passwordProblem(password, confirm);
    if (problem) return setError(problem);
    await run(async () => {
      await signUpWithEmail(fullName, email, password);
      navigate('/verify_email', { replace: true });
    });
  }

  return (
    <AuthLayout title="Create your account" subtitle="Alerts on FX, gold and crypto, the moment they hit.">
      <form className="form" onSubmit={onSubmit} noValidate>
        <TextField
          label="Full name"
          autoComplete="name"
          maxLength={FULL_NAME_MAX_LENGTH}
          required
          value={fullName}
          onValue={setFullName}
        />
        <EmailField value={email} onValue={setEmail} />
        <TextField
          label={`Password (at least ${MIN_PASSWORD_LENGTH} characters)`}
          type="password"
          autoComplete="new-password"
          required
          value={password}
          onValue={setPassword}
        />
        <TextField
          label="Confirm password"
          type="password"
          autoComplete="new-password"
          required
          value={confirm}
          onValue={setConfirm}
        />
        <FormError message={error} />
        <button className="button button-primary" type="submit" disabled={busy || !email || !password}>
          {busy ? 'Creating your account…' : 'Sign up'}
        </button>
      </form>
      <OrGoogle onSignedIn={() => navigate('/dashboard', { replace: true })} onError={setError} />
      <p className="auth-switch">
        Already have an account? <Link to="/login">Log in</Link>
      </p>
    </AuthLayout>
  );
}
