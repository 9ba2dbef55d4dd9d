import { telegramCommand, telegramUpdateSchema } from '@price-alerts/domain/notify';
import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import type { DeliveryRecord } from './webhookDelivery.ts';
import { callApi, control, resultOf, sendButtons, startChat, startReceiver, type Receiver } from './testKit.ts';
import { TelegramStandIn } from './telegramStandIn.ts';

const SECRET = 'S3cret_-token';
const CODE = 'abcdefghijklmnopqrstuvwxyz012345';
let t: TelegramStandIn;
let hook: Receiver;
const setWebhook = (params: Record<string, unknown> = {}) =>
  resultOf(t, 'setWebhook', { url: `${hook.url}/telegram`, secret_token: SECRET, ...params });

beforeAll(async () => {
  hook = await startReceiver();
  t = await TelegramStandIn.start({ username: 'TestAlertsBot', webhook: { attempts: 3, backoffMs: 5 } });
});
afterAll(async () => {
  await t.close();
  await hook.close();
});
beforeEach(async () => {
  await control(t, 'reset', {});
  await callApi(t, 'deleteWebhook', { drop_pending_updates: true });
  await callApi(t, 'setWebhook', { url: `${hook.url}/telegram`, secret_token: SECRET, allowed_updates: [] });
  hook.received.length = 0;
});

describe('the webhook', () => {
  it('is set, reported, and deleted with Telegram’s descriptions', async () => {
    await callApi(t, 'deleteWebhook');
    expect((await callApi(t, 'deleteWebhook')).body).toEqual({
      ok: true,
      result: true,
      description: 'Webhook is already deleted',
    });
    const set = { url: `${hook.url}/telegram`, secret_token: SECRET };
    expect((await callApi(t, 'setWebhook', set)).body).toEqual({
      ok: true,
      result: true,
      description: 'Webhook was set',
    });
    expect((await callApi(t, 'setWebhook', set)).body).toMatchObject({ description: 'Webhook is already set' });
    expect(await resultOf(t, 'getWebhookInfo', {})).toEqual({
      url: set.url,
      has_custom_certificate: false,
      pending_update_count: 0,
      max_connections: 40,
    });
    expect((await callApi(t, 'deleteWebhook')).body).toMatchObject({ description: 'Webhook was deleted' });
    expect(await resultOf(t, 'getWebhookInfo', {})).toMatchObject({ url: '' });
  });

  it.each([
    ['a secret with a space', { secret_token: 'a b' }, 'secret token contains unallowed characters'],
    ['a secret over 256', { secret_token: 'a'.repeat(257) }, 'secret token contains unallowed characters'],
    [
      'a URL that is not http(s)',
      { url: 'ftp://example.test/hook' },
      'bad webhook: An HTTPS URL must be provided for webhook',
    ],
    ['max_connections 0', { max_connections: 0 }, 'bad webhook: max_connections must be between 1 and 100'],
  ])('refuses %s', async (_label, params, description) => {
    expect(await callApi(t, 'setWebhook', { url: `${hook.url}/x`, ...params })).toEqual({
      status: 400,
      body: { ok: false, error_code: 400, description: `Bad Request: ${description}` },
    });
  });
});

describe('a person in Telegram', () => {
  it('presses Start from the link: the webhook gets /start <code> with the secret header', async () => {
    await control(t, 'start', {
      link: `https://t.me/TestAlertsBot?start=${CODE}`,
      first_name: 'Ada',
      username: 'ada_l',
    });
    await t.idle();
    const [delivery] = hook.received;
    expect(delivery?.headers['x-telegram-bot-api-secret-token']).toBe(SECRET);
    expect(delivery?.headers['content-type']).toBe('application/json');
    const update = telegramUpdateSchema.parse(delivery?.update);
    expect(delivery?.update).toMatchObject({
      update_id: expect.any(Number),
      message: {
        message_id: 1,
        from: { id: expect.any(Number), is_bot: false, first_name: 'Ada', username: 'ada_l' },
        chat: { id: update.message?.chat.id, type: 'private', first_name: 'Ada', username: 'ada_l' },
        date: expect.any(Number),
        text: `/start ${CODE}`,
        entities: [{ type: 'bot_command', offset: 0, length: 6 }],
      },
    });
    expect(telegramCommand(update.message?.text)).toEqual({ start: CODE });
  });

  it.each([
    ['a bare code', CODE, `/start ${CODE}`],
    ['a link without a start parameter', 'https://t.me/TestAlertsBot', '/start'],
    ['a code Telegram would not carry', 'bad code!', '/start'],
    ['no link', undefined, '/start'],
  ])('presses Start with %s', async (_label, link, text) => {
    await control(t, 'start', { link });
    await t.idle();
    expect(hook.taken.map((u) => (u.message as { text: string }).text)).toEqual([text]);
  });

  it('cannot open another bot’s link', async () => {
    const { status, body } = await control(t, 'start', { link: `https://t.me/OtherBot?start=${CODE}` });
    expect([status, body]).toEqual([400, { error: 'That link opens @OtherBot, not this bot (@TestAlertsBot)' }]);
  });

  it('writes /stop, and the chat’s updates arrive in order', async () => {
    const chat_id = await startChat(t, CODE);
    for (const text of ['/stop', 'hello', '/stop@TestAlertsBot']) await control(t, 'text', { chat_id, text });
    await t.idle();
    const texts = hook.taken.map((u) => (u.message as { text: string }).text);
    expect(texts).toEqual([`/start ${CODE}`, '/stop', 'hello', '/stop@TestAlertsBot']);
    expect(texts.map((text) => telegramCommand(text))).toEqual([
      { start: CODE },
      { stop: true },
      undefined,
      { stop: true },
    ]);
  });

  it('taps an inline button: a callback query with a fresh id, the message and its data', async () => {
    const chat_id = await startChat(t);
    const message_id = await sendButtons(t, chat_id, 'Fired', 'act:snooze123');
    const tap = { chat_id, message_id, data: 'act:snooze123' };
    const ids = [
      (await control(t, 'tap', tap)).body.callback_query_id,
      (await control(t, 'tap', tap)).body.callback_query_id,
    ];
    await t.idle();
    expect(new Set(ids).size).toBe(2);
    const queries = hook.taken.filter((u) => u.callback_query).map((u) => telegramUpdateSchema.parse(u).callback_query);
    expect(queries).toEqual(
      ids.map((id) => ({
        id,
        from: { id: chat_id },
        message: { message_id, chat: expect.objectContaining({ id: chat_id }) },
        data: 'act:snooze123',
      })),
    );
    expect(hook.taken.at(-1)?.callback_query).toHaveProperty('chat_instance');
    expect((await control(t, 'tap', { ...tap, data: 'act:other' })).status).toBe(404);
  });

  it('blocks the bot: a my_chat_member update, then 403 to sendMessage, until Start unblocks it', async () => {
    const chat_id = await startChat(t);
    await control(t, 'block', { chat_id, blocked: true });
    expect(await callApi(t, 'sendMessage', { chat_id, text: 'x' })).toEqual({
      status: 403,
      body: { ok: false, error_code: 403, description: 'Forbidden: bot was blocked by the user' },
    });
    expect((await control(t, 'text', { chat_id, text: 'hi' })).status).toBe(409);
    await control(t, 'start', { user_id: chat_id, link: CODE });
    expect((await callApi(t, 'sendMessage', { chat_id, text: 'back' })).status).toBe(200);
    await t.idle();
    const kinds = hook.taken.map((u) =>
      u.my_chat_member
        ? (u.my_chat_member as { new_chat_member: { status: string } }).new_chat_member.status
        : 'message',
    );
    expect(kinds).toEqual(['message', 'kicked', 'member', 'message']);
  });
});

describe('delivery', () => {
  const records = async () => (await control<DeliveryRecord[]>(t, 'updates')).body;

  it('tries again after a webhook fails, keeping the chat’s order, and reports the last error', async () => {
    hook.answerNext(500, 503);
    const chat_id = await startChat(t);
    await control(t, 'text', { chat_id, text: 'second' });
    await t.idle();
    expect(hook.received.map((r) => r.status)).toEqual([500, 503, 200, 200]);
    expect(hook.taken.map((u) => (u.message as { text: string }).text)).toEqual(['/start code_1', 'second']);
    expect((await records()).map((r) => [r.status, r.attempts])).toEqual([
      ['delivered', 3],
      ['delivered', 1],
    ]);
    expect(await resultOf(t, 'getWebhookInfo', {})).toMatchObject({
      last_error_date: expect.any(Number),
      last_error_message: 'Wrong response from the webhook: 503 Service Unavailable',
    });
  });

  it('gives an update up after its attempts, and goes on with the next', async () => {
    hook.answerNext(500, 500, 500);
    const chat_id = await startChat(t);
    await control(t, 'text', { chat_id, text: 'next' });
    await t.idle();
    expect((await records()).map((r) => r.status)).toEqual(['failed', 'delivered']);
    expect(hook.taken.map((u) => (u.message as { text: string }).text)).toEqual(['next']);
  });

  it('keeps updates while there is no webhook, and sends them once there is one', async () => {
    await callApi(t, 'deleteWebhook');
    await startChat(t);
    expect(await resultOf(t, 'getWebhookInfo', {})).toMatchObject({ url: '', pending_update_count: 1 });
    await setWebhook();
    await t.idle();
    expect(hook.taken).toHaveLength(1);
    await callApi(t, 'deleteWebhook');
    await startChat(t);
    await setWebhook({ drop_pending_updates: true });
    await t.idle();
    expect(hook.taken).toHaveLength(1);
    expect((await records()).map((r) => r.status)).toEqual(['delivered', 'dropped']);
  });

  it('sends only the kinds of update allowed_updates names', async () => {
    await setWebhook({ allowed_updates: ['callback_query'] });
    const chat_id = await startChat(t);
    const message_id = await sendButtons(t, chat_id, 'x', 'd');
    await control(t, 'tap', { chat_id, message_id, data: 'd' });
    await t.idle();
    expect(hook.taken.map((u) => Object.keys(u))).toEqual([['update_id', 'callback_query']]);
  });

  it('says so when the webhook cannot be reached', async () => {
    const gone = await startReceiver();
    await gone.close();
    await resultOf(t, 'setWebhook', { url: `${gone.url}/telegram` });
    await startChat(t);
    await t.idle();
    expect(await resultOf(t, 'getWebhookInfo', {})).toMatchObject({ last_error_message: 'Connection refused' });
    expect((await records()).map((r) => [r.status, r.last])).toEqual([['failed', 'Connection refused']]);
  });
});
