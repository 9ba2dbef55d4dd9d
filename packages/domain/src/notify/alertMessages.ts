import { formatPrice, type CurrencyPair, type PriceSide } from '../common/constants.ts';
import { conditionWords, firedMoveWords, type ConditionFields } from './noticeCondition.ts';
import { renderEmail, type AlertEmail, type EmailRow } from './emailTemplate.ts';
import { formatZonedDateTime, timesAreIn } from '../common/timeZones.ts';

/** What every notice about an alert names; the sender fills it from the delivery document. */
export interface AlertNotice extends ConditionFields {
  alertId: string;
  currencyPair: CurrencyPair;
  /** The side it is judged on; absent or ask leaves the texts as they were before sides existed. */
  priceSide?: PriceSide;
  /** Every-time alerts: how many times it fired (this firing included); absent for once-alerts. */
  fireCount?: number;
  /** The user's note: their text, escaped in the HTML. */
  note?: string;
}

/** What a fired alert's email and push say. */
export interface FiredAlert extends AlertNotice {
  triggeredPrice: number;
  triggeredAt: Date;
  /** This firing made the runaway guard pause the alert. */
  runawayPaused?: boolean;
  /** It fired on the first prices after the market's weekend close. */
  atOpen?: boolean;
}

/** Said when an alert fired on a gap at the open: the price may lie well past the level. */
export const AT_OPEN_NOTICE = 'It fired at the market open, on the first price after the weekend close.';

/** Said once, with the firing that paused the alert (the details sheet says it too). */
export const RUNAWAY_NOTICE =
  'It fired more than 15 times in 3 minutes and is now paused. Resume it when the market calms.';

/** What the notice of an alert that expired says. */
export interface ExpiredAlert extends AlertNotice {
  expiredAt: Date;
}

/** The app path that opens the dashboard with this alert's details. */
export function alertPath(alertId: string): string {
  return `/dashboard?alert=${encodeURIComponent(alertId)}`;
}

const condition = (a: AlertNotice) => conditionWords(a);
const times = (n: number) => `${n} ${n === 1 ? 'time' : 'times'}`;
const link = (a: AlertNotice, appUrl: string) => `${appUrl.replace(/\/$/, '')}${alertPath(a.alertId)}`;

/** The email's button to the alert in the app. */
export const OPEN_ALERT = 'Open the alert';

const noteRow = (a: AlertNotice): EmailRow[] => (a.note ? [['Note', a.note]] : []);

/** What a firing's email says; times in `timeZone`, the user's (see noticeTimeZone). */
export function alertEmail(a: FiredAlert, appUrl: string, timeZone: string, actions?: NoticeActions): AlertEmail {
  const price = formatPrice(a.currencyPair, a.triggeredPrice);
  const move = firedMoveWords(a, a.triggeredPrice, a.triggeredAt.getTime());
  const rows: EmailRow[] = [
    ['Condition', condition(a)],
    ...(move ? [['Move', move] as EmailRow] : []),
    ['Price that fired it', `${price} (${a.priceSide ?? 'ask'})`],
    ['Time', formatZonedDateTime(a.triggeredAt, timeZone)],
    ...(a.fireCount ? [['Times fired', String(a.fireCount)] as EmailRow] : []),
    ...noteRow(a),
  ];
  const paused = a.runawayPaused ? ` ${RUNAWAY_NOTICE}` : '';
  const open = a.atOpen ? ` ${AT_OPEN_NOTICE}` : '';
  return renderEmail({
    subject: move ?? `${a.currencyPair}: ${condition(a)} (now ${price})`,
    lead: `Your ${a.currencyPair} alert fired${a.atOpen ? ' at the market open' : ''}.${open}${paused}`,
    rows,
    action: { label: OPEN_ALERT, href: link(a, appUrl) },
    ...(actions?.email.length ? { links: actions.email } : {}),
    footer: [timesAreIn(timeZone)],
  });
}

/** An every-time alert may have fired before it expired; saying 'without firing' then would be false. */
const expiredOutcome = (a: ExpiredAlert) => (a.fireCount ? `after firing ${times(a.fireCount)}` : 'without firing');

export function expiredAlertEmail(a: ExpiredAlert, appUrl: string, timeZone: string): AlertEmail {
  return renderEmail({
    subject: `Your ${a.currencyPair} alert expired`,
    // 'Your alert "Price rising above 1.08500" on EUR/USD expired without firing.'
    lead: `Your alert "${condition(a)}" on ${a.currencyPair} expired ${expiredOutcome(a)}.`,
    rows: [['Expired', formatZonedDateTime(a.expiredAt, timeZone)], ...noteRow(a)],
    action: { label: OPEN_ALERT, href: link(a, appUrl) },
    footer: [timesAreIn(timeZone)],
  });
}

/** FCM's web-push shape, as `pushPayloadSchema` reads it in the service worker. */
export interface AlertPush {
  notification: { title: string; body: string };
  data: Record<string, string>;
}

/**
 * What a firing's notice lets the user do from where it reaches them (actions/): the email's
 * buttons open a page of the app that asks first; the push's buttons act at once with their token.
 */
export interface NoticeActions {
  email: readonly { label: string; href: string }[];
  push: readonly { action: string; title: string; token: string }[];
  /** The webhook's links: the email's confirm page, with tokens of its own (their history says 'from the webhook'). */
  webhook?: readonly { action: string; label: string; url: string }[];
  /** Telegram's buttons: tokens of their own ('from Telegram'), kept on the server under a short id. */
  telegram?: readonly { action: string; label: string; token: string }[];
}

// The note first: it is what the user wrote to remember why the level matters.
const pushBody = (a: AlertNotice, line: string) => `${a.note ? `${a.note}\n` : ''}${line}`;
const pushData = (a: AlertNotice) => ({ alertId: a.alertId, url: alertPath(a.alertId) });

export function alertPush(a: FiredAlert, timeZone: string, actions?: NoticeActions): AlertPush {
  const count = a.fireCount ? ` (fired ${times(a.fireCount)})` : '';
  const paused = a.runawayPaused ? `\n${RUNAWAY_NOTICE}` : '';
  const open = a.atOpen ? ' (market open)' : '';
  const when = formatZonedDateTime(a.triggeredAt, timeZone);
  // A move says what it did ('EUR/USD up 1.52% in 15 min (1.08410 to 1.10058)'); a level, the price now.
  const move = firedMoveWords(a, a.triggeredPrice, a.triggeredAt.getTime());
  return {
    notification: {
      title: `${a.currencyPair}: ${condition(a)}`,
      body: pushBody(
        a,
        `${move ? `${move} at ${when}` : `Now ${formatPrice(a.currencyPair, a.triggeredPrice)} at ${when}`}${open}${count}${paused}`,
      ),
    },
    // FCM carries strings only: the buttons as JSON, read back by toNotification (push.ts).
    data: { ...pushData(a), ...(actions?.push.length ? { actions: JSON.stringify(actions.push) } : {}) },
  };
}

export function expiredAlertPush(a: ExpiredAlert, timeZone: string): AlertPush {
  return {
    notification: {
      title: `Your ${a.currencyPair} alert expired`,
      body: pushBody(
        a,
        `"${condition(a)}" expired ${expiredOutcome(a)} at ${formatZonedDateTime(a.expiredAt, timeZone)}`,
      ),
    },
    data: pushData(a),
  };
}
