import {
  actionResultText,
  readActionPayload,
  type ActionPayload,
  type ActionResult,
} from '@price-alerts/domain/actions';
import { useAtomValue } from 'jotai';
import { useState, type MouseEvent } from 'react';
import { Link, useSearchParams } from 'react-router-dom';
import { postAlertAction } from '../../lib/alertActions';
import { idToken } from '../../lib/auth';
import { config } from '../../lib/config';
import { AuthLayout, FormNote } from '../../shared/forms';
import { currentUserAtom } from '../../shared/session';
import { useExclusive } from '../../shared/useSubmit';

/** What each action will do, said before the tap. */
const WILL: Record<ActionPayload['action'], string> = {
  snooze: 'No firing for an hour; then it carries on by itself.',
  pause: 'It stops watching the price until you resume it.',
  again: 'A new active alert with the same settings.',
  further: 'A new active alert, its level half a per cent further from the market.',
};

/** Where to go next: the alert acted on, or the one 'Set again' made. */
const alertLink = (p: ActionPayload, result: ActionResult | null) =>
  `/dashboard?alert=${encodeURIComponent(result && 'newAlertId' in result && result.newAlertId ? result.newAlertId : p.alertId)}`;

/**
 * An email's action link (/action?t=…): it says what will happen and asks for one tap, since mail
 * scanners and previews open every link and a GET must change nothing. It works signed out: the
 * token is the proof. Signed in, the user's ID token goes with it, so a link of another account's
 * is refused rather than acted on.
 */
export default function ActionPage() {
  const [params] = useSearchParams();
  const token = params.get('t') ?? '';
  const payload = readActionPayload(token);
  const signedIn = useAtomValue(currentUserAtom) !== null;
  const acting = useExclusive();
  const [result, setResult] = useState<ActionResult | null>(null);

  if (!payload) {
    return (
      <AuthLayout title="Alert action" subtitle={actionResultText({ outcome: 'refused', reason: 'invalid' })}>
        <Link className="button button-secondary" to="/dashboard">
          Open Price Alerts
        </Link>
      </AuthLayout>
    );
  }

  const act = (event: MouseEvent) =>
    acting.run(async () => {
      const auth = signedIn ? await idToken().catch(() => undefined) : undefined;
      setResult(await postAlertAction(config, token, auth));
    }, event);

  const finished = result !== null && result.outcome !== 'refused';
  return (
    <AuthLayout title={`${payload.label}?`} subtitle={payload.what}>
      <p className="action-will">{WILL[payload.action]}</p>
      {result && (
        <FormNote message={actionResultText(result)} tone={result.outcome === 'refused' ? 'warning' : 'success'} />
      )}
      {!finished && (
        <button type="button" className="button button-primary" disabled={acting.busy} onClick={(e) => void act(e)}>
          {payload.label}
        </button>
      )}
      <Link className="button button-secondary" to={alertLink(payload, result)}>
        Open the alert
      </Link>
    </AuthLayout>
  );
}
