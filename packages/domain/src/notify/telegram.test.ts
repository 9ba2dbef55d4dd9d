import { describe, expect, it } from 'vitest';
import type { FiredAlert } from './alertMessages.ts';
import {
  escapeTelegramHtml,
  telegramAlertMessage,
  telegramButtonData,
  telegramButtonId,
  TELEGRAM_TEXT_MAX,
  telegramCommand,
  telegramPushText,
  telegramStartLink,
  telegramUpdateSchema,
} from './telegram.ts';

const CODE = 'a'.repeat(16) + 'B-_9'.repeat(4);
const fired: FiredAlert = {
  alertId: 'a1',
  currencyPair: 'EUR/USD',
  alertType: 'Price rising above',
  triggerPrice: 1.1,
  triggeredPrice: 1.100123,
  triggeredAt: new Date(Date.UTC(2026, 10, 22, 14, 5, 30)),
};

describe('telegramAlertMessage', () => {
  const URL_ = 'https://app.example/dashboard?alert=a%221';
  it('says in a few lines what the email says, escaped for HTML mode, with a link to the alert', () => {
    const text = telegramAlertMessage({ ...fired, note: 'Break <above> & hold', fireCount: 2 }, 'Europe/Paris', URL_);
    expect(text).toBe(
      [
        '<b>EUR/USD: Price rising above 1.10000</b>',
        'Now 1.10012 (ask)',
        'Nov 22, 15:05 CET',
        'Fired 2 times',
        '<i>Break &lt;above&gt; &amp; hold</i>',
        '<a href="https://app.example/dashboard?alert=a%221">Open the alert</a>',
      ].join('\n'),
    );
  });

  it('quotes nothing into the link’s attribute', () => {
    expect(telegramAlertMessage(fired, 'UTC', 'https://a.example/"><b>x').split('\n').at(-1)).toBe(
      '<a href="https://a.example/&quot;&gt;&lt;b&gt;x">Open the alert</a>',
    );
  });

  it('tells a move in its own words and the price that fired it', () => {
    const move: FiredAlert = {
      ...fired,
      alertType: 'Moving up %',
      triggerPrice: undefined,
      move: { movePercent: 1, percent: 1.2, from: 1.087, fromAt: fired.triggeredAt.getTime() - 600_000 },
    };
    const lines = telegramAlertMessage(move, 'UTC', URL_).split('\n');
    expect(lines[2]).toBe('Now 1.10012 (ask)');
    expect(lines[1]).not.toBe(lines[2]);
  });

  it('says what the email says of a firing at the open or one that paused the alert', () => {
    const text = telegramAlertMessage({ ...fired, atOpen: true, runawayPaused: true }, 'UTC', URL_);
    expect(text.split('\n').slice(-3, -1)).toEqual([
      'It fired at the market open, on the first price after the weekend close.',
      'It fired more than 15 times in 3 minutes and is now paused. Resume it when the market calms.',
    ]);
  });
});

describe('escapeTelegramHtml', () => {
  it.each([
    ['<b>bold</b>', '&lt;b&gt;bold&lt;/b&gt;'],
    ['A & B', 'A &amp; B'],
    ['&amp;', '&amp;amp;'],
    ['plain "quotes"', 'plain "quotes"'],
  ])('%j is %j', (text, escaped) => {
    expect(escapeTelegramHtml(text)).toBe(escaped);
  });
});

describe('the link code and the commands', () => {
  it('makes the start link, and refuses a code or a bot name Telegram would not take', () => {
    expect(telegramStartLink('PriceAlertsBot', CODE)).toBe(`https://t.me/PriceAlertsBot?start=${CODE}`);
    expect(() => telegramStartLink('PriceAlertsBot', 'short')).toThrow();
    expect(() => telegramStartLink('bad name', CODE)).toThrow();
  });

  it.each([
    [`/start ${CODE}`, { start: CODE }],
    [`/start@PriceAlertsBot ${CODE}`, { start: CODE }],
    ['/stop', { stop: true }],
    ['/start', undefined],
    [`/start ${CODE} more`, undefined],
    [`/start ${CODE.slice(1)}`, undefined],
    [`/start ${CODE.slice(1)}!`, undefined],
    ['/stop now', undefined],
    ['hello', undefined],
    [undefined, undefined],
  ])('%j asks %j', (text, command) => {
    expect(telegramCommand(text)).toEqual(command);
  });

  it.each([
    ['abcdefgh', 'act:abcdefgh'],
    ['x'.repeat(60), `act:${'x'.repeat(60)}`],
  ])('a button of id %s carries %s, within 64 bytes, and reads back', (id, data) => {
    expect(telegramButtonData(id)).toBe(data);
    expect(new TextEncoder().encode(data).length).toBeLessThanOrEqual(64);
    expect(telegramButtonId(data)).toBe(id);
  });

  it.each(['short', 'x'.repeat(61), 'has space', 'ü'.repeat(10)])('refuses a button id %j', (id) => {
    expect(() => telegramButtonData(id)).toThrow();
    expect(telegramButtonId(`act:${id}`)).toBeUndefined();
  });
});

describe('telegramUpdateSchema', () => {
  const chat = { id: 42, type: 'private', first_name: 'Ann' };
  it.each([
    ['a /start message', { update_id: 1, message: { message_id: 3, chat, text: `/start ${CODE}` } }, true],
    ['a button tap', { update_id: 2, callback_query: { id: 'q', from: { id: 42 }, data: 'act:abcdefgh' } }, true],
    ['an update of another kind, read as nothing', { update_id: 3, edited_message: {} }, true],
    ['no update_id', { message: { message_id: 3, chat } }, false],
    ['a chat id that is no integer', { update_id: 4, message: { message_id: 3, chat: { ...chat, id: 1.5 } } }, false],
    [
      'callback data over 64',
      { update_id: 5, callback_query: { id: 'q', from: { id: 1 }, data: 'x'.repeat(65) } },
      false,
    ],
  ])('%s: %s', (_name, update, ok) => {
    expect(telegramUpdateSchema.safeParse(update).success).toBe(ok);
  });
});

describe('telegramPushText', () => {
  it.each([
    [{ title: 'EUR/USD <b>', body: 'Line & one\nLine two' }, '<b>EUR/USD &lt;b&gt;</b>\nLine &amp; one\nLine two'],
    [{ title: 'Alert expired', body: '' }, '<b>Alert expired</b>\n'],
  ])('tells %o as %s', (push, text) => {
    expect(telegramPushText(push)).toBe(text);
  });

  it('cuts a long body at a line, within Telegram’s limit', () => {
    const text = telegramPushText({ title: 'T', body: Array.from({ length: 100 }, () => 'x'.repeat(60)).join('\n') });
    expect(text.length).toBeLessThanOrEqual(TELEGRAM_TEXT_MAX);
    expect(text.endsWith('x'.repeat(60))).toBe(true);
  });
});
