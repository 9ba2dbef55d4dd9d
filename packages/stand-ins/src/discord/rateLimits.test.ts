import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { DiscordStandIn } from './discordStandIn.ts';
import { execute, type Answer } from './testClient.ts';

// A clock the tests move, so a window's reset and retry_after are exact.
const START = Date.parse('2026-11-30T12:00:00.000Z');
let now = START;
let discord: DiscordStandIn;
beforeAll(async () => {
  discord = await DiscordStandIn.start({
    now: () => now,
    webhookLimit: { requests: 2, perMs: 2_000 },
    globalLimit: { requests: 5, perMs: 1_000 },
  });
});
afterAll(() => discord.close());
beforeEach(() => {
  discord.reset();
  now = START;
});

const send = (url: string) => execute(url, { content: 'x' });
const limits = (a: Answer) =>
  ['limit', 'remaining', 'reset', 'reset-after'].map((h) => a.headers.get(`x-ratelimit-${h}`));

describe('Discord stand-in: rate limits', () => {
  it('tells each answer’s bucket in the headers, and refuses past it with retry_after', async () => {
    const { url } = discord.createWebhook('alerts');
    const first = await send(url);
    expect(first.status).toBe(204);
    expect(limits(first)).toEqual(['2', '1', ((START + 2_000) / 1000).toFixed(3), '2.000']);
    expect(first.headers.get('x-ratelimit-bucket')).toMatch(/^[0-9a-f]{32}$/);
    now += 500;
    expect(limits(await send(url))).toEqual(['2', '0', ((START + 2_000) / 1000).toFixed(3), '1.500']);
    now += 250;
    const refused = await send(url);
    expect(refused).toMatchObject({
      status: 429,
      json: { message: 'You are being rate limited.', retry_after: 1.25, global: false },
    });
    expect(limits(refused)).toEqual(['2', '0', ((START + 2_000) / 1000).toFixed(3), '1.250']);
    expect([refused.headers.get('retry-after'), refused.headers.get('x-ratelimit-scope')]).toEqual(['2', 'user']);
    expect(discord.guild.channels.get('alerts')?.messages).toHaveLength(2);
    now += 1_250;
    expect(limits(await send(url))).toEqual(['2', '1', ((START + 4_000) / 1000).toFixed(3), '2.000']);
  });

  it('keeps a bucket per webhook under one bucket name, as Discord does', async () => {
    const [a, b] = [discord.createWebhook('a'), discord.createWebhook('b')];
    await send(a.url);
    await send(a.url);
    expect((await send(a.url)).status).toBe(429);
    const other = await send(b.url);
    expect(other.status).toBe(204);
    expect(other.headers.get('x-ratelimit-remaining')).toBe('1');
    expect(other.headers.get('x-ratelimit-bucket')).toBe((await send(a.url)).headers.get('x-ratelimit-bucket'));
  });

  it('counts Get Webhook in a bucket of its own', async () => {
    const { url } = discord.createWebhook('alerts');
    await send(url);
    await send(url);
    const get = await fetch(url);
    expect([get.status, get.headers.get('x-ratelimit-remaining')]).toEqual([200, '1']);
    expect(get.headers.get('x-ratelimit-bucket')).not.toBe((await send(url)).headers.get('x-ratelimit-bucket'));
  });

  it('limits unknown webhooks too, and answers them in the bucket', async () => {
    const unknown = `${discord.url}/api/webhooks/123456789012345678/nope`;
    expect((await send(unknown)).headers.get('x-ratelimit-remaining')).toBe('1');
    await send(unknown);
    expect((await send(unknown)).status).toBe(429);
  });

  it('refuses past the global limit with global: true, whatever the webhook', async () => {
    const hooks = [1, 2, 3].map((n) => discord.createWebhook(`c${n}`));
    const statuses = [];
    for (const hook of [...hooks, ...hooks]) statuses.push((await send(hook.url)).status);
    expect(statuses).toEqual([204, 204, 204, 204, 204, 429]);
    now += 400;
    const refused = await send(discord.createWebhook('d').url);
    expect(refused).toMatchObject({
      status: 429,
      json: { message: 'You are being rate limited.', retry_after: 0.6, global: true },
    });
    expect(['retry-after', 'x-ratelimit-global', 'x-ratelimit-scope'].map((h) => refused.headers.get(h))).toEqual([
      '1',
      'true',
      'global',
    ]);
    expect(refused.headers.get('x-ratelimit-bucket')).toBeNull();
    now += 600;
    // The third webhook's second try was refused globally, and used none of its own bucket.
    expect((await send(hooks[2]?.url ?? '')).headers.get('x-ratelimit-remaining')).toBe('0');
  });
});
