import { discordWebhookUrl } from '@price-alerts/domain/notify';
import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { DiscordStandIn } from './discordStandIn.ts';
import { execute } from './testClient.ts';

let discord: DiscordStandIn;
let hook: ReturnType<DiscordStandIn['createWebhook']>;
beforeAll(async () => {
  discord = await DiscordStandIn.start();
});
afterAll(() => discord.close());
beforeEach(() => {
  discord.reset();
  hook = discord.createWebhook('price-alerts', 'Price Alerts');
});

const embed = {
  title: 'EUR/USD: Ask above 1.1000',
  description: 'Now 1.1002 (ask)',
  url: 'https://price-alerts.test/alerts/a1',
  color: 0x2f81f7,
  fields: [{ name: 'Time', value: '30 Nov, 12:00', inline: true }],
  footer: { text: 'Times are in Europe/London' },
  timestamp: '2026-11-30T12:00:00.000Z',
};
const channels = async () =>
  ((await (await fetch(`${discord.url}/control/channels`)).json()) as { channels: { messages: unknown[] }[] }).channels;

describe('Discord stand-in: Execute Webhook', () => {
  it('hands out URLs in Discord’s shape (the app’s own check passes once the host is Discord’s)', () => {
    const onDiscord = hook.url.replace(discord.url, 'https://discord.com');
    expect(discordWebhookUrl(onDiscord)).toBe(onDiscord);
  });

  it('answers 204 without wait, and keeps the message', async () => {
    const answer = await execute(hook.url, { content: 'Test from Price Alerts', embeds: [embed] });
    expect([answer.status, answer.json]).toEqual([204, undefined]);
    const [channel] = await channels();
    expect(channel?.messages).toEqual([
      expect.objectContaining({ message: expect.objectContaining({ content: 'Test from Price Alerts' }) }),
    ]);
  });

  it('answers the message object with wait=true, on the versioned path too', async () => {
    const url = hook.url.replace('/api/', '/api/v10/');
    const answer = await execute(
      url,
      { embeds: [embed], username: 'Alerts', allowed_mentions: { parse: [] } },
      { wait: true },
    );
    expect(answer.status).toBe(200);
    expect(answer.json).toMatchObject({
      id: expect.stringMatching(/^\d{17,20}$/),
      type: 0,
      channel_id: expect.stringMatching(/^\d+$/),
      webhook_id: hook.id,
      author: { id: hook.id, username: 'Alerts', bot: true },
      content: '',
      embeds: [{ ...embed, type: 'rich', timestamp: '2026-11-30T12:00:00.000+00:00' }],
      timestamp: expect.stringMatching(/^\d{4}-\d{2}-\d{2}T\d{2}:\d{2}:\d{2}\.\d{6}\+00:00$/),
    });
    expect((await channels())[0]?.messages).toEqual([expect.objectContaining({ allowedMentions: { parse: [] } })]);
  });

  it.each([
    ['no content and no embeds', {}],
    ['blank content', { content: '   ', embeds: [] }],
    ['nulls', { content: null, embeds: null }],
  ])('refuses %s with 50006 Cannot send an empty message', async (_label, body) => {
    expect(await execute(hook.url, body)).toMatchObject({
      status: 400,
      json: { message: 'Cannot send an empty message', code: 50006 },
    });
  });

  it.each([
    ['a body that is not JSON', '{', {}, 400, { message: 'The request body contains invalid JSON.', code: 50109 }],
    [
      'a body not sent as JSON',
      '{}',
      { 'content-type': 'text/plain' },
      400,
      { message: 'Invalid Form Body', code: 50035 },
    ],
    ['a body over 256 KiB', 'x'.repeat(300_000), {}, 413, { code: 40005 }],
  ])('refuses %s', async (_label, body, headers, status, json) => {
    expect(await execute(hook.url, body, { headers })).toMatchObject({ status, json });
    expect((await channels())[0]?.messages).toEqual([]);
  });

  it('has no threads: thread_id answers Unknown Channel', async () => {
    const res = await fetch(`${hook.url}?thread_id=1`, {
      method: 'POST',
      headers: { 'content-type': 'application/json' },
      body: '{"content":"x"}',
    });
    expect([res.status, await res.json()]).toEqual([400, { message: 'Unknown Channel', code: 10003 }]);
  });
});

describe('Discord stand-in: which webhook', () => {
  it('answers Get Webhook with Token with the webhook object, without a user', async () => {
    const res = await fetch(hook.url);
    expect(res.status).toBe(200);
    const body = (await res.json()) as Record<string, unknown>;
    expect(body).toEqual({
      id: hook.id,
      type: 1,
      name: 'Price Alerts',
      avatar: null,
      channel_id: hook.channelId,
      guild_id: discord.guild.id,
      application_id: null,
      token: hook.token,
    });
  });

  it.each([
    ['an unknown id', (url: string) => url.replace(/\/webhooks\/\d+/, '/webhooks/123456789012345678'), 404, 10015],
    ['a wrong token for a known id', (url: string) => url.replace(/[^/]+$/, 'x'.repeat(68)), 401, 50027],
  ])('answers %s with %i and code %i, for GET and POST alike', async (_label, change, status, code) => {
    const message = code === 10015 ? 'Unknown Webhook' : 'Invalid Webhook Token';
    expect(await execute(change(hook.url), { content: 'x' })).toMatchObject({ status, json: { message, code } });
    const res = await fetch(change(hook.url));
    expect([res.status, await res.json()]).toEqual([status, { message, code }]);
  });

  it('refuses an id that is not a snowflake as Discord does', async () => {
    const answer = await execute(hook.url.replace(/\/webhooks\/\d+/, '/webhooks/abc'), { content: 'x' });
    expect(answer).toMatchObject({
      status: 400,
      json: {
        code: 50035,
        errors: { webhook_id: { _errors: [{ code: 'NUMBER_TYPE_COERCE', message: 'Value "abc" is not snowflake.' }] } },
      },
    });
  });

  it.each([
    ['the control route', () => fetch(`${discord.url}/control/webhooks/${hook.id}`, { method: 'DELETE' }), 200],
    ['Delete Webhook with Token', () => fetch(hook.url, { method: 'DELETE' }), 204],
  ])('after deletion through %s, answers 404 Unknown Webhook even with the right token', async (_l, remove, status) => {
    expect((await remove()).status).toBe(status);
    expect(await execute(hook.url, { content: 'x' })).toMatchObject({ status: 404, json: { code: 10015 } });
    expect((await fetch(hook.url)).status).toBe(404);
    expect((await fetch(`${discord.url}/control/webhooks/${hook.id}`, { method: 'DELETE' })).status).toBe(404);
  });

  it('answers other API paths and methods with Discord’s plain errors', async () => {
    const other = await fetch(`${discord.url}/api/v10/channels/1/messages`);
    expect([other.status, await other.json()]).toEqual([404, { message: '404: Not Found', code: 0 }]);
    const patch = await fetch(hook.url, { method: 'PATCH' });
    expect([patch.status, await patch.json()]).toEqual([405, { message: '405: Method Not Allowed', code: 0 }]);
  });
});

describe('Discord stand-in: control routes', () => {
  it('makes a webhook for a named channel, with its URL on the stand-in’s host', async () => {
    const res = await fetch(`${discord.url}/control/webhooks`, {
      method: 'POST',
      headers: { 'content-type': 'application/json' },
      body: JSON.stringify({ channel: 'fx-desk' }),
    });
    expect(res.status).toBe(201);
    const made = (await res.json()) as { url: string; name: string; channel: string };
    expect(made).toMatchObject({ name: 'Captain Hook', channel: 'fx-desk' });
    expect(made.url).toMatch(new RegExp(`^${discord.url}/api/webhooks/\\d{17,20}/[A-Za-z0-9_-]{68}$`));
    expect((await execute(made.url, { content: 'hello' })).status).toBe(204);
    expect((await channels()).map((c) => c.messages.length)).toEqual([0, 1]);
  });

  it('takes the page’s form and answers it with the page again', async () => {
    const res = await fetch(`${discord.url}/control/webhooks`, {
      method: 'POST',
      headers: { 'content-type': 'application/x-www-form-urlencoded' },
      body: 'channel=from-the-page&name=',
      redirect: 'manual',
    });
    expect([res.status, res.headers.get('location')]).toEqual([303, '/']);
    const hooks = [...discord.guild.webhooks.values()];
    expect(hooks.map((w) => w.name)).toEqual(['Price Alerts', 'Captain Hook']);
    const remove = await fetch(`${discord.url}/control/webhooks/${hook.id}/delete`, {
      method: 'POST',
      redirect: 'manual',
      headers: { 'content-type': 'application/x-www-form-urlencoded' },
    });
    expect(remove.status).toBe(303);
    expect(discord.guild.webhooks.get(hook.id)?.deleted).toBe(true);
  });

  it.each([{}, { channel: '' }, { channel: 'x'.repeat(101) }])('refuses a webhook for %o', async (body) => {
    const res = await fetch(`${discord.url}/control/webhooks`, { method: 'POST', body: JSON.stringify(body) });
    expect(res.status).toBe(400);
  });

  it('forgets everything on reset, and counts on /health', async () => {
    await execute(hook.url, { content: 'x' });
    expect(await (await fetch(`${discord.url}/health`)).json()).toEqual({
      ok: true,
      channels: 1,
      webhooks: 1,
      messages: 1,
    });
    expect((await fetch(`${discord.url}/control/reset`, { method: 'POST' })).status).toBe(200);
    expect(await channels()).toEqual([]);
    expect((await execute(hook.url, { content: 'x' })).status).toBe(404);
  });
});
