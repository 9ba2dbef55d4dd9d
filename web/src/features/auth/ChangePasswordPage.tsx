import { changePasswordErrors } from '@price-alerts/domain/account';
import { useAtomValue } from 'jotai';
import { useState, type FormEvent } from 'react';
import { useNavigate } from 'react-router-dom';
import { changePassword } from '../../lib/auth';
import { FormError, NewPasswordFields, TextField } from '../../shared/forms';
import { PageHeader } from '../../shared/PageHeader';
import { currentUserAtom } from '../../shared/session';
import { useFieldErrors } from '../../shared/useFieldErrors';
import { useAuthSubmit } from './useAuthSubmit';

export default function ChangePasswordPage() {
  const user = useAtomValue(currentUserAtom);
  const navigate = useNavigate();
  const [current, setCurrent] = useState('');
  const [next, setNext] = useState('');
  const [confirm, setConfirm] = useState('');
  const { error, setError, busy, run } = useAuthSubmit();
  const fields = useFieldErrors(changePasswordErrors({ current, password: next, confirm }), {
    onEdit: () => setError(null),
  });

  if (user && !user.hasPassword) {
    return (
      <main className="page">
        <PageHeader title="Change Password" />
        <p>You sign in with Google, so your password is managed by your Google account.</p>
      </main>
    );
  }

  async function onSubmit(event: FormEvent<HTMLFormElement>) {
    event.preventDefault();
    if (!fields.check(event.currentTarget)) return;
    await run(async () => {
      await changePassword(current, next);
      navigate('/password_changed', { replace: true });
    });
  }

  return (
    <main className="page">
      <PageHeader title="Change Password" />
      <form className="form" onSubmit={onSubmit} noValidate>
        <input type="email" value={user?.email ?? ''} autoComplete="username" readOnly hidden />
        <TextField
          label="Current password"
          type="password"
          autoComplete="current-password"
          required
          value={current}
          onValue={setCurrent}
          {...fields.field('current')}
        />
        <NewPasswordFields
          password={{ value: next, onValue: setNext, ...fields.field('password') }}
          confirm={{ value: confirm, onValue: setConfirm, ...fields.field('confirm') }}
        />
        <FormError message={error} />
        <button className="button button-primary" type="submit" disabled={busy}>
          {busy ? 'Saving…' : 'Change password'}
        </button>
      </form>
    </main>
  );
}
