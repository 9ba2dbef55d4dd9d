// The Bot API and Execute Webhook clients against a real local server that answers as told: a 2xx is a
// send that happened whatever its body, a 429 says how long to wait, and no error carries the bot's token.
import { createServer, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { postDiscord } from './discordApi';
import { TelegramUnreachable, telegramApi } from './telegramApi';

interface Answer {
  status: number;
  body: string;
  headers?: Record<string, string>;
}
let next: Answer = { status: 200, body: '{}' };
let server: Server;
let origin = '';
beforeAll(async () => {
  server = createServer((_req, res) => {
    res.writeHead(next.status, { 'content-type': 'application/json', ...next.headers }).end(next.body);
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  origin = `http://127.0.0.1:${(server.address() as AddressInfo).port}`;
});
afterAll(() => new Promise<void>((resolve) => server.close(() => resolve())));

const TOKEN = '7000000009:secret-token-of-the-bot';
const message = { allowed_mentions: { parse: [] as [] } };

describe('telegramApi', () => {
  it.each([
    ['the Bot API’s yes', { status: 200, body: '{"ok":true,"result":{"message_id":5,"chat":{"id":1}}}' }],
    ['a 200 whose body is not JSON', { status: 200, body: 'ok' }],
    ['a 200 whose result is not a message', { status: 200, body: '{"ok":true,"result":7}' }],
  ])('takes %s as sent, so the message is never sent twice', async (_label, answer) => {
    next = answer;
    expect(await telegramApi(TOKEN, origin).sendMessage(1, 'hi')).toMatchObject({ ok: true });
  });

  it('reads a refusal with its wait', async () => {
    next = {
      status: 429,
      body: '{"ok":false,"error_code":429,"description":"Too Many Requests: retry after 3","parameters":{"retry_after":3}}',
    };
    expect(await telegramApi(TOKEN, origin).sendMessage(1, 'hi')).toEqual({
      ok: false,
      status: 429,
      description: 'Too Many Requests: retry after 3',
      retryAfter: 3,
    });
  });

  it('says Telegram could not be reached, never naming the token', async () => {
    const error = await telegramApi(TOKEN, 'http://127.0.0.1:9')
      .sendMessage(1, 'hi')
      .catch((e: unknown) => e);
    expect(error).toBeInstanceOf(TelegramUnreachable);
    const malformed = await telegramApi(TOKEN, 'not a url')
      .sendMessage(1, 'hi')
      .catch((e: unknown) => e);
    expect(String(malformed)).not.toContain(TOKEN.split(':')[1]);
  });
});

describe('postDiscord', () => {
  it('takes a 2xx as posted without reading its body', async () => {
    next = { status: 204, body: '' };
    expect(await postDiscord(`${origin}/api/webhooks/1/t`, message)).toEqual({ ok: true });
  });

  it.each([
    [
      'the body’s retry_after',
      { status: 429, body: '{"message":"You are being rate limited.","retry_after":0.8,"global":true}' },
      0.8,
      true,
    ],
    ['the Retry-After header', { status: 429, body: '', headers: { 'retry-after': '2' } }, 2, false],
    ['X-RateLimit-Reset-After', { status: 429, body: '', headers: { 'x-ratelimit-reset-after': '1.5' } }, 1.5, false],
    ['a second, when nothing says', { status: 429, body: '' }, 1, false],
  ])('waits on a 429 for %s', async (_label, answer, retryAfter, global) => {
    next = answer;
    expect(await postDiscord(`${origin}/api/webhooks/1/t`, message)).toMatchObject({
      ok: false,
      status: 429,
      retryAfter,
      global,
    });
  });

  it('reads Discord’s code for a webhook that is gone', async () => {
    next = { status: 404, body: '{"message":"Unknown Webhook","code":10015}' };
    expect(await postDiscord(`${origin}/api/webhooks/1/t`, message)).toEqual({
      ok: false,
      status: 404,
      code: 10015,
      message: 'Unknown Webhook',
    });
  });
});
