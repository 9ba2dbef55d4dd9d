import {
  ACTION_REFUSALS,
  actionRequestSchema,
  type ActionPreview,
  type ActionResult,
} from '@price-alerts/domain/actions';
import { onCall } from 'firebase-functions/v2/https';
import { applyAction, usedResult } from '../actions/applyAction';
import { verifyActionToken } from '../actions/signing';
import { db } from '../lib/firebase';
import { ACTION_SIGNING_KEY } from '../lib/params';
import * as logs from '../logs';
import { WindowLimit } from '../lib/windowLimit';
import { callerAddress } from '../lib/callerAddress';

/**
 * Per account and minute, in each instance: a person taps a few links, and a mail scanner opens each
 * link once or twice; a loop or a flood is told to wait. Keyed by the signed token's account, which no
 * caller can forge. A token that does not verify reads nothing, and costs only its signature check.
 */
const PER_ACCOUNT = new WindowLimit(30, 60_000);
/**
 * Per calling address and minute, in each instance, for tokens that do not verify: one address trying
 * forged, cut or expired tokens is told to wait, and its calls cost no log line. A valid token is never
 * refused by address: if the address were wrong (a proxy's, shared by every caller), a flood of forged
 * tokens could otherwise lock everyone out of their links.
 */
const PER_ADDRESS = new WindowLimit(120, 60_000);

/**
 * An action from a push or an email (actions/): the token is the proof, so it works signed out and
 * from the service worker. A caller signed in as someone else is refused: the link is not theirs.
 * With `preview`, it only checks the token (and whether it was used: one read) and answers the words
 * the confirm page shows, or what the link did already. It answers
 * a result, so the page and the service worker can say what happened; each refusal is logged once,
 * and nothing changes.
 */
export const applyAlertAction = onCall({ secrets: [ACTION_SIGNING_KEY], maxInstances: 10 }, async (request) => {
  // Only `preview: true` previews: any other shape (a preview of 'yes' or 1) is refused, never acted on.
  const parsed = actionRequestSchema.safeParse(request.data);
  const data = parsed.success ? parsed.data : undefined;
  const token = data?.token;
  const now = Date.now();
  const check = verifyActionToken(token, ACTION_SIGNING_KEY.value(), now);
  let result: ActionResult;
  if (!check.ok && !PER_ADDRESS.take(callerAddress(request.rawRequest), now))
    return { outcome: 'refused', reason: 'tooMany' } satisfies ActionResult;
  if (!check.ok) result = { outcome: 'refused', reason: check.reason };
  else if (request.auth && request.auth.uid !== check.payload.uid)
    result = { outcome: 'refused', reason: 'otherAccount' };
  // Counted once the caller may act for the account, so another account's calls never use up its allowance.
  else if (!PER_ACCOUNT.take(check.payload.uid, now)) result = { outcome: 'refused', reason: 'tooMany' };
  else if (data?.preview === true) {
    // The confirm page's words, shown only once the token is known to be ours; nothing is changed.
    const used = await usedResult(db, token as string).catch(() => undefined);
    if (used) return used satisfies ActionPreview;
    const { action, what, label } = check.payload;
    return { outcome: 'preview', action, what, label } satisfies ActionPreview;
  } else {
    try {
      result = await applyAction(db, check.payload, token as string, now);
    } catch (error) {
      logs.alertActionFailed(check.payload.alertId, check.payload.action, error);
      return { outcome: 'refused', reason: 'failed' } satisfies ActionResult;
    }
  }
  if (result.outcome === 'refused') {
    logs.alertActionRefused(result.reason, check.ok ? check.payload : undefined, ACTION_REFUSALS[result.reason]);
  } else logs.alertActionApplied(check.ok ? check.payload.alertId : '', result);
  return result;
});
