/**
 * The stand-in's page: each channel with its webhooks' URLs (to paste into the app) and the messages they
 * posted, newest first, embeds drawn roughly as Discord draws them. Every text from a message is escaped:
 * a firing's embed carries the user's own note. Images are named, never loaded: nothing here may reach out.
 */
import { escapeHtml } from '@price-alerts/domain/notify';
import type { Embed } from './executeBody.ts';
import { webhookUrl, type Channel, type Guild, type KeptMessage, type Webhook } from './guild.ts';

/** Discord's embed edge when no colour is given. */
const NO_COLOR = '#1e1f22';
const colorOf = (color: number | undefined) =>
  color !== undefined && Number.isInteger(color) && color >= 0 && color <= 0xffffff
    ? `#${color.toString(16).padStart(6, '0')}`
    : NO_COLOR;

const STYLE = `body{font:16px system-ui,sans-serif;margin:1rem auto;max-width:52rem;padding:0 1rem;color:#1b1f24}
section{border:1px solid #d0d7de;border-radius:8px;padding:.5rem 1rem;margin:1rem 0}h2{font-size:1.2rem}
.meta,.footer{color:#57606a;font-size:.85rem;overflow-wrap:anywhere}code{overflow-wrap:anywhere}
.hooks li{margin:.4rem 0}.hooks form,.create{display:inline}.deleted{text-decoration:line-through;color:#57606a}
article{border-top:1px solid #eaeef2;padding:.5rem 0}.content,.description,dd{white-space:pre-wrap;overflow-wrap:anywhere}
.embed{border-left:4px solid;border-radius:4px;background:#f2f3f5;padding:.5rem .75rem;margin:.5rem 0;max-width:32rem}
.embed h3{font-size:1rem;margin:.25rem 0}.author{font-weight:600;font-size:.9rem;margin:0}
.fields{display:grid;grid-template-columns:repeat(3,1fr);gap:.5rem;margin:.5rem 0}.field{grid-column:1/-1}
.field.inline{grid-column:auto}dt{font-weight:600;font-size:.9rem}dd{margin:0}`;

function embedHtml(e: Embed): string {
  const title =
    e.title &&
    (e.url ? `<a href="${escapeHtml(e.url)}" rel="noreferrer">${escapeHtml(e.title)}</a>` : escapeHtml(e.title));
  const fields = (e.fields ?? []).map(
    (f) =>
      `<div class="field${f.inline ? ' inline' : ''}"><dt>${escapeHtml(f.name)}</dt><dd>${escapeHtml(f.value)}</dd></div>`,
  );
  const images = [
    ['Image', e.image?.url],
    ['Thumbnail', e.thumbnail?.url],
  ].flatMap(([label, url]) => (url ? [`<p class="meta">${label}: <code>${escapeHtml(url)}</code></p>`] : []));
  const footer = [e.footer?.text, e.timestamp].filter((s): s is string => Boolean(s)).map(escapeHtml);
  return `<div class="embed" style="border-left-color:${colorOf(e.color)}">
  ${e.author ? `<p class="author">${escapeHtml(e.author.name)}</p>` : ''}
  ${title ? `<h3>${title}</h3>` : ''}
  ${e.description ? `<p class="description">${escapeHtml(e.description)}</p>` : ''}
  ${fields.length ? `<dl class="fields">${fields.join('')}</dl>` : ''}
  ${images.join('\n  ')}
  ${footer.length ? `<p class="footer">${footer.join(' • ')}</p>` : ''}
</div>`;
}

function messageHtml({ message: m }: KeptMessage): string {
  return `<article>
  <p class="meta"><strong>${escapeHtml(m.author.username)}</strong> · ${escapeHtml(m.timestamp)} · message ${m.id}</p>
  ${m.content ? `<p class="content">${escapeHtml(m.content)}</p>` : ''}
  ${m.embeds.map(embedHtml).join('\n')}
</article>`;
}

function hookHtml(base: string, w: Webhook): string {
  if (w.deleted) return `<li class="deleted">${escapeHtml(w.name)} · webhook ${w.id} (deleted)</li>`;
  return `<li>${escapeHtml(w.name)}: <code>${escapeHtml(webhookUrl(base, w))}</code>
    <form method="post" action="/control/webhooks/${w.id}/delete"><button>Delete</button></form></li>`;
}

function channelHtml(base: string, channel: Channel, hooks: readonly Webhook[]): string {
  return `<section>
<h2>#${escapeHtml(channel.name)}</h2>
<p class="meta">Channel ${channel.id} · ${channel.messages.length} message(s)</p>
<ul class="hooks">${hooks.map((w) => hookHtml(base, w)).join('\n')}</ul>
${[...channel.messages].reverse().map(messageHtml).join('\n') || '<p>No messages yet.</p>'}
</section>`;
}

export function discordPage(guild: Guild, base: string): string {
  const channels = [...guild.channels.values()];
  const count = channels.reduce((n, c) => n + c.messages.length, 0);
  const hooks = [...guild.webhooks.values()];
  const sections = channels.map((c) =>
    channelHtml(
      base,
      c,
      hooks.filter((w) => w.channelId === c.id),
    ),
  );
  return `<!doctype html>
<html lang="en"><head><meta charset="utf-8"><meta name="viewport" content="width=device-width, initial-scale=1">
<title>Local Discord (${count})</title>
<style>${STYLE}</style></head>
<body><h1>Local Discord</h1>
<p>Discord webhooks the app posts to land here. Make one, paste its URL into the app as a Discord webhook.</p>
<form class="create" method="post" action="/control/webhooks">
  <label>Channel <input name="channel" required maxlength="100" value="price-alerts"></label>
  <label>Name <input name="name" maxlength="80" placeholder="Captain Hook"></label>
  <button>Create webhook</button>
</form>
${sections.join('\n') || '<p>No channels yet.</p>'}
</body></html>`;
}
