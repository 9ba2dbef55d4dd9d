import { escapeTelegramHtml } from '@price-alerts/domain/notify';
import { describe, expect, it } from 'vitest';
import { parseTelegramHtml } from './telegramHtml.ts';

describe('Telegram HTML mode', () => {
  it.each([
    ['plain text', 'EUR/USD above 1.1', 'EUR/USD above 1.1', []],
    ['the four named entities', '&lt;b&gt; &amp; &quot;x&quot;', '<b> & "x"', []],
    ['numeric entities', '&#65;&#x42;', 'AB', []],
    ['a stray ampersand, kept as text', 'A & B &nbsp;', 'A & B &nbsp;', []],
    ['a stray >, kept as text', '2 > 1', '2 > 1', []],
    [
      'bold and italic',
      '<b>EUR</b> <i>note</i>',
      'EUR note',
      [
        { type: 'bold', offset: 0, length: 3 },
        { type: 'italic', offset: 4, length: 4 },
      ],
    ],
    [
      'the synonyms and nesting',
      '<strong>a<em>b</em></strong><ins>c</ins><del>d</del>',
      'abcd',
      [
        { type: 'bold', offset: 0, length: 2 },
        { type: 'italic', offset: 1, length: 1 },
        { type: 'underline', offset: 2, length: 1 },
        { type: 'strikethrough', offset: 3, length: 1 },
      ],
    ],
    [
      'a link',
      '<a href="https://example.test/?a=1&amp;b=2">open</a>',
      'open',
      [{ type: 'text_link', offset: 0, length: 4, url: 'https://example.test/?a=1&b=2' }],
    ],
    ['a link Telegram cannot use, left as text', '<a href="javascript:alert(1)">x</a>', 'x', []],
    [
      'code, and pre with a language',
      '<code>x</code> <pre><code class="language-ts">y</code></pre>',
      'x y',
      [
        { type: 'code', offset: 0, length: 1 },
        { type: 'pre', offset: 2, length: 1, language: 'ts' },
      ],
    ],
    [
      'a spoiler both ways',
      '<tg-spoiler>a</tg-spoiler><span class="tg-spoiler">b</span>',
      'ab',
      [
        { type: 'spoiler', offset: 0, length: 1 },
        { type: 'spoiler', offset: 1, length: 1 },
      ],
    ],
    ['an empty tag, no entity', '<b></b>x', 'x', []],
    ['surrounding space, trimmed', '  <b>x</b>\n', 'x', [{ type: 'bold', offset: 0, length: 1 }]],
    ['upper-case tags and a bare end tag', '<B>x</>', 'x', [{ type: 'bold', offset: 0, length: 1 }]],
  ])('parses %s', (_label, source, text, entities) => {
    expect(parseTelegramHtml(source)).toMatchObject({ text, entities });
  });

  it.each([
    ['an unsupported tag', 'x <div>y</div>', 'Unsupported start tag "div" at byte offset 2'],
    ['a bare <, counted in bytes', 'é < 2', 'Unsupported start tag "" at byte offset 3'],
    ['an unclosed tag', '<b>x', 'Can\'t find end tag corresponding to start tag "b"'],
    ['crossed tags', '<b><i>x</b></i>', 'Unmatched end tag at byte offset 7, expected "</i>", found "</b>"'],
    ['an end tag with no start', 'x</b>', 'Unexpected end tag at byte offset 1'],
    ['a start tag cut off', 'x <b', 'Unclosed start tag at byte offset 2'],
    ['an attribute cut off', '<a href="x', 'Unclosed start tag "a" at byte offset 0'],
    ['an end tag cut off', '<b>x</b', 'Unclosed end tag at byte offset 4'],
    ['a span that is no spoiler', '<span>x</span>', 'Tag "span" must have class "tg-spoiler" at byte offset 0'],
    ['a script', '<script>alert(1)</script>', 'Unsupported start tag "script" at byte offset 0'],
  ])('refuses %s as Telegram does', (_label, source, why) => {
    expect(parseTelegramHtml(source)).toEqual({ error: `can't parse entities: ${why}` });
  });

  it('takes what the domain escapes, whatever the user wrote', () => {
    const note = '<img src=x onerror=alert(1)> & "quotes" </b>';
    const parsed = parseTelegramHtml(`<b>EUR/USD</b>\n<i>${escapeTelegramHtml(note)}</i>`);
    expect(parsed).toMatchObject({ text: `EUR/USD\n${note}` });
  });

  it('renders for the page only its own tags around escaped text', () => {
    const parsed = parseTelegramHtml(
      '<b>&lt;img onerror=x&gt;</b> <a href="javascript:alert(1)">j</a> <a href="https://a.test/&quot;x">ok</a>',
    );
    expect(parsed).toMatchObject({
      html:
        '<b>&lt;img onerror=x&gt;</b> <span class="link">j</span> ' +
        '<a href="https://a.test/&quot;x" rel="noopener noreferrer nofollow">ok</a>',
    });
  });
});
