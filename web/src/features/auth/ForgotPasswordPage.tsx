import { forgotPasswordErrors } from '@price-alerts/domain/account';
import { useState, type FormEvent } from 'react';
import { Link, useNavigate } from 'react-router-dom';
import { authErrorCode, sendReset } from '../../lib/auth';
import { AuthLayout, EmailField, FormError } from '../../shared/forms';
import { useFieldErrors } from '../../shared/useFieldErrors';
import { useAuthSubmit } from './useAuthSubmit';

export default function ForgotPasswordPage() {
  const navigate = useNavigate();
  const [email, setEmail] = useState('');
  const { error, setError, busy, run } = useAuthSubmit();
  const fields = useFieldErrors(forgotPasswordErrors({ email }), { onEdit: () => setError(null) });

  function onSubmit(event: FormEvent<HTMLFormElement>) {
    event.preventDefault();
    if (!fields.check(event.currentTarget)) return;
    void run(async () => {
      try {
        await sendReset(email);
      } catch (err) {
        // Saying "no such account" would tell a stranger who has one; only real failures show.
        if (authErrorCode(err) !== 'auth/user-not-found') throw err;
      }
      navigate('/reset_email_sent', { state: { email: email.trim() } });
    });
  }

  return (
    <AuthLayout
      title="Forgot your password?"
      subtitle="Enter your email and we will send you a link to choose a new one."
    >
      <form className="form" onSubmit={onSubmit} noValidate>
        <EmailField value={email} onValue={setEmail} {...fields.field('email')} />
        <FormError message={error} />
        <button className="button button-primary" type="submit" disabled={busy}>
          {busy ? 'Sending…' : 'Send reset link'}
        </button>
      </form>
      <p className="auth-switch">
        Remembered it? <Link to="/login">Log in</Link>
      </p>
    </AuthLayout>
  );
}
