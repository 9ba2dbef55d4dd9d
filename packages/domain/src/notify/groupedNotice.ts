import { formatPrice } from '../common/constants.ts';
import { formatZonedDateTime, timesAreIn } from '../common/timeZones.ts';
import { alertEmail, alertPush, type AlertPush, type FiredAlert, type NoticeActions } from './alertMessages.ts';
import { renderEmail, type AlertEmail } from './emailTemplate.ts';
import { conditionWords, firedMoveWords } from './noticeCondition.ts';

/**
 * One notice for several of a user's alerts that fired together (a news spike through many levels):
 * the first alert's words, then 'and 11 more', and every firing listed in the email. A single firing
 * is told exactly as alone, with its actions; a grouped notice opens the dashboard instead, since its
 * buttons could only act on one of the alerts.
 */

/** How many firings the push names before 'and N more': a notification shows a few lines. */
export const GROUPED_PUSH_LINES = 3;

const andMore = (n: number) => ` and ${n} more`;

/** Said of a firing in a list when the runaway guard paused its alert (RUNAWAY_NOTICE, in brief). */
export const PAUSED_IN_LIST = 'now paused: it fired too often';

/**
 * 'EUR/USD Price rising above 1.10000: 1.10012 at Nov 24, 03:12 GMT', or a move's own words; the side
 * when not the ask (in the condition's words), how many times an every-time alert fired, and a pause.
 */
export function firedLine(a: FiredAlert, timeZone: string): string {
  const when = formatZonedDateTime(a.triggeredAt, timeZone);
  const move = firedMoveWords(a, a.triggeredPrice, a.triggeredAt.getTime());
  const what = move ?? `${a.currencyPair} ${conditionWords(a)}: ${formatPrice(a.currencyPair, a.triggeredPrice)}`;
  const extras = [
    ...(a.atOpen ? ['market open'] : []),
    ...(a.fireCount ? [`fired ${a.fireCount} ${a.fireCount === 1 ? 'time' : 'times'}`] : []),
    ...(a.runawayPaused ? [PAUSED_IN_LIST] : []),
  ];
  return `${what} at ${when}${extras.length ? ` (${extras.join(', ')})` : ''}`;
}

/** The email for `fired` (oldest first), one user's; times in `timeZone`. */
export function groupedAlertEmail(
  fired: readonly FiredAlert[],
  appUrl: string,
  timeZone: string,
  actions?: NoticeActions,
): AlertEmail {
  const [first] = fired;
  if (!first) throw new Error('A notice needs a firing');
  const single = alertEmail(first, appUrl, timeZone, actions);
  if (fired.length === 1) return single;
  return renderEmail({
    subject: `${single.subject}${andMore(fired.length - 1)}`,
    lead: `${fired.length} of your alerts fired.`,
    list: fired.map((a) => ({ text: firedLine(a, timeZone), ...(a.note ? { note: a.note } : {}) })),
    action: { label: 'Open Price Alerts', href: `${appUrl.replace(/\/$/, '')}/dashboard` },
    footer: [timesAreIn(timeZone)],
  });
}

/** The push for `fired` (oldest first), one user's; times in `timeZone`. */
export function groupedAlertPush(fired: readonly FiredAlert[], timeZone: string, actions?: NoticeActions): AlertPush {
  const [first] = fired;
  if (!first) throw new Error('A notice needs a firing');
  const single = alertPush(first, timeZone, actions);
  if (fired.length === 1) return single;
  const shown = fired.slice(0, GROUPED_PUSH_LINES).map((a) => firedLine(a, timeZone));
  const rest = fired.length - shown.length;
  return {
    notification: {
      title: `${single.notification.title}${andMore(fired.length - 1)}`,
      body: [...shown, ...(rest > 0 ? [`and ${rest} more`] : [])].join('\n'),
    },
    data: { url: '/dashboard' },
  };
}
