/**
 * The one template every notification email goes out in (an alert that fired or expired, the
 * quiet-hours digest): both parts built from the same content, so the plain-text part says all the
 * HTML says. The HTML is a small document that reads on a 320 px phone and a tablet, light or dark:
 *
 * - a viewport meta, so phones lay it out at their width rather than shrink a 980 px page;
 * - `color-scheme: light dark`, so apps that honour it draw their own dark chrome around it;
 * - every style inline (what all mail apps keep), light by default; the dark scheme is one
 *   `prefers-color-scheme` block of classes with `!important`, which apps that support it apply and
 *   the rest ignore, leaving the light email;
 * - one column at most 560 px wide, long words broken rather than widening it, and a button of at
 *   least 44 px to the app.
 *
 * Colours are the app's tokens (web/src/styles/tokens.css) written out: mail apps know no CSS variables.
 * Every text is the caller's plain text and is escaped here: a note is the user's own.
 */

/** Text made safe to place in HTML (element content or a quoted attribute). */
export const escapeHtml = (s: string) =>
  s.replace(/[&<>"']/g, (c) => ({ '&': '&amp;', '<': '&lt;', '>': '&gt;', '"': '&quot;', "'": '&#39;' })[c] ?? c);

export interface AlertEmail {
  subject: string;
  text: string;
  html: string;
}

/** A labelled value: 'Condition', 'Price rising above 1.10000'. */
export type EmailRow = [label: string, value: string];

/** A line of a list (the digest's alerts), with the user's note under it. */
export interface EmailListItem {
  text: string;
  note?: string;
}

export interface EmailContent {
  /** The subject, and the heading the email opens with. */
  subject: string;
  /** The first sentence: what happened. */
  lead: string;
  rows?: readonly EmailRow[];
  list?: readonly EmailListItem[];
  /** Said after the list: 'and 12 more: see the app.' */
  more?: string;
  /** The button to the app ('Open the alert'); the text part gives the address after it. */
  action: { label: string; href: string };
  /** More buttons after it, each a page of the app that asks before it acts ('Snooze 1 h'). */
  links?: readonly { label: string; href: string }[];
  /** Small print after the button: the zone the times are in. */
  footer?: readonly string[];
}

const LIGHT = { bg: '#f8fafc', card: '#ffffff', text: '#0f172a', muted: '#475569', border: '#e2e8f0' };
const BUTTON = { bg: '#1d4ed8', ink: '#ffffff' };
const FONT = "system-ui,-apple-system,'Segoe UI',Roboto,Helvetica,Arial,sans-serif";

// Dark: slate surfaces, light text, a light-blue button with dark ink; all at WCAG AA or better.
const DARK_CSS = `@media (prefers-color-scheme: dark) {
  .pa-page { background: #020617 !important; }
  .pa-card { background: #0f172a !important; border-color: #334155 !important; }
  .pa-text { color: #f1f5f9 !important; }
  .pa-muted { color: #cbd5e1 !important; }
  .pa-button { background: #93c5fd !important; color: #0f172a !important; }
  .pa-link { border-color: #93c5fd !important; color: #93c5fd !important; }
}`;

function textPart(c: EmailContent): string {
  const rows = (c.rows ?? []).map(([label, value]) => `${label}: ${value}`);
  const list = (c.list ?? []).map(({ text, note }) => `- ${text}${note ? `\n  Note: ${note}` : ''}`);
  const body = [...rows, ...list, ...(c.more ? [c.more] : [])];
  return [
    c.lead,
    '',
    ...(body.length ? [...body, ''] : []),
    ...(c.footer ?? []),
    `${c.action.label}: ${c.action.href}`,
    ...(c.links ?? []).map((l) => `${l.label}: ${l.href}`),
  ].join('\n');
}

const muted = (size: number, margin = '0') =>
  `class="pa-muted" style="margin:${margin};color:${LIGHT.muted};font-size:${size}px;line-height:1.4"`;

function rowsHtml(rows: readonly EmailRow[]): string {
  if (!rows.length) return '';
  const items = rows.map(
    ([label, value]) =>
      `<dt ${muted(13)}>${escapeHtml(label)}</dt>` +
      `<dd class="pa-text" style="margin:2px 0 12px;color:${LIGHT.text};font-size:16px;line-height:1.4">${escapeHtml(value)}</dd>`,
  );
  return `<dl style="margin:16px 0 0">${items.join('\n')}</dl>`;
}

function listHtml(list: readonly EmailListItem[], more: string | undefined): string {
  if (!list.length && !more) return '';
  const items = list.map(
    ({ text, note }) =>
      `<li style="margin:0 0 10px">${escapeHtml(text)}` +
      `${note ? `<br><span ${muted(14)}>Note: ${escapeHtml(note)}</span>` : ''}</li>`,
  );
  const rest = more ? [`<li style="margin:0 0 10px">${escapeHtml(more)}</li>`] : [];
  return `<ul class="pa-text" style="margin:16px 0 0;padding:0 0 0 20px;color:${LIGHT.text};font-size:16px;line-height:1.4">${[...items, ...rest].join('\n')}</ul>`;
}

function htmlPart(c: EmailContent): string {
  const button =
    `<a class="pa-button" href="${escapeHtml(c.action.href)}" style="display:inline-block;background:${BUTTON.bg};` +
    `color:${BUTTON.ink};font-size:16px;font-weight:600;line-height:20px;padding:12px 20px;border-radius:10px;` +
    `text-decoration:none">${escapeHtml(c.action.label)}</a>`;
  // Outlined, so the way to the app stays the one main button; each wraps onto a line of its own on a phone.
  const links = (c.links ?? [])
    .map(
      (l) =>
        `<a class="pa-link" href="${escapeHtml(l.href)}" style="display:inline-block;margin:8px 8px 0 0;border:2px solid ${BUTTON.bg};` +
        `color:${BUTTON.bg};font-size:15px;font-weight:600;line-height:20px;padding:8px 14px;border-radius:10px;` +
        `text-decoration:none">${escapeHtml(l.label)}</a>`,
    )
    .join('\n');
  const footer = (c.footer ?? []).map((line) => `<p ${muted(13, '16px 0 0')}>${escapeHtml(line)}</p>`).join('\n');
  return `<!doctype html>
<html lang="en" dir="ltr">
<head>
<meta charset="utf-8">
<meta name="viewport" content="width=device-width, initial-scale=1">
<meta name="color-scheme" content="light dark">
<meta name="supported-color-schemes" content="light dark">
<meta name="x-apple-disable-message-reformatting">
<title>${escapeHtml(c.subject)}</title>
<style>
${DARK_CSS}
</style>
</head>
<body class="pa-page" style="margin:0;padding:0;background:${LIGHT.bg};font-family:${FONT}">
<main>
<table role="presentation" width="100%" cellspacing="0" cellpadding="0" border="0" class="pa-page" style="background:${LIGHT.bg}">
<tr><td align="center" style="padding:16px 8px">
<table role="presentation" width="100%" cellspacing="0" cellpadding="0" border="0" class="pa-card" style="max-width:560px;background:${LIGHT.card};border:1px solid ${LIGHT.border};border-radius:14px">
<tr><td style="padding:20px 16px;font-family:${FONT};overflow-wrap:anywhere;word-break:break-word">
<p ${muted(13)}><strong>Price Alerts</strong></p>
<h1 class="pa-text" style="margin:8px 0 0;color:${LIGHT.text};font-size:20px;line-height:1.3">${escapeHtml(c.subject)}</h1>
<p class="pa-text" style="margin:12px 0 0;color:${LIGHT.text};font-size:16px;line-height:1.5">${escapeHtml(c.lead)}</p>
${rowsHtml(c.rows ?? [])}${listHtml(c.list ?? [], c.more)}
<p style="margin:20px 0 0">${button}</p>
${links ? `<p style="margin:4px 0 0">${links}</p>\n` : ''}${footer}
</td></tr>
</table>
</td></tr>
</table>
</main>
</body>
</html>`;
}

/** The subject and both parts of an email saying `content`. */
export function renderEmail(content: EmailContent): AlertEmail {
  return { subject: content.subject, text: textPart(content), html: htmlPart(content) };
}
