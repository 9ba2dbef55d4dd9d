/**
 * Telegram's HTML parse mode, as the Bot API applies it (https://core.telegram.org/bots/api#html-style),
 * following the server's own parser (tdlib's parse_html): the same tags, the same four named entities
 * and numeric ones, a stray `&` kept as text, and the same error texts with UTF-8 byte offsets. What it
 * yields is the message's plain text, its entities, and a rendering for the stand-in's page in which
 * every character of the text is escaped and the only tags are ones written here.
 */
import { escapeHtml } from '@price-alerts/domain/notify';

export interface MessageEntity {
  type: string;
  offset: number;
  length: number;
  url?: string;
  language?: string;
}

export interface ParsedText {
  text: string;
  entities: MessageEntity[];
  /** Safe HTML for the page: escaped text inside tags this module writes. */
  html: string;
}

const ENTITY_TYPES: Record<string, string> = {
  b: 'bold',
  strong: 'bold',
  i: 'italic',
  em: 'italic',
  u: 'underline',
  ins: 'underline',
  s: 'strikethrough',
  strike: 'strikethrough',
  del: 'strikethrough',
  span: 'spoiler',
  'tg-spoiler': 'spoiler',
  code: 'code',
  pre: 'pre',
  blockquote: 'blockquote',
  a: 'text_link',
};
const PAGE_TAGS: Record<string, string> = {
  bold: 'b',
  italic: 'i',
  underline: 'u',
  strikethrough: 's',
  spoiler: 'span',
  code: 'code',
  pre: 'pre',
  blockquote: 'blockquote',
};
// Only links a person could follow from a chat are rendered as links on the page; a javascript: or
// data: href stays text.
const FOLLOWABLE = /^(?:https?|tg):\/\//i;

const isSpace = (c: string | undefined) => c !== undefined && /\s/.test(c);

/** `&lt;`, `&gt;`, `&amp;`, `&quot;` and numeric references; anything else is not an entity. */
function decodeEntity(s: string, i: number): { char: string; end: number } | undefined {
  const m = /^&(?:(lt|gt|amp|quot)|#(\d{1,8})|#[xX]([0-9a-fA-F]{1,7}));/.exec(s.slice(i, i + 12));
  if (!m) return undefined;
  const named: Record<string, string> = { lt: '<', gt: '>', amp: '&', quot: '"' };
  if (m[1]) return { char: named[m[1]] ?? '', end: i + m[0].length };
  const code = m[2] !== undefined ? Number(m[2]) : parseInt(m[3] ?? '', 16);
  if (code === 0 || code > 0x10ffff || (code >= 0xd800 && code <= 0xdfff)) return undefined;
  return { char: String.fromCodePoint(code), end: i + m[0].length };
}

type Attributes = Record<string, string>;

/**
 * Reads a start tag's attributes from `i` (just after its name) to its `>`, or says why it cannot;
 * `where` is the tag's byte offset and `at` turns an index into one.
 */
function readAttributes(
  s: string,
  i: number,
  tag: string,
  where: number,
  at: (i: number) => number,
): { attrs: Attributes; end: number } | string {
  const unclosed = `Unclosed start tag "${tag}" at byte offset ${where}`;
  const attrs: Attributes = {};
  for (;;) {
    while (isSpace(s[i])) i++;
    if (i >= s.length) return unclosed;
    if (s[i] === '>') return { attrs, end: i + 1 };
    const nameStart = i;
    while (i < s.length && !isSpace(s[i]) && !'=>/"\''.includes(s[i] ?? '')) i++;
    const name = s.slice(nameStart, i).toLowerCase();
    if (!name) return `Empty attribute name in the tag "${tag}" at byte offset ${where}`;
    while (isSpace(s[i])) i++;
    if (s[i] !== '=') {
      attrs[name] = '';
      continue;
    }
    i++;
    while (isSpace(s[i])) i++;
    if (i >= s.length) return unclosed;
    const quote = s[i];
    let value = '';
    if (quote === '"' || quote === "'") {
      for (i++; i < s.length && s[i] !== quote;) {
        const decoded = s[i] === '&' ? decodeEntity(s, i) : undefined;
        value += decoded?.char ?? s[i];
        i = decoded?.end ?? i + 1;
      }
      if (i >= s.length) return unclosed;
      i++;
    } else {
      const start = i;
      while (/[A-Za-z0-9.-]/.test(s[i] ?? '')) i++;
      value = s.slice(start, i).toLowerCase();
      if (i >= s.length) return unclosed;
      if (!isSpace(s[i]) && s[i] !== '>') return `Unexpected end of name token at byte offset ${at(start)}`;
    }
    attrs[name] = value;
  }
}

interface Open {
  tag: string;
  type: string;
  attrs: Attributes;
  offset: number;
  close: string;
}

function pageOpen(type: string, attrs: Attributes): { open: string; close: string } {
  if (type === 'text_link') {
    const href = attrs.href ?? '';
    return FOLLOWABLE.test(href)
      ? { open: `<a href="${escapeHtml(href)}" rel="noopener noreferrer nofollow">`, close: '</a>' }
      : { open: '<span class="link">', close: '</span>' };
  }
  const tag = PAGE_TAGS[type] ?? 'span';
  return { open: type === 'spoiler' ? '<span class="spoiler">' : `<${tag}>`, close: `</${tag}>` };
}

/** The text and entities Telegram makes of `source` in HTML mode, or the reason it refuses it. */
export function parseTelegramHtml(source: string): ParsedText | { error: string } {
  const s = source.trim();
  const at = (i: number) => Buffer.byteLength(s.slice(0, i));
  const fail = (why: string) => ({ error: `can't parse entities: ${why}` });
  let text = '';
  let html = '';
  const entities: MessageEntity[] = [];
  const open: Open[] = [];
  for (let i = 0; i < s.length;) {
    const c = s[i] ?? '';
    const decoded = c === '&' ? decodeEntity(s, i) : undefined;
    if (decoded || c !== '<') {
      const char = decoded?.char ?? c;
      text += char;
      html += escapeHtml(char);
      i = decoded?.end ?? i + 1;
      continue;
    }
    const begin = i++;
    if (s[i] !== '/') {
      const nameStart = i;
      while (i < s.length && !isSpace(s[i]) && s[i] !== '>') i++;
      if (i >= s.length) return fail(`Unclosed start tag at byte offset ${at(begin)}`);
      const tag = s.slice(nameStart, i).toLowerCase();
      const type = ENTITY_TYPES[tag];
      if (!type) return fail(`Unsupported start tag "${tag}" at byte offset ${at(begin)}`);
      const read = readAttributes(s, i, tag, at(begin), at);
      if (typeof read === 'string') return fail(read);
      if (tag === 'span' && read.attrs.class !== 'tg-spoiler') {
        return fail(`Tag "span" must have class "tg-spoiler" at byte offset ${at(begin)}`);
      }
      const page = pageOpen(type, read.attrs);
      open.push({ tag, type, attrs: read.attrs, offset: text.length, close: page.close });
      html += page.open;
      i = read.end;
      continue;
    }
    const top = open.pop();
    if (!top) return fail(`Unexpected end tag at byte offset ${at(begin)}`);
    const nameStart = ++i;
    while (i < s.length && !isSpace(s[i]) && s[i] !== '>') i++;
    const name = s.slice(nameStart, i).toLowerCase();
    while (isSpace(s[i])) i++;
    if (s[i] !== '>') return fail(`Unclosed end tag at byte offset ${at(begin)}`);
    i++;
    if (name && name !== top.tag) {
      return fail(`Unmatched end tag at byte offset ${at(begin)}, expected "</${top.tag}>", found "</${name}>"`);
    }
    html += top.close;
    addEntity(entities, top, text);
  }
  const unclosed = open.at(-1);
  if (unclosed) return fail(`Can't find end tag corresponding to start tag "${unclosed.tag}"`);
  // A language belongs to a pre block only; a standalone code tag's class is dropped, as Telegram does.
  for (const e of entities) if (e.type === 'code') delete e.language;
  entities.sort((a, b) => a.offset - b.offset || b.length - a.length);
  return { text, entities, html };
}

function addEntity(entities: MessageEntity[], top: Open, text: string): void {
  const offset = top.offset;
  const length = text.length - offset;
  if (length <= 0) return;
  const type = top.type;
  if (type === 'text_link') {
    // Without an href Telegram links the text itself; an address it cannot use leaves plain text.
    const url = top.attrs.href || text.slice(offset);
    if (/^(?:https?|tg):\/\/\S+$/i.test(url)) entities.push({ type, offset, length, url });
    return;
  }
  const last = entities.at(-1);
  if (type === 'pre' && last?.type === 'code' && last.offset === offset && last.length === length) {
    last.type = 'pre';
    return;
  }
  const language = top.attrs.class?.startsWith('language-') ? top.attrs.class.slice(9) : undefined;
  if (type === 'blockquote' && 'expandable' in top.attrs) {
    entities.push({ type: 'expandable_blockquote', offset, length });
  } else entities.push({ type, offset, length, ...(type === 'code' && language ? { language } : {}) });
}

/** A message's text for the page when it was sent without a parse mode: all of it escaped. */
export function plainText(text: string): ParsedText {
  return { text, entities: [], html: escapeHtml(text) };
}
