import { MSG_EDIT_MISSING, TOAST, draftFromAlert, isLive, validateDraft, type Draft } from '@price-alerts/domain';
import { useAtomValue } from 'jotai';
import { useEffect, useState } from 'react';
import toast from 'react-hot-toast';
import { useNavigate, useParams } from 'react-router-dom';
import { getDb } from '../../lib/firebase';
import { getAlert, updateAlert } from '../../lib/repositories/alerts';
import { PageHeader } from '../../shared/PageHeader';
import { Spinner } from '../../shared/Spinner';
import { currentUserAtom } from '../../shared/session';
import { useSubmit } from '../../shared/useSubmit';
import { AlertForm } from './AlertForm';

const EDIT_SUBMIT = {
  failure() {
    toast.error(TOAST.updateFailed);
    return null;
  },
  leavesOnSuccess: true,
};

/** Edit is allowed while an alert is active or paused; the rules enforce the same. */
export default function EditAlertPage() {
  const { alertId } = useParams();
  const user = useAtomValue(currentUserAtom);
  const navigate = useNavigate();
  const [draft, setDraft] = useState<Draft | null | 'missing'>(null);
  const { busy, run } = useSubmit(EDIT_SUBMIT);

  useEffect(() => {
    if (!user || !alertId) return;
    let live = true;
    void getDb()
      .then((db) => getAlert(db, user.uid, alertId))
      .then(
        (alert) => live && setDraft(alert && isLive(alert.status) ? draftFromAlert(alert) : 'missing'),
        () => live && setDraft('missing'),
      );
    return () => {
      live = false;
    };
  }, [user, alertId]);

  if (!user || !alertId || draft === 'missing') {
    return (
      <main className="page">
        <PageHeader title="Edit alert" back="/dashboard" />
        <p className="form-error" role="alert">
          {MSG_EDIT_MISSING}
        </p>
      </main>
    );
  }
  if (!draft) return <Spinner label="Loading the alert" />;

  async function submit(current: Draft) {
    const result = validateDraft(current, true);
    if (!result.ok || !user || !alertId) {
      toast.error(result.ok ? MSG_EDIT_MISSING : result.message);
      return;
    }
    await run(async () => {
      await updateAlert(await getDb(), user.uid, alertId, result.value);
      toast.success(TOAST.updated);
      navigate('/dashboard');
    });
  }

  return (
    <main className="page">
      <PageHeader title="Edit alert" back="/dashboard" />
      <AlertForm
        draft={draft}
        onChange={setDraft}
        onSubmit={() => void submit(draft)}
        submitLabel="Save changes"
        busy={busy}
      />
    </main>
  );
}
