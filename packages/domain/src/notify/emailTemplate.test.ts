import { describe, expect, it } from 'vitest';
import { escapeHtml, renderEmail, type EmailContent } from './emailTemplate.ts';

const HOSTILE = `<img src=x onerror="alert('x')"> & </td></table>`;

const content: EmailContent = {
  subject: `EUR/USD: ${HOSTILE}`,
  lead: `Your alert fired. ${HOSTILE}`,
  rows: [
    ['Condition', 'Price rising above 1.10000'],
    ['Note', HOSTILE],
  ],
  list: [{ text: 'EUR/USD 1.10012 at Nov 24, 03:12 GMT', note: HOSTILE }, { text: 'USD/JPY 150.200' }],
  more: 'and 2 more: see the app.',
  action: { label: 'Open the alert', href: 'https://app.example/dashboard?alert=a&b="c"' },
  footer: ['Times are in Europe/London.'],
};

describe('renderEmail', () => {
  const email = renderEmail(content);

  it('is a document a phone lays out at its own width, light or dark', () => {
    expect(email.html).toMatch(/^<!doctype html>\n<html lang="en" dir="ltr">/);
    expect(email.html).toContain('<meta name="viewport" content="width=device-width, initial-scale=1">');
    expect(email.html).toContain('<meta name="color-scheme" content="light dark">');
    expect(email.html).toContain('@media (prefers-color-scheme: dark)');
    expect(email.html).toContain('max-width:560px');
  });

  it('escapes every text it is given, and writes none of it as markup', () => {
    expect(email.html).not.toContain('<img');
    expect(email.html).not.toContain("alert('x')");
    expect(email.html.match(/<\/table>/g)).toHaveLength(2);
    expect(email.html).toContain(`<title>${escapeHtml(content.subject)}</title>`);
    expect(email.html).toContain('href="https://app.example/dashboard?alert=a&amp;b=&quot;c&quot;"');
    expect(email.html.split(escapeHtml(HOSTILE)).length - 1).toBe(5);
  });

  it('says in the plain-text part all the HTML says, in the same order', () => {
    expect(email.subject).toBe(content.subject);
    expect(email.text).toBe(
      [
        content.lead,
        '',
        'Condition: Price rising above 1.10000',
        `Note: ${HOSTILE}`,
        '- EUR/USD 1.10012 at Nov 24, 03:12 GMT',
        `  Note: ${HOSTILE}`,
        '- USD/JPY 150.200',
        'and 2 more: see the app.',
        '',
        'Times are in Europe/London.',
        'Open the alert: https://app.example/dashboard?alert=a&b="c"',
      ].join('\n'),
    );
    const texts = [
      content.lead,
      'Condition',
      'Price rising above 1.10000',
      'USD/JPY 150.200',
      'and 2 more: see the app.',
    ];
    for (const text of [...texts, 'Times are in Europe/London.', 'Open the alert']) {
      expect(email.html).toContain(escapeHtml(text));
    }
  });

  it.each<[string, Partial<EmailContent>, string[], string[]]>([
    ['rows only', { list: [], more: undefined }, ['<dl'], ['<ul']],
    ['a list only', { rows: [] }, ['<ul'], ['<dl']],
    ['neither', { rows: [], list: [], more: undefined }, [], ['<dl', '<ul']],
  ])('draws %s', (_label, patch, present, absent) => {
    const { html, text } = renderEmail({ ...content, ...patch });
    for (const tag of present) expect(html).toContain(tag);
    for (const tag of absent) expect(html).not.toContain(tag);
    expect(text).not.toContain('\n\n\n');
  });
});

describe('renderEmail: the buttons after the main one', () => {
  const withLinks = renderEmail({
    ...content,
    links: [
      { label: 'Snooze 1 h', href: 'https://app.example/action?t=p.s' },
      { label: HOSTILE, href: 'https://app.example/action?t="x"' },
    ],
  });
  it('draws each as an outlined button, escaped, after the way to the app', () => {
    const html = withLinks.html;
    expect(html.indexOf('class="pa-link" href="https://app.example/action?t=p.s"')).toBeGreaterThan(
      html.indexOf('class="pa-button"'),
    );
    expect(html).toContain('href="https://app.example/action?t=&quot;x&quot;"');
    expect(html).not.toContain('<img');
  });
  it('lists each in the text part, after the way to the app', () => {
    expect(withLinks.text.split('\n').slice(-3)).toEqual([
      `Open the alert: ${content.action.href}`,
      'Snooze 1 h: https://app.example/action?t=p.s',
      `${HOSTILE}: https://app.example/action?t="x"`,
    ]);
  });
});
