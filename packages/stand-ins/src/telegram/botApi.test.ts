import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { callApi, control, keyboard, resultOf, sendButtons, startChat } from './testKit.ts';
import { TelegramStandIn } from './telegramStandIn.ts';

const TOKEN = '123456:TEST-token_abc';
let clock = Date.UTC(2026, 0, 5, 12);
let t: TelegramStandIn;
beforeAll(async () => {
  t = await TelegramStandIn.start({ token: TOKEN, username: 'TestAlertsBot', firstName: 'Test', now: () => clock });
});
afterAll(() => t.close());
beforeEach(async () => {
  clock += 60_000;
  await control(t, 'reset', {});
});

const refused = (error_code: number, description: string) => ({ ok: false, error_code, description });

describe('the Bot API', () => {
  it('answers getMe with the bot, whose id is the token’s', async () => {
    expect(await callApi(t, 'getMe')).toEqual({
      status: 200,
      body: {
        ok: true,
        result: expect.objectContaining({ id: 123456, is_bot: true, first_name: 'Test', username: 'TestAlertsBot' }),
      },
    });
  });

  it.each([
    ['a wrong token', `/bot123456:other/getMe`, 401, 'Unauthorized'],
    ['no token', `/bot/getMe`, 401, 'Unauthorized'],
    ['an unknown method', `/bot${TOKEN}/sendPigeon`, 404, 'Not Found'],
    ['a path outside the API', `/v1/getMe`, 404, 'Not Found'],
  ])('refuses %s', async (_label, path, status, description) => {
    const res = await fetch(`${t.url}${path}`, { method: 'POST' });
    expect([res.status, await res.json()]).toEqual([status, refused(status, description)]);
  });

  it('takes a method’s name in any case, and parameters form-encoded or in the query string', async () => {
    const chat_id = await startChat(t);
    const form = await fetch(`${t.apiUrl}/SENDMESSAGE`, {
      method: 'POST',
      headers: { 'content-type': 'application/x-www-form-urlencoded' },
      body: new URLSearchParams({
        chat_id: String(chat_id),
        text: 'form',
        reply_markup: JSON.stringify(keyboard('a')),
      }),
    });
    expect(await form.json()).toMatchObject({ ok: true, result: { text: 'form', reply_markup: keyboard('a') } });
    const query = await fetch(`${t.apiUrl}/sendMessage?chat_id=${chat_id}&text=query`);
    expect(await query.json()).toMatchObject({ ok: true, result: { text: 'query' } });
  });

  it('sends a message and answers it as a Message', async () => {
    const chat_id = await startChat(t, 'code_1', { first_name: 'Ada', username: 'ada_l' });
    const result = await resultOf(t, 'sendMessage', {
      chat_id,
      text: '<b>EUR/USD</b> above 1.1',
      parse_mode: 'HTML',
      reply_markup: keyboard('act:abcdefgh'),
    });
    expect(result).toEqual({
      message_id: 2, // the person's /start was 1
      from: { id: 123456, is_bot: true, first_name: 'Test', username: 'TestAlertsBot' },
      chat: { id: chat_id, type: 'private', first_name: 'Ada', username: 'ada_l' },
      date: Math.floor(clock / 1000),
      text: 'EUR/USD above 1.1',
      entities: [{ type: 'bold', offset: 0, length: 7 }],
      reply_markup: keyboard('act:abcdefgh'),
    });
  });

  const long = 'x'.repeat(4_097);
  it.each([
    ['no chat_id', { chat_id: undefined, text: 'x' }, 'chat_id is empty'],
    ['no text', {}, 'message text is empty'],
    ['blank text', { text: '  ' }, 'message text is empty'],
    ['text over 4,096', { text: long }, 'message is too long'],
    ['4,096 after entities are parsed is fine', { text: `<b>${'x'.repeat(4_096)}</b>`, parse_mode: 'HTML' }, null],
    [
      'malformed HTML',
      { text: '<b>x', parse_mode: 'HTML' },
      'can\'t parse entities: Can\'t find end tag corresponding to start tag "b"',
    ],
    ['an unknown parse mode', { text: 'x', parse_mode: 'BBCode' }, 'unsupported parse_mode'],
    ['a markup that is not JSON', { text: 'x', reply_markup: '{' }, "can't parse reply keyboard markup JSON object"],
    [
      'a button without an action',
      { text: 'x', reply_markup: { inline_keyboard: [[{ text: 'a' }]] } },
      "can't parse inline keyboard button: Text buttons are unallowed in the inline keyboard",
    ],
    ['callback_data over 64 bytes', { text: 'x', reply_markup: keyboard('é'.repeat(33)) }, 'BUTTON_DATA_INVALID'],
    ['empty callback_data', { text: 'x', reply_markup: keyboard('') }, 'BUTTON_DATA_INVALID'],
    ['64 bytes of callback_data is fine', { text: 'x', reply_markup: keyboard('d'.repeat(64)) }, null],
    ['a chat it has none with', { chat_id: 42, text: 'x' }, 'chat not found'],
  ])('sendMessage with %s', async (_label, params, description) => {
    const chat_id = await startChat(t);
    const answer = await callApi(t, 'sendMessage', { chat_id, ...params });
    if (description === null) expect(answer.body.ok).toBe(true);
    else expect(answer).toEqual({ status: 400, body: refused(400, `Bad Request: ${description}`) });
  });

  it('edits a message’s text, and its keyboard goes unless it is sent again', async () => {
    const chat_id = await startChat(t);
    const message_id = await sendButtons(t, chat_id, 'a', 'x');
    clock += 5_000;
    const kept = await resultOf(t, 'editMessageText', {
      chat_id,
      message_id,
      text: '<i>b</i>',
      parse_mode: 'HTML',
      reply_markup: keyboard('x'),
    });
    expect(kept).toMatchObject({ text: 'b', entities: [{ type: 'italic' }], reply_markup: keyboard('x') });
    expect(kept).toHaveProperty('edit_date', Math.floor(clock / 1000));
    const gone = await resultOf(t, 'editMessageText', { chat_id, message_id, text: 'b' });
    expect(gone).not.toHaveProperty('reply_markup');
  });

  it.each([
    [
      'the same text and keyboard',
      {},
      'message is not modified: specified new message content and reply markup are exactly the same as a current content and reply markup of the message',
    ],
    ['an unknown message', { message_id: 99 }, 'message to edit not found'],
    ['the person’s own message', { message_id: 1 }, "message can't be edited"],
    ['no message_id', { message_id: undefined }, 'message identifier is not specified'],
    ['no chat_id', { chat_id: undefined }, 'chat_id is empty'],
    ['an inline message id', { chat_id: undefined, inline_message_id: 'x' }, 'MESSAGE_ID_INVALID'],
    [
      'malformed HTML',
      { text: '</i>', parse_mode: 'HTML' },
      "can't parse entities: Unexpected end tag at byte offset 0",
    ],
  ])('editMessageText refuses %s', async (_label, change, description) => {
    const chat_id = await startChat(t);
    const message_id = await sendButtons(t, chat_id, 'a', 'x');
    const params = { chat_id, message_id, text: 'a', reply_markup: keyboard('x'), ...change };
    expect(await callApi(t, 'editMessageText', params)).toEqual({
      status: 400,
      body: refused(400, `Bad Request: ${description}`),
    });
  });

  it('answers a callback query once, within its time', async () => {
    const chat_id = await startChat(t);
    const message_id = await sendButtons(t, chat_id, 'a', 'x');
    const tap = () => control<{ callback_query_id: string }>(t, 'tap', { chat_id, message_id, data: 'x' });
    const invalid = refused(400, 'Bad Request: query is too old and response timeout expired or query ID is invalid');
    const first = (await tap()).body.callback_query_id;
    expect(await callApi(t, 'answerCallbackQuery', { callback_query_id: first, text: 'Snoozed' })).toEqual({
      status: 200,
      body: { ok: true, result: true },
    });
    expect((await callApi(t, 'answerCallbackQuery', { callback_query_id: first })).body).toEqual(invalid);
    const late = (await tap()).body.callback_query_id;
    clock += 16_000;
    expect((await callApi(t, 'answerCallbackQuery', { callback_query_id: late })).body).toEqual(invalid);
    expect((await callApi(t, 'answerCallbackQuery', { callback_query_id: '123' })).body).toEqual(invalid);
    expect((await callApi(t, 'answerCallbackQuery', {})).body).toEqual(invalid);
  });
});
