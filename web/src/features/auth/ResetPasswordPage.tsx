import { newPasswordErrors } from '@price-alerts/domain/account';
import { useEffect, useState, type FormEvent } from 'react';
import { useNavigate, useSearchParams } from 'react-router-dom';
import { authErrorCode, checkResetCode, resetPassword } from '../../lib/auth';
import { AuthLayout, FormError, NewPasswordFields } from '../../shared/forms';
import { Spinner } from '../../shared/Spinner';
import { useFieldErrors } from '../../shared/useFieldErrors';
import { authMessage } from './authMessages';
import { LinkProblem } from './LinkProblem';
import { useAuthSubmit } from './useAuthSubmit';

export default function ResetPasswordPage() {
  const [params] = useSearchParams();
  const oobCode = params.get('oobCode') ?? '';
  const navigate = useNavigate();
  const [email, setEmail] = useState<string | null>(null);
  const [linkError, setLinkError] = useState<string | null>(null);
  const [password, setPassword] = useState('');
  const [confirm, setConfirm] = useState('');
  const { error, setError, busy, run } = useAuthSubmit();
  const fields = useFieldErrors(newPasswordErrors({ password, confirm }), { onEdit: () => setError(null) });

  useEffect(() => {
    let live = true;
    checkResetCode(oobCode).then(
      (address) => live && setEmail(address),
      (err: unknown) => live && setLinkError(authMessage(authErrorCode(err))),
    );
    return () => {
      live = false;
    };
  }, [oobCode]);

  async function onSubmit(event: FormEvent<HTMLFormElement>) {
    event.preventDefault();
    if (!fields.check(event.currentTarget)) return;
    await run(async () => {
      await resetPassword(oobCode, password);
      navigate('/password_changed', { replace: true });
    });
  }

  if (linkError) return <LinkProblem title="Reset link problem" message={linkError} retry="/forgot_password" />;
  if (email === null) return <Spinner label="Checking your link" />;
  return (
    <AuthLayout
      title="Choose a new password"
      subtitle={
        <>
          For <strong>{email}</strong>
        </>
      }
    >
      <form className="form" onSubmit={onSubmit} noValidate>
        <input type="email" value={email} autoComplete="username" readOnly hidden />
        <NewPasswordFields
          password={{ value: password, onValue: setPassword, ...fields.field('password') }}
          confirm={{ value: confirm, onValue: setConfirm, ...fields.field('confirm') }}
        />
        <FormError message={error} />
        <button className="button button-primary" type="submit" disabled={busy}>
          {busy ? 'Saving…' : 'Save new password'}
        </button>
      </form>
    </AuthLayout>
  );
}
