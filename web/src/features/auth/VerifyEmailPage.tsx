import { useAtom } from 'jotai';
import { useState } from 'react';
import { Link, Navigate, useNavigate } from 'react-router-dom';
import { refreshUser, resendVerification } from '../../lib/auth';
import { AuthLayout, FormError, FormNote } from '../../shared/forms';
import { currentUserAtom } from '../../shared/session';
import { useSubmit } from '../../shared/useSubmit';
import { NOT_VERIFIED_YET } from './authMessages';
import { authFailure } from './useAuthSubmit';

const VERIFY_SUBMIT = { failure: authFailure };
/** 'Not verified yet' is no failure and no success: it shows as a warning-toned note. */
interface Note {
  text: string;
  tone: 'success' | 'warning';
}

/**
 * After sign-up. An unverified user may still use the app; only email alerts wait for the
 * verified address (see docs/accounts.md).
 */
export default function VerifyEmailPage() {
  const [user, setUser] = useAtom(currentUserAtom);
  const navigate = useNavigate();
  const [note, setNote] = useState<Note | null>(null);
  const submit = useSubmit(VERIFY_SUBMIT);
  const { error, busy } = submit;

  if (!user) return <Navigate to="/login" replace />;

  function run(action: () => Promise<void>) {
    setNote(null);
    return submit.run(action);
  }

  const resend = () =>
    run(async () => {
      await resendVerification();
      setNote({ text: `We sent a new link to ${user.email}.`, tone: 'success' });
    });

  const check = () =>
    run(async () => {
      const fresh = await refreshUser();
      if (fresh) setUser(fresh);
      if (fresh?.emailVerified) navigate('/dashboard', { replace: true });
      else setNote({ text: NOT_VERIFIED_YET, tone: 'warning' });
    });

  return (
    <AuthLayout
      title="Verify your email"
      subtitle={
        <>
          We sent a link to <strong>{user.email}</strong>. Open it to confirm the address your email alerts go to.
        </>
      }
    >
      <FormNote message={note?.text ?? null} tone={note?.tone} />
      <FormError message={error} />
      <div className="form">
        <button className="button button-primary" type="button" onClick={check} disabled={busy}>
          I have verified my email
        </button>
        <button className="button button-secondary" type="button" onClick={resend} disabled={busy}>
          Resend email
        </button>
        <Link className="button button-ghost" to="/dashboard">
          Continue to the app
        </Link>
      </div>
    </AuthLayout>
  );
}
