/**
 * The stand-in's page: every chat with its messages, newest chat first, and forms that do what a
 * person does in Telegram's app (press Start from a link, write, tap a button, /stop, block). A bot
 * message shows its HTML as Telegram would draw it, from the parser's own tags around escaped text;
 * everything else a person or the bot wrote is escaped.
 */
import { escapeHtml as e } from '@price-alerts/domain/notify';
import type { InlineButton, SimChat, StoredMessage } from './chats.ts';

type Fields = Record<string, string | number>;

const hidden = (fields: Fields) =>
  Object.entries(fields)
    .map(([name, value]) => `<input type="hidden" name="${name}" value="${e(String(value))}">`)
    .join('');

/** A form posting to a control route: the page and the tests drive the same routes. */
const form = (action: string, fields: Fields, label: string, inputs = '') =>
  `<form method="post" action="/control/${action}">${hidden(fields)}${inputs}<button>${e(label)}</button></form>`;

function button(chat: SimChat, m: StoredMessage, b: InlineButton): string {
  if (b.callback_data !== undefined) {
    return form('tap', { chat_id: chat.chat.id, message_id: m.message_id, data: b.callback_data }, b.text);
  }
  if (b.url && /^https?:\/\//i.test(b.url)) {
    return `<a class="button" href="${e(b.url)}" rel="noopener noreferrer nofollow">${e(b.text)} ↗</a>`;
  }
  return `<span class="button">${e(b.text)}</span>`;
}

function message(chat: SimChat, m: StoredMessage): string {
  const keyboard = (m.reply_markup?.inline_keyboard ?? [])
    .map((row) => `<div class="row">${row.map((b) => button(chat, m, b)).join('')}</div>`)
    .join('');
  const who = m.fromBot ? 'bot' : e(chat.user.first_name);
  const answer = m.answer === undefined ? '' : `<p class="meta">Tap answered: ${e(m.answer || '(no text)')}</p>`;
  return `<li class="${m.fromBot ? 'bot' : 'person'}">
  <div class="text">${m.html}</div>
  <p class="meta">#${m.message_id} · ${who} · ${new Date(m.date * 1000).toISOString()}${m.edit_date ? ' · edited' : ''}</p>
  ${keyboard ? `<div class="keyboard">${keyboard}</div>` : ''}${answer}
</li>`;
}

function chatArticle(chat: SimChat): string {
  const id = chat.chat.id;
  const start = '<input name="link" aria-label="Start link or code" placeholder="link or code">';
  return `<article id="chat-${id}">
  <h2>${e(chat.chat.first_name)}${chat.chat.username ? ` (@${e(chat.chat.username)})` : ''}${chat.blocked ? ' · has blocked the bot' : ''}</h2>
  <p class="meta">Chat ${id}</p>
  <ol class="messages">${chat.messages.map((m) => message(chat, m)).join('\n')}</ol>
  <div class="actions">
    ${form('text', { chat_id: id }, 'Send', '<input name="text" required maxlength="4096" aria-label="Message">')}
    ${form('text', { chat_id: id, text: '/stop' }, '/stop')}
    ${form('start', { user_id: id }, 'Start', start)}
    ${form('block', { chat_id: id, blocked: String(!chat.blocked) }, chat.blocked ? 'Unblock the bot' : 'Block the bot')}
  </div>
</article>`;
}

/**
 * `start`: the code of a t.me link the app opened here (`/?start=<code>`), filled in, so pressing Start
 * is one tap, as in Telegram.
 */
export function chatsPage(username: string, chats: readonly SimChat[], error?: string, start?: string): string {
  const link = `https://t.me/${username}?start=…`;
  const code = start && /^[A-Za-z0-9_-]{1,64}$/.test(start) ? start : undefined;
  const startForm = form(
    'start',
    {},
    'Press Start',
    `${code ? '<p>The app sent you here to connect: press Start.</p>' : ''}<label>Start link or code <input name="link" placeholder="${e(link)}"${code ? ` value="${e(code)}"` : ''}></label>
  <label>First name <input name="first_name" maxlength="64"></label>`,
  );
  return `<!doctype html>
<html lang="en"><head><meta charset="utf-8"><meta name="viewport" content="width=device-width, initial-scale=1">
<title>Local Telegram (${chats.length})</title>
<style>body{font:16px system-ui,sans-serif;margin:1rem auto;max-width:46rem;padding:0 1rem;color:#1b1f24}input{max-width:100%;box-sizing:border-box}
label{display:block;margin:.3rem 0}label input{display:block;width:100%;min-height:2.2rem}button{min-height:2.2rem}
article{border:1px solid #d0d7de;border-radius:8px;padding:.5rem 1rem;margin:1rem 0}h1{overflow-wrap:anywhere}h2{font-size:1.1rem}
.meta{color:#57606a;font-size:.85rem;margin:.2rem 0;overflow-wrap:anywhere}.error{color:#cf222e}
.messages{list-style:none;padding:0}.messages li{border-radius:8px;padding:.4rem .7rem;margin:.5rem 0;max-width:85%}
.bot{background:#f6f8fa}.person{background:#ddf4ff;margin-left:auto!important}
.text{white-space:pre-wrap;overflow-wrap:anywhere}.spoiler{background:#57606a;color:transparent}
.spoiler:hover{color:inherit;background:none}.row{display:flex;gap:.3rem;margin-top:.3rem}.row>*{flex:1}
.row button,.button{display:block;width:100%;text-align:center}form{display:inline-block;margin:.2rem .3rem .2rem 0}</style></head>
<body><h1>Local Telegram: @${e(username)}</h1>
<p>What the functions send through the Bot API lands here instead of Telegram; each chat is a person who pressed Start. ${chats.length} chat(s).</p>
${error ? `<p class="error" role="alert">${e(error)}</p>` : ''}
${startForm}
${
  [...chats]
    .reverse()
    .map((chat) => chatArticle(chat))
    .join('\n') || '<p>No chats yet.</p>'
}
</body></html>`;
}
