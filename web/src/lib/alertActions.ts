/**
 * The applyAlertAction callable (functions/src/triggers/actions.ts), for the confirm page and the
 * service worker. Plain fetch on the callable protocol ({data} in, {result} out), so the service
 * worker needs no Firebase SDK; the page passes the signed-in user's ID token, so a link of another
 * account's is refused rather than acted on.
 */
import type { ActionPreview, ActionResult } from '@price-alerts/domain/actions';
import type { AppConfig } from './appConfig';

export function callableUrl(config: AppConfig, name: string): string {
  const { projectId } = config.firebase;
  return config.useEmulators
    ? `http://${config.emulatorHost}:5001/${projectId}/us-central1/${name}`
    : `https://us-central1-${projectId}.cloudfunctions.net/${name}`;
}

async function call<T>(config: AppConfig, data: object, idToken: string | undefined, failed: T): Promise<T> {
  try {
    const res = await fetch(callableUrl(config, 'applyAlertAction'), {
      method: 'POST',
      headers: { 'content-type': 'application/json', ...(idToken ? { authorization: `Bearer ${idToken}` } : {}) },
      body: JSON.stringify({ data }),
    });
    const body = (await res.json()) as { result?: T };
    return body.result ?? failed;
  } catch {
    return failed;
  }
}

const FAILED = { outcome: 'refused', reason: 'failed' } as const;

/** Applies the token's action; a network or server failure is a refusal the user may retry. */
export const postAlertAction = (config: AppConfig, token: string, idToken?: string): Promise<ActionResult> =>
  call<ActionResult>(config, { token }, idToken, FAILED);

/** Checks the token and gets the words the confirm page shows, changing nothing. */
export const previewAlertAction = (config: AppConfig, token: string, idToken?: string): Promise<ActionPreview> =>
  call<ActionPreview>(config, { token, preview: true }, idToken, FAILED);
