import { formatPrice, type AlertType, type CurrencyPair } from './constants.ts';
import { formatDateTime } from './dates.ts';

/** What a fired alert's email and push say; the sender fills these from the delivery document. */
export interface FiredAlert {
  alertId: string;
  currencyPair: CurrencyPair;
  alertType: AlertType;
  triggerPrice: number;
  triggeredPrice: number;
  triggeredAt: Date;
  /** The user's note: their text, escaped in the HTML. */
  note?: string;
}

/** The app path that opens the dashboard with this alert's details. */
export function alertPath(alertId: string): string {
  return `/dashboard?alert=${encodeURIComponent(alertId)}`;
}

const condition = (a: FiredAlert) => `${a.alertType} ${formatPrice(a.currencyPair, a.triggerPrice)}`;
// The server does not know the reader's zone, so times say UTC rather than pretend to be local.
const when = (a: FiredAlert) => `${formatDateTime(a.triggeredAt, 'UTC')} UTC`;

export interface AlertEmail {
  subject: string;
  text: string;
  html: string;
}

/** Text made safe to place in HTML (element content or a quoted attribute). */
export const escapeHtml = (s: string) =>
  s.replace(/[&<>"']/g, (c) => ({ '&': '&amp;', '<': '&lt;', '>': '&gt;', '"': '&quot;', "'": '&#39;' })[c] ?? c);

export function alertEmail(a: FiredAlert, appUrl: string): AlertEmail {
  const link = `${appUrl.replace(/\/$/, '')}${alertPath(a.alertId)}`;
  const price = formatPrice(a.currencyPair, a.triggeredPrice);
  const lines = [
    `Your ${a.currencyPair} alert fired.`,
    '',
    `Condition: ${condition(a)}`,
    `Price that fired it: ${price} (ask)`,
    `Time: ${when(a)}`,
    ...(a.note ? [`Note: ${a.note}`] : []),
    '',
    `Open the alert: ${link}`,
  ];
  const rows: [string, string][] = [
    ['Condition', condition(a)],
    ['Price that fired it', `${price} (ask)`],
    ['Time', when(a)],
    ...(a.note ? [['Note', a.note] as [string, string]] : []),
  ];
  const html = [
    `<p>Your <strong>${escapeHtml(a.currencyPair)}</strong> alert fired.</p>`,
    '<table>',
    ...rows.map(([k, v]) => `<tr><th align="left">${escapeHtml(k)}</th><td>${escapeHtml(v)}</td></tr>`),
    '</table>',
    `<p><a href="${escapeHtml(link)}">Open the alert</a></p>`,
  ].join('\n');
  return { subject: `${a.currencyPair}: ${condition(a)} (now ${price})`, text: lines.join('\n'), html };
}

/** FCM's web-push shape, as `pushPayloadSchema` reads it in the service worker. */
export function alertPush(a: FiredAlert): {
  notification: { title: string; body: string };
  data: Record<string, string>;
} {
  return {
    notification: {
      title: `${a.currencyPair}: ${condition(a)}`,
      // The note first: it is what the user wrote to remember why the level matters.
      body: `${a.note ? `${a.note}\n` : ''}Now ${formatPrice(a.currencyPair, a.triggeredPrice)} at ${when(a)}`,
    },
    data: { alertId: a.alertId, url: alertPath(a.alertId) },
  };
}
