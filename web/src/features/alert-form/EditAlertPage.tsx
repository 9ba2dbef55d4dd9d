import { type AlertStatus } from '@price-alerts/domain/common';
import {
  UNKNOWN_CONDITION_DETAIL,
  draftFromAlert,
  isLevelAlert,
  isLive,
  isMoveAlert,
  validateDraft,
} from '@price-alerts/domain/alerts';
import { type Draft } from '@price-alerts/domain/store';
import { DASHBOARD_TEXT, MSG_EDIT_MISSING, TOAST } from '@price-alerts/domain/copy';
import { useAtomValue } from 'jotai';
import { useEffect, useState } from 'react';
import toast from 'react-hot-toast';
import { Link, useNavigate, useParams } from 'react-router-dom';
import { repository } from '../../lib/repositories/load';
import { PageHeader } from '../../shared/PageHeader';
import { Spinner } from '../../shared/Spinner';
import { currentUserAtom } from '../../shared/session';
import { useOfflineGuard } from './useOfflineGuard';
import { useSubmit } from '../../shared/useSubmit';
import { AlertForm } from './AlertForm';
import '../../shared/infoNote.css';

const EDIT_SUBMIT = {
  failure() {
    toast.error(TOAST.updateFailed);
    return null;
  },
  leavesOnSuccess: true,
};

type Loaded =
  Draft | null | { missing: true } | { unknown: true } | { ended: Extract<AlertStatus, 'triggered' | 'cancelled'> };

/**
 * Edit is allowed while an alert is active or paused; the rules enforce the same. An alert that has
 * ended says so (a link or an old tab can still lead here); only one that is not there is 'missing'.
 */
export default function EditAlertPage() {
  const { alertId } = useParams();
  const user = useAtomValue(currentUserAtom);
  const navigate = useNavigate();
  const [loaded, setLoaded] = useState<Loaded>(null);
  const offline = useOfflineGuard();
  const { busy, run } = useSubmit(EDIT_SUBMIT);

  useEffect(() => {
    if (!user || !alertId) return;
    let live = true;
    void repository('alerts')
      .then(([db, { getAlert }]) => getAlert(db, user.uid, alertId))
      .then(
        (alert) => {
          if (!live) return;
          if (!alert) setLoaded({ missing: true });
          // A type this version does not know: its fields cannot be shown in the form.
          else if (!(isLevelAlert(alert) || isMoveAlert(alert))) setLoaded({ unknown: true });
          else if (isLive(alert.status)) setLoaded(draftFromAlert(alert));
          else setLoaded({ ended: alert.status });
        },
        () => live && setLoaded({ missing: true }),
      );
    return () => {
      live = false;
    };
  }, [user, alertId]);

  if (loaded && ('ended' in loaded || 'unknown' in loaded)) {
    return (
      <main className="page">
        <PageHeader title="Edit alert" back="/dashboard" />
        <p className="info-note" role="status">
          {'ended' in loaded ? DASHBOARD_TEXT.notEditable(loaded.ended) : UNKNOWN_CONDITION_DETAIL}
        </p>
        <Link className="button button-secondary" to={`/dashboard?alert=${encodeURIComponent(alertId ?? '')}`}>
          Show this alert
        </Link>
      </main>
    );
  }
  if (!user || !alertId || (loaded && 'missing' in loaded)) {
    return (
      <main className="page">
        <PageHeader title="Edit alert" back="/dashboard" />
        <p className="form-error" role="alert">
          {MSG_EDIT_MISSING}
        </p>
      </main>
    );
  }
  if (!loaded) return <Spinner label="Loading the alert" />;
  const draft = loaded;

  async function submit(current: Draft) {
    const result = validateDraft(current, true);
    if (!result.ok || !user || !alertId) {
      toast.error(result.ok ? MSG_EDIT_MISSING : result.message);
      return;
    }
    await run(async () => {
      const [db, alerts] = await repository('alerts');
      await alerts.updateAlert(db, user.uid, alertId, result.value);
      toast.success(TOAST.updated);
      navigate('/dashboard');
    });
  }

  return (
    <main className="page">
      <PageHeader title="Edit alert" back="/dashboard" />
      <AlertForm
        draft={draft}
        onChange={setLoaded}
        onSubmit={offline.guard(() => void submit(draft))}
        submitLabel="Save changes"
        busy={busy}
        note={offline.note}
        alertId={alertId}
      />
    </main>
  );
}
