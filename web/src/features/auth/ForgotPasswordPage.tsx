import { useState, type FormEvent } from 'react';
import { Link, useNavigate } from 'react-router-dom';
import { authErrorCode, sendReset } from '../../lib/auth';
import { AuthLayout, EmailField, FormError } from '../../shared/forms';
import { useAuthSubmit } from './useAuthSubmit';

export default function ForgotPasswordPage() {
  const navigate = useNavigate();
  const [email, setEmail] = useState('');
  const { error, busy, run } = useAuthSubmit();

  function onSubmit(event: FormEvent) {
    event.preventDefault();
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
        <EmailField value={email} onValue={setEmail} />
        <FormError message={error} />
        <button className="button button-primary" type="submit" disabled={busy || !email}>
          {busy ? 'Sending…' : 'Send reset link'}
        </button>
      </form>
      <p className="auth-switch">
        Remembered it? <Link to="/login">Log in</Link>
      </p>
    </AuthLayout>
  );
}
