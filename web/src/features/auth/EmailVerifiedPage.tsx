import { useSetAtom } from 'jotai';
import { useEffect, useState } from 'react';
import { Link, Navigate, useSearchParams } from 'react-router-dom';
import { authErrorCode, verifyEmail } from '../../lib/auth';
import { AuthLayout } from '../../shared/forms';
import { Spinner } from '../../shared/Spinner';
import { currentUserAtom } from '../../shared/session';
import { authMessage } from './authMessages';
import { LinkProblem } from './LinkProblem';

type State = { kind: 'verifying' } | { kind: 'done'; signedIn: boolean } | { kind: 'failed'; message: string };

/**
 * The app's email action handler (set as the custom action URL in the Firebase console): it
 * applies a verification code, and forwards a password-reset link to /reset_password.
 */
export default function EmailVerifiedPage() {
  const [params] = useSearchParams();
  const setUser = useSetAtom(currentUserAtom);
  const mode = params.get('mode');
  const oobCode = params.get('oobCode');
  const [state, setState] = useState<State>({ kind: 'verifying' });

  useEffect(() => {
    if (mode === 'resetPassword' || !oobCode) return;
    let live = true;
    verifyEmail(oobCode).then(
      (user) => {
        if (!live) return;
        if (user) setUser(user);
        setState({ kind: 'done', signedIn: user !== null });
      },
      (error: unknown) => live && setState({ kind: 'failed', message: authMessage(authErrorCode(error)) }),
    );
    return () => {
      live = false;
    };
  }, [mode, oobCode, setUser]);

  if (mode === 'resetPassword') return <Navigate to={`/reset_password?${params.toString()}`} replace />;
  const failure = oobCode ? (state.kind === 'failed' ? state.message : null) : authMessage('auth/invalid-action-code');
  if (failure) return <LinkProblem title="Could not verify" message={failure} retry="/verify_email" />;
  if (state.kind !== 'done') return <Spinner label="Verifying your email" />;
  return (
    <AuthLayout title="Email verified" subtitle="Thanks. Your email alerts will go to this address.">
      <Link className="button button-primary" to={state.signedIn ? '/dashboard' : '/login'}>
        {state.signedIn ? 'Continue' : 'Log in'}
      </Link>
    </AuthLayout>
  );
}
