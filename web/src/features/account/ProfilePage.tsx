import { AVATAR_IDS } from '@price-alerts/domain/common';
import { FULL_NAME_MAX_LENGTH } from '@price-alerts/domain/store';
import { profileErrors } from '@price-alerts/domain/account';
import { useAtomValue } from 'jotai';
import { useState, type FormEvent } from 'react';
import toast from 'react-hot-toast';
import { repository } from '../../lib/repositories/load';
import { avatarUrl } from '../../shared/Avatar';
import { FormError, TextField } from '../../shared/forms';
import { PageHeader } from '../../shared/PageHeader';
import { useFieldErrors } from '../../shared/useFieldErrors';
import { useSubmit } from '../../shared/useSubmit';
import { avatarIdAtom, currentUserAtom, userProfileNameAtom } from '../../shared/session';
import './ProfilePage.css';

const PROFILE_SUBMIT = { failure: () => 'Could not save your profile. Check your connection and try again.' };

export default function ProfilePage() {
  const user = useAtomValue(currentUserAtom);
  const storedName = useAtomValue(userProfileNameAtom);
  const storedAvatar = useAtomValue(avatarIdAtom);
  const [fullName, setFullName] = useState<string | null>(null);
  const [avatarId, setAvatarId] = useState<number | null>(null);
  const { error, setError, busy, run } = useSubmit(PROFILE_SUBMIT);
  // Until the user types or picks, the form shows what is stored (which may arrive after mount).
  const name = fullName ?? storedName ?? user?.displayName ?? '';
  const chosen = avatarId ?? storedAvatar;
  const fields = useFieldErrors(profileErrors({ fullName: name }), { onEdit: () => setError(null) });

  async function onSubmit(event: FormEvent<HTMLFormElement>) {
    event.preventDefault();
    if (!user || !fields.check(event.currentTarget)) return;
    await run(async () => {
      const [db, profiles] = await repository('profiles');
      await profiles.saveProfile(db, user.uid, {
        fullName: name.trim(),
        ...(chosen ? { avatarId: chosen, avatarUrl: avatarUrl(chosen), hasSetAvatar: true } : {}),
      });
      toast.success('Profile saved.');
    });
  }

  return (
    <main className="page">
      <PageHeader title="Profile" />
      <form className="form" onSubmit={onSubmit} noValidate>
        <TextField
          label="Full name"
          autoComplete="name"
          maxLength={FULL_NAME_MAX_LENGTH}
          required
          value={name}
          onValue={setFullName}
          {...fields.field('fullName')}
        />
        <TextField label="Email" type="email" value={user?.email ?? ''} readOnly onValue={() => {}} />
        <fieldset className="avatar-picker">
          <legend>Avatar</legend>
          {AVATAR_IDS.map((id) => (
            <label key={id} className={chosen === id ? 'avatar-option selected' : 'avatar-option'}>
              <input type="radio" name="avatar" value={id} checked={chosen === id} onChange={() => setAvatarId(id)} />
              <img src={avatarUrl(id)} alt={`Avatar ${id}`} width={64} height={64} />
            </label>
          ))}
        </fieldset>
        <FormError message={error} />
        <button className="button button-primary" type="submit" disabled={busy}>
          {busy ? 'Saving…' : 'Save profile'}
        </button>
      </form>
    </main>
  );
}
