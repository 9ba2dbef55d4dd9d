/**
 * Acting on a fired alert where the notice reaches the user: the push's buttons and the email's
 * links. An every-time alert offers 'Snooze 1 h' (no firing for an hour, then it carries on by
 * itself) and 'Pause'; a once alert, triggered, offers 'Set again' (a new active alert with the same
 * settings) and 'Set again +0.5%' ('-0.5%' below): its level half a per cent further from the
 * market in the alert's direction, or for a move half a point more. 'Price reaching' has no
 * direction, so it offers 'Set again' alone.
 */
import { formatPrice, pairDecimals, type AlertType, type CurrencyPair } from '../common/constants.ts';

export const ALERT_ACTIONS = ['snooze', 'pause', 'again', 'further'] as const;
export type AlertAction = (typeof ALERT_ACTIONS)[number];

/** How long 'Snooze 1 h' holds an alert back. */
export const SNOOZE_MS = 60 * 60_000;
/** How far 'Set again +0.5%' moves a level (per cent of it) or a move's threshold (points). */
export const FURTHER_PERCENT = 0.5;

/** What the actions need of the alert a notice is about. */
export interface ActionableAlert {
  currencyPair: CurrencyPair;
  alertType: AlertType | string;
  repeat?: 'once' | 'every' | undefined;
  triggerPrice?: number | undefined;
  movePercent?: number | undefined;
}

/** The actions a firing's notice offers, in the order shown. */
export function actionsFor(alert: ActionableAlert): AlertAction[] {
  if (alert.repeat === 'every') return ['snooze', 'pause'];
  return alert.alertType === 'Price reaching' ? ['again'] : ['again', 'further'];
}

/** Which way 'further' moves the level: up for a rise, down for a fall. */
const furtherSign = (alert: ActionableAlert) => (alert.alertType === 'Price dropping below' ? -1 : 1);

export function actionLabel(action: AlertAction, alert: ActionableAlert): string {
  if (action === 'snooze') return 'Snooze 1 h';
  if (action === 'pause') return 'Pause';
  if (action === 'again') return 'Set again';
  return `Set again ${furtherSign(alert) < 0 ? '-' : '+'}${FURTHER_PERCENT}%`;
}

/**
 * The condition 'Set again' stores: the same, or for 'further' the level half a per cent further
 * (to the pair's decimals) or the threshold half a point more (at most 50).
 */
export function againCondition(
  action: Extract<AlertAction, 'again' | 'further'>,
  alert: ActionableAlert,
): { triggerPrice: number } | { movePercent: number } | undefined {
  if (alert.movePercent !== undefined) {
    const movePercent = action === 'further' ? Math.min(50, alert.movePercent + FURTHER_PERCENT) : alert.movePercent;
    return { movePercent: Number(movePercent.toFixed(2)) };
  }
  if (alert.triggerPrice === undefined) return undefined;
  if (action === 'again') return { triggerPrice: alert.triggerPrice };
  const scale = 10 ** pairDecimals(alert.currencyPair);
  const moved = alert.triggerPrice * (1 + (furtherSign(alert) * FURTHER_PERCENT) / 100);
  return { triggerPrice: Math.round(Number((moved * scale).toPrecision(12))) / scale };
}

/** 'EUR/USD Price rising above 1.09500', 'EUR/USD Moving up % 1.5%': the alert as the confirm page names it. */
export function actionSubject(alert: ActionableAlert): string {
  const level =
    alert.movePercent !== undefined
      ? `${alert.movePercent}%`
      : alert.triggerPrice !== undefined
        ? formatPrice(alert.currencyPair, alert.triggerPrice)
        : '';
  return `${alert.currencyPair} ${alert.alertType}${level ? ` ${level}` : ''}`.slice(0, 160);
}
