import { AlertLimitError, emptyDraft, validateDraft } from '@price-alerts/domain/alerts';
import { MSG_ALERT_LIMIT, MSG_LOGIN_REQUIRED, TOAST } from '@price-alerts/domain/copy';
import { useAtom, useAtomValue } from 'jotai';
import { useEffect, useRef } from 'react';
import toast from 'react-hot-toast';
import { useNavigate } from 'react-router-dom';
import { repository } from '../../lib/repositories/load';
import { currentUserAtom, SESSION_CHECK_LABEL } from '../../shared/session';
import { Spinner } from '../../shared/Spinner';
import { useOfflineGuard } from './useOfflineGuard';
import { useSubmit } from '../../shared/useSubmit';
import { AlertForm } from './AlertForm';
import { draftAtom, keepDraftOnLeave } from '../../shared/draft';

// The draft stays as typed on failure: the user may delete alerts and come back to it.
const CREATE_SUBMIT = {
  failure(error: unknown) {
    toast.error(error instanceof AlertLimitError ? MSG_ALERT_LIMIT : TOAST.createFailed);
    return null;
  },
  leavesOnSuccess: true,
};

const TITLE = 'Customize your alert';

/** While the session is being checked (RequireAuth): the screen's title over the spec's spinner. */
export function Pending() {
  return (
    <main className="page">
      <h1>{TITLE}</h1>
      <Spinner label={SESSION_CHECK_LABEL} />
    </main>
  );
}

export default function CreateAlertPage() {
  const [draft, setDraft] = useAtom(draftAtom);
  const user = useAtomValue(currentUserAtom);
  const navigate = useNavigate();
  const offline = useOfflineGuard();
  const { busy, run } = useSubmit(CREATE_SUBMIT);
  // Leaving the screen resets the draft, as the spec's draft rule requires.
  useEffect(() => () => setDraft(emptyDraft()), [setDraft]);
  // Leaving its page for another (a full load), the browser may keep it to come back to: then the
  // draft is kept too, for the fresh load a return sets off (shared/draft.ts).
  const latest = useRef(draft);
  useEffect(() => {
    latest.current = draft;
  }, [draft]);
  useEffect(() => {
    const onHide = (event: PageTransitionEvent) => {
      if (event.persisted) keepDraftOnLeave(latest.current);
    };
    window.addEventListener('pagehide', onHide);
    return () => window.removeEventListener('pagehide', onHide);
  }, []);

  async function submit() {
    const result = validateDraft(draft, user !== null);
    if (!result.ok || !user) {
      toast.error(result.ok ? MSG_LOGIN_REQUIRED : result.message);
      return;
    }
    await run(async () => {
      const [db, alerts] = await repository('alerts');
      await alerts.createAlert(db, user.uid, result.value);
      toast.success(TOAST.created);
      setDraft(emptyDraft());
      navigate('/alert_added_successfully');
    });
  }

  return (
    <main className="page">
      <h1>{TITLE}</h1>
      <AlertForm
        draft={draft}
        onChange={setDraft}
        onSubmit={offline.guard(() => void submit())}
        submitLabel="Create New Alert"
        busy={busy}
        note={offline.note}
      />
    </main>
  );
}
