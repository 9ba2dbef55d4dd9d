import type { AlertPush } from './alertMessages.ts';
import { formatPrice } from '../common/constants.ts';
import type { Digest, DigestItem } from './digests.ts';
import { conditionWords } from './noticeCondition.ts';
import { renderEmail, type AlertEmail } from './emailTemplate.ts';
import { formatZonedDateTime, timesAreIn } from '../common/timeZones.ts';

/** What the quiet-hours digest's push and email say: the held firings (and expiries) in one message. */

const plural = (n: number, word: string) => `${n} ${word}${n === 1 ? '' : 's'}`;

/** '3 alerts fired during quiet hours', '2 alerts fired and 1 expired during quiet hours': the hours may be any, not only the night. */
export function digestTitle(digest: Pick<Digest, 'items' | 'count'>): string {
  // Unlisted items are counted but not known: they are taken to be firings, by far the common case.
  const expired = digest.items.filter((i) => i.kind === 'expired').length;
  const fired = digest.count - expired;
  if (fired === 0) return `${plural(expired, 'alert')} expired during quiet hours`;
  if (expired === 0) return `${plural(fired, 'alert')} fired during quiet hours`;
  return `${plural(fired, 'alert')} fired and ${expired} expired during quiet hours`;
}

/** 'EUR/USD Price rising above 1.10000: 1.10012 at Nov 24, 03:12 GMT', in the user's zone. */
export function digestLine(i: DigestItem, timeZone: string): string {
  const condition = `${i.currencyPair} ${conditionWords(i)}`;
  const when = formatZonedDateTime(new Date(i.at), timeZone);
  if (i.kind === 'expired') return `${condition}: expired at ${when}`;
  const price = i.triggeredPrice === undefined ? '' : `: ${formatPrice(i.currencyPair, i.triggeredPrice)}`;
  return `${condition}${price} at ${when}${i.atOpen ? ' (market open)' : ''}`;
}

const more = (digest: Pick<Digest, 'items' | 'count'>) => digest.count - digest.items.length;

/** The email's button to the app. */
export const OPEN_APP = 'Open Price Alerts';

type Listed = Pick<Digest, 'items' | 'count'>;

/** The push: one notification that opens the dashboard, naming the first few; times in `timeZone`, the user's. */
export function digestPush(digest: Listed, timeZone: string): AlertPush {
  const shown = digest.items.slice(0, 3).map((i) => digestLine(i, timeZone));
  const rest = digest.count - shown.length;
  return {
    notification: {
      title: digestTitle(digest),
      body: [...shown, ...(rest > 0 ? [`and ${rest} more`] : [])].join('\n'),
    },
    data: { url: '/dashboard' },
  };
}

/** The email: every listed item with its price and time in `timeZone`, the user's, and the plain-text part beside it. */
export function digestEmail(digest: Listed, appUrl: string, timeZone: string): AlertEmail {
  const title = digestTitle(digest);
  const rest = more(digest);
  return renderEmail({
    subject: title,
    lead: `${title}, while your quiet hours held notifications.`,
    list: digest.items.map((i) => ({ text: digestLine(i, timeZone), ...(i.note ? { note: i.note } : {}) })),
    ...(rest > 0 ? { more: `and ${rest} more: see the app.` } : {}),
    action: { label: OPEN_APP, href: `${appUrl.replace(/\/$/, '')}/dashboard` },
    footer: [timesAreIn(timeZone)],
  });
}
