/**
 * The actions a firing's notice carries (domain actions/): per channel a token signed for it, as
 * the email's links to the app's confirm page (/action?t=…), as the push's and Telegram's buttons. None for an
 * expiry notice, or when the sender has no signing key (a test sender without one).
 */
import { actionLabel, actionSubject, actionsFor, type ActionChannel } from '@price-alerts/domain/actions';
import { dateMillis } from '@price-alerts/domain/common';
import type { Delivery, FiredDelivery, NoticeActions } from '@price-alerts/domain/notify';
import * as logs from '../logs';
import { signActionToken } from './signing';

export type ActionSigner = (payload: Parameters<typeof signActionToken>[0]) => string;

/** The signer of the deployed sender: the key from Secret Manager, the clock of the call. */
export const signerFor =
  (key: string, now: () => number = Date.now): ActionSigner =>
  (payload) =>
    signActionToken(payload, key, now());

/**
 * None for an expiry notice, or for the firing that made the runaway guard pause the alert (it is
 * paused already: Snooze and Pause would only be refused). A signer that fails (a key too short)
 * leaves the notice without buttons rather than unsent.
 */
export function noticeActions(d: Delivery, appUrl: string, sign: ActionSigner | undefined): NoticeActions | undefined {
  if (!sign || d.kind === 'expired' || d.runawayPaused) return undefined;
  try {
    return signedActions(d, appUrl, sign);
  } catch (error) {
    logs.actionLinksFailed(d.alertId, error);
    return undefined;
  }
}

function signedActions(d: FiredDelivery, appUrl: string, sign: ActionSigner): NoticeActions {
  // A delivery counts the firings of an every-time alert only.
  const alert = {
    currencyPair: d.currencyPair,
    alertType: d.alertType,
    repeat: d.fireCount !== undefined ? ('every' as const) : ('once' as const),
    triggerPrice: d.triggerPrice,
    movePercent: d.move?.movePercent,
  };
  const what = actionSubject(alert);
  const token = (action: ReturnType<typeof actionsFor>[number], via: ActionChannel) =>
    sign({
      uid: d.userId,
      alertId: d.alertId,
      firedAt: dateMillis(d.triggeredAt),
      action,
      via,
      what,
      label: actionLabel(action, alert),
    });
  const actions = actionsFor(alert);
  const base = appUrl.replace(/\/$/, '');
  return {
    email: actions.map((a) => ({ label: actionLabel(a, alert), href: `${base}/action?t=${token(a, 'email')}` })),
    push: actions.map((a) => ({ action: a, title: actionLabel(a, alert), token: token(a, 'push') })),
    webhook: actions.map((a) => ({
      action: a,
      label: actionLabel(a, alert),
      url: `${base}/action?t=${token(a, 'webhook')}`,
    })),
    telegram: actions.map((a) => ({ action: a, label: actionLabel(a, alert), token: token(a, 'telegram') })),
  };
}
