import { formatPrice } from './constants.ts';
import { formatDateTime } from './dates.ts';
import type { Digest, DigestItem } from './digests.ts';
import { escapeHtml, type AlertEmail, type AlertPush } from './alertMessages.ts';

/** What the quiet-hours digest's push and email say: the held firings (and expiries) in one message. */

const plural = (n: number, word: string) => `${n} ${word}${n === 1 ? '' : 's'}`;

/** '3 alerts fired overnight', '2 alerts fired and 1 expired overnight', '1 alert expired overnight'. */
export function digestTitle(digest: Pick<Digest, 'items' | 'count'>): string {
  // Unlisted items are counted but not known: they are taken to be firings, by far the common case.
  const expired = digest.items.filter((i) => i.kind === 'expired').length;
  const fired = digest.count - expired;
  if (fired === 0) return `${plural(expired, 'alert')} expired overnight`;
  if (expired === 0) return `${plural(fired, 'alert')} fired overnight`;
  return `${plural(fired, 'alert')} fired and ${expired} expired overnight`;
}

const onSide = (i: DigestItem) => (i.priceSide && i.priceSide !== 'ask' ? ` on the ${i.priceSide}` : '');

/** 'EUR/USD Price rising above 1.10000: 1.10012 at Nov 24, 03:12' */
export function digestLine(i: DigestItem, timeZone: string): string {
  const condition = `${i.currencyPair} ${i.alertType} ${formatPrice(i.currencyPair, i.triggerPrice)}${onSide(i)}`;
  const when = formatDateTime(new Date(i.at), timeZone);
  if (i.kind === 'expired') return `${condition}: expired at ${when}`;
  const price = i.triggeredPrice === undefined ? '' : `: ${formatPrice(i.currencyPair, i.triggeredPrice)}`;
  return `${condition}${price} at ${when}${i.atOpen ? ' (market open)' : ''}`;
}

const more = (digest: Pick<Digest, 'items' | 'count'>) => digest.count - digest.items.length;

/** The push: one notification that opens the dashboard, naming the first few. */
export function digestPush(digest: Pick<Digest, 'items' | 'count' | 'timeZone'>): AlertPush {
  const shown = digest.items.slice(0, 3).map((i) => digestLine(i, digest.timeZone));
  const rest = digest.count - shown.length;
  return {
    notification: {
      title: digestTitle(digest),
      body: [...shown, ...(rest > 0 ? [`and ${rest} more`] : [])].join('\n'),
    },
    data: { url: '/dashboard' },
  };
}

/** The email: every listed item with its price and time, in the user's zone, and the plain-text part beside it. */
export function digestEmail(digest: Pick<Digest, 'items' | 'count' | 'timeZone'>, appUrl: string): AlertEmail {
  const title = digestTitle(digest);
  const lines = digest.items.map((i) => ({ line: digestLine(i, digest.timeZone), note: i.note }));
  const rest = more(digest);
  const href = `${appUrl.replace(/\/$/, '')}/dashboard`;
  const zone = `Times are in ${digest.timeZone}.`;
  const restText = rest > 0 ? [`and ${rest} more: see the app.`] : [];
  const text = [
    `${title}, while your quiet hours held notifications.`,
    '',
    ...lines.map(({ line, note }) => `- ${line}${note ? `\n  Note: ${note}` : ''}`),
    ...restText,
    '',
    zone,
    `Open Price Alerts: ${href}`,
  ].join('\n');
  const html = [
    `<p><strong>${escapeHtml(title)}</strong>, while your quiet hours held notifications.</p>`,
    '<ul>',
    ...lines.map(
      ({ line, note }) => `<li>${escapeHtml(line)}${note ? `<br><em>Note: ${escapeHtml(note)}</em>` : ''}</li>`,
    ),
    ...(rest > 0 ? [`<li>and ${rest} more: see the app.</li>`] : []),
    '</ul>',
    `<p>${escapeHtml(zone)}</p>`,
    `<p><a href="${escapeHtml(href)}">Open Price Alerts</a></p>`,
  ].join('\n');
  return { subject: title, text, html };
}
