/**
 * The applyAlertAction callable (functions/src/triggers/actions.ts), for the confirm page and the
 * service worker. Plain fetch on the callable protocol ({data} in, {result} out), so the service
 * worker needs no Firebase SDK; the page passes the signed-in user's ID token, so a link of another
 * account's is refused rather than acted on.
 */
import type { ActionResult } from '@price-alerts/domain/actions';
import type { AppConfig } from './appConfig';

export function callableUrl(config: AppConfig, name: string): string {
  const { projectId } = config.firebase;
  return config.useEmulators
    ? `http://${config.emulatorHost}:5001/${projectId}/us-central1/${name}`
    : `https://us-central1-${projectId}.cloudfunctions.net/${name}`;
}

/** Applies the token's action; a network or server failure is a refusal the user may retry. */
export async function postAlertAction(config: AppConfig, token: string, idToken?: string): Promise<ActionResult> {
  try {
    const res = await fetch(callableUrl(config, 'applyAlertAction'), {
      method: 'POST',
      headers: { 'content-type': 'application/json', ...(idToken ? { authorization: `Bearer ${idToken}` } : {}) },
      body: JSON.stringify({ data: { token } }),
    });
    const body = (await res.json()) as { result?: ActionResult };
    return body.result ?? { outcome: 'refused', reason: 'failed' };
  } catch {
    return { outcome: 'refused', reason: 'failed' };
  }
}
