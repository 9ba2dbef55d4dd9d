import { FULL_NAME_MAX_LENGTH } from '@price-alerts/domain/store';
import { MIN_PASSWORD_LENGTH, signUpErrors } from '@price-alerts/domain/account';
import { useState, type FormEvent } from 'react';
import { Link, Navigate, useNavigate } from 'react-router-dom';
import { signUpWithEmail } from '../../lib/auth';
import { AuthLayout, EmailField, FormError, TextField } from '../../shared/forms';
import { useFieldErrors } from '../../shared/useFieldErrors';
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
  const fields = useFieldErrors(signUpErrors({ fullName, email, password, confirm }), {
    onEdit: () => setError(null),
  });

  if (signedIn && !busy) return <Navigate to="/dashboard" replace />;

  async function onSubmit(event: FormEvent<HTMLFormElement>) {
    event.preventDefault();
    if (!fields.check(event.currentTarget)) return;
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
          {...fields.field('fullName')}
        />
        <EmailField value={email} onValue={setEmail} {...fields.field('email')} />
        <TextField
          label={`Password (at least ${MIN_PASSWORD_LENGTH} characters)`}
          type="password"
          autoComplete="new-password"
          required
          value={password}
          onValue={setPassword}
          {...fields.field('password')}
        />
        <TextField
          label="Confirm password"
          type="password"
          autoComplete="new-password"
          required
          value={confirm}
          onValue={setConfirm}
          {...fields.field('confirm')}
        />
        <FormError message={error} />
        <button className="button button-primary" type="submit" disabled={busy}>
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
