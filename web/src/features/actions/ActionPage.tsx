import {
  actionResultText,
  readActionPayload,
  type ActionPayload,
  type ActionPreview,
  type ActionResult,
} from '@price-alerts/domain/actions';
import { useAtomValue } from 'jotai';
import { useEffect, useRef, useState, type MouseEvent } from 'react';
import { Link, useSearchParams } from 'react-router-dom';
import { postAlertAction, previewAlertAction } from '../../lib/alertActions';
import { idToken } from '../../lib/auth';
import { config } from '../../lib/config';
import { AuthLayout, FormNote } from '../../shared/forms';
import { Spinner } from '../../shared/Spinner';
import { currentUserAtom } from '../../shared/session';
import { useExclusive } from '../../shared/useSubmit';

/** What each action will do, said before the tap. */
const WILL: Record<ActionPayload['action'], string> = {
  snooze: 'No firing for an hour; then it carries on by itself.',
  pause: 'It stops watching the price until you resume it.',
  again: 'A new active alert with the same settings.',
  further: 'A new active alert, half a per cent further from the market (half a point more for a move).',
};

const NOT_VALID = actionResultText({ outcome: 'refused', reason: 'invalid' });

/** Where to go next: the alert acted on, or the one 'Set again' made. */
const alertLink = (alertId: string, result: ActionResult | null) =>
  `/dashboard?alert=${encodeURIComponent(result && 'newAlertId' in result && result.newAlertId ? result.newAlertId : alertId)}`;

/** The signed-in user's ID token, so another account's link is refused; none when signed out. */
const authToken = (signedIn: boolean) => (signedIn ? idToken().catch(() => undefined) : Promise.resolve(undefined));

/**
 * An email's action link (/action?t=…): it says what will happen and asks for one tap, since mail
 * scanners and previews open every link and a GET must change nothing. It works signed out: the
 * token is the proof. Its words are shown only once the function has checked the token (a preview
 * that changes nothing), so a made-up link cannot put words of its own on this page.
 */
export default function ActionPage() {
  const [params] = useSearchParams();
  const token = params.get('t') ?? '';
  const payload = readActionPayload(token);
  const valid = payload !== undefined;
  const signedIn = useAtomValue(currentUserAtom) !== null;
  const acting = useExclusive();
  const [preview, setPreview] = useState<ActionPreview | null>(null);
  const [result, setResult] = useState<ActionResult | null>(null);
  /** Asking again, after a check that failed or was turned away for now. */
  const [asked, setAsked] = useState(0);
  /**
   * Tapped: what the tap does is the page's answer from then on. A session restored after it (slowly,
   * as some browsers do) would check the link again and find it used: by this very tap.
   */
  const tapped = useRef(false);

  useEffect(() => {
    if (!valid || tapped.current) return;
    let live = true;
    void authToken(signedIn)
      .then((auth) => previewAlertAction(config, token, auth))
      .then((answer) => live && !tapped.current && setPreview(answer));
    return () => {
      live = false;
    };
  }, [token, signedIn, valid, asked]);

  // Refused, or used already: said at once, with no button that could only say so after a tap.
  const told = preview && preview.outcome !== 'preview' ? preview : undefined;
  if (!payload || told) {
    return (
      <AuthLayout title="Alert action" subtitle={told ? actionResultText(told) : NOT_VALID}>
        {told?.outcome === 'refused' && (told.reason === 'failed' || told.reason === 'tooMany') && (
          <button
            type="button"
            className="button button-primary"
            onClick={() => {
              setPreview(null);
              setAsked((n) => n + 1);
            }}
          >
            Try again
          </button>
        )}
        <Link
          className="button button-secondary"
          to={payload ? alertLink(payload.alertId, told?.outcome === 'used' ? told : null) : '/dashboard'}
        >
          {payload ? 'Open the alert' : 'Open Price Alerts'}
        </Link>
      </AuthLayout>
    );
  }
  if (preview?.outcome !== 'preview') return <Spinner label="Checking the link" />;

  const act = (event: MouseEvent) =>
    acting.run(async () => {
      tapped.current = true;
      setResult(await postAlertAction(config, token, await authToken(signedIn)));
    }, event);
  const finished = result !== null && result.outcome !== 'refused';
  return (
    <AuthLayout title={`${preview.label}?`} subtitle={preview.what}>
      <p className="action-will">{WILL[preview.action]}</p>
      {result && (
        <FormNote message={actionResultText(result)} tone={result.outcome === 'refused' ? 'warning' : 'success'} />
      )}
      {!finished && (
        <button type="button" className="button button-primary" disabled={acting.busy} onClick={(e) => void act(e)}>
          {preview.label}
        </button>
      )}
      <Link className="button button-secondary" to={alertLink(payload.alertId, result)}>
        Open the alert
      </Link>
    </AuthLayout>
  );
}
