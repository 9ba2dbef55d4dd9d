// manageDiscord against the Firestore emulator and the Discord stand-in, in this process on a port of its
// own: URLs made by the stand-in's control API as a user makes them in Discord, saved, tested (the message
// read back from the stand-in's channel), found deleted, and removed.
import {
  DISCORD_GONE,
  MSG_DISCORD_NOT_LINKED,
  MSG_DISCORD_TEST_SPACING,
  MSG_DISCORD_URL,
  type DiscordRequest,
} from '@price-alerts/domain/notify';
import { DiscordStandIn, type KeptMessage } from '@price-alerts/stand-ins/discord';
import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { clearFirestoreProject } from '../../../tests/emulator/firestore-emulator';
import { discordWebhookOf, removeDiscordWebhook } from '../repositories/discordWebhooks';
import { NoProfile } from '../repositories/webhooks';
import { testApp, type TestApp } from '../testing/emulatorApp';
import { DISCORD_TEST_ERRORS, DISCORD_TEST_MESSAGE, manageDiscord, type DiscordSettingsDeps } from './discordSettings';

const PROJECT = 'demo-discord-settings';
let t: TestApp;
let discord: DiscordStandIn;
let deps: DiscordSettingsDeps;
let uid: string;

beforeAll(async () => {
  t = await testApp(PROJECT);
  // Two messages a minute per webhook: the tests below post at most that, and a third is told to wait.
  discord = await DiscordStandIn.start({ webhookLimit: { requests: 2, perMs: 60_000 } });
  deps = { db: t.db, localOrigin: discord.url };
});
afterAll(async () => {
  await discord.close();
  await t.close();
});
beforeEach(async () => {
  await clearFirestoreProject(PROJECT);
  discord.reset();
  uid = `trader-${Math.random().toString(36).slice(2)}`;
  await profile().set({ fullName: 'Trader' });
});

const profile = (who = uid) => t.db.doc(`users/${who}`);
const stored = (who = uid) => t.db.doc(`discordWebhooks/${who}`);
const call = (request: DiscordRequest | Record<string, unknown>, who = uid) => manageDiscord(deps, who, request);

/** A webhook made as a user makes one in Discord: through the stand-in's control API, on its origin. */
async function makeWebhook(channel = 'alerts'): Promise<{ id: string; token: string; url: string }> {
  const res = await fetch(`${discord.url}/control/webhooks`, {
    method: 'POST',
    headers: { 'content-type': 'application/json' },
    body: JSON.stringify({ channel, name: 'Price Alerts' }),
  });
  expect(res.status).toBe(201);
  return (await res.json()) as { id: string; token: string; url: string };
}

/** The channel's messages as the stand-in kept them, oldest first. */
async function messages(channel = 'alerts'): Promise<KeptMessage[]> {
  const res = await fetch(`${discord.url}/control/channels`);
  const { channels } = (await res.json()) as { channels: { name: string; messages: KeptMessage[] }[] };
  return channels.find((c) => c.name === channel)?.messages ?? [];
}

describe('manageDiscord: save', () => {
  it('stores the URL in its canonical form and shows the webhook’s id on the profile', async () => {
    const hook = await makeWebhook();
    const pasted = `  ${hook.url.replace('/api/', '/api/v10/')}/ `;
    expect(await call({ op: 'save', url: pasted })).toEqual({ op: 'save', webhookId: hook.id });
    const saved = (await stored().get()).data();
    expect(saved).toEqual({ url: hook.url, since: expect.any(Number) });
    expect((await profile().get()).get('discord')).toEqual({
      state: 'linked',
      webhookId: hook.id,
      since: saved?.since,
    });
    expect((await profile().get()).get('fullName')).toBe('Trader');
    expect(await discordWebhookOf(t.db, uid)).toBe(hook.url);
  });

  it('replaces a lost webhook’s reason with the new one, whole', async () => {
    await profile().set({ discord: { state: 'lost', reason: DISCORD_GONE, at: 1 } }, { merge: true });
    const hook = await makeWebhook();
    await call({ op: 'save', url: hook.url });
    expect((await profile().get()).get('discord')).toEqual({
      state: 'linked',
      webhookId: hook.id,
      since: expect.any(Number),
    });
  });

  it('keeps `since` when the same URL is saved again, and takes a new one for another URL', async () => {
    const [first, second] = [await makeWebhook(), await makeWebhook('other')];
    await call({ op: 'save', url: first.url });
    const since = (await stored().get()).get('since') as number;
    await new Promise((resolve) => setTimeout(resolve, 5));
    await call({ op: 'save', url: first.url });
    expect((await stored().get()).get('since')).toBe(since);
    await call({ op: 'save', url: second.url });
    expect((await stored().get()).data()).toEqual({ url: second.url, since: expect.any(Number) });
    expect((await stored().get()).get('since')).toBeGreaterThan(since);
    expect((await profile().get()).get('discord.webhookId')).toBe(second.id);
  });

  it.each([
    [
      'a host that is not Discord’s',
      (id: string, token: string) => `https://evil.example.com/api/webhooks/${id}/${token}`,
    ],
    ['Discord’s host over http', (id: string, token: string) => `http://discord.com/api/webhooks/${id}/${token}`],
    ['another port on this machine', (id: string, token: string) => `http://127.0.0.1:9/api/webhooks/${id}/${token}`],
    ['a query', (id: string, token: string) => `https://discord.com/api/webhooks/${id}/${token}?wait=true`],
    ['not a URL', () => 'discord webhook please'],
    ['a short token', (id: string) => `https://discord.com/api/webhooks/${id}/abc`],
    ['an id that is not a snowflake', (_id: string, token: string) => `https://discord.com/api/webhooks/12/${token}`],
    ['a channel’s link', () => 'https://discord.com/channels/1234567890123456789/1234567890123456780'],
  ])('refuses %s with the words that say where the URL is, storing nothing', async (_name, make) => {
    const hook = await makeWebhook();
    await expect(call({ op: 'save', url: make(hook.id, hook.token) })).rejects.toMatchObject({
      code: 'invalid-argument',
      message: MSG_DISCORD_URL,
    });
    expect((await stored().get()).exists).toBe(false);
    expect((await profile().get()).get('discord')).toBeUndefined();
  });

  it('refuses the stand-in’s URL where there is no stand-in (as in production), keeping the saved one', async () => {
    const [saved, other] = [await makeWebhook(), await makeWebhook('other')];
    await call({ op: 'save', url: saved.url });
    await expect(
      manageDiscord({ ...deps, localOrigin: undefined }, uid, { op: 'save', url: other.url }),
    ).rejects.toMatchObject({ code: 'invalid-argument', message: MSG_DISCORD_URL });
    expect((await stored().get()).get('url')).toBe(saved.url);
    expect((await profile().get()).get('discord.webhookId')).toBe(saved.id);
  });

  it('refuses a caller who is not signed in, a malformed request, and an account without a profile', async () => {
    const hook = await makeWebhook();
    await expect(manageDiscord(deps, undefined, { op: 'save', url: hook.url })).rejects.toMatchObject({
      code: 'unauthenticated',
      message: 'Log in to set up Discord.',
    });
    await expect(call({ op: 'save' })).rejects.toMatchObject({ code: 'invalid-argument' });
    await expect(call({ op: 'save', url: hook.url, extra: 1 })).rejects.toMatchObject({ code: 'invalid-argument' });
    await expect(call({ op: 'rotate' })).rejects.toMatchObject({ code: 'invalid-argument' });
    await expect(call({ op: 'save', url: hook.url }, 'nobody')).rejects.toBeInstanceOf(NoProfile);
    expect((await stored('nobody').get()).exists).toBe(false);
    expect((await profile('nobody').get()).exists).toBe(false);
    expect((await stored().get()).exists).toBe(false);
  });
});

describe('manageDiscord: test', () => {
  it('posts one short message, mentioning no one, that shows in the webhook’s channel', async () => {
    const hook = await makeWebhook();
    await call({ op: 'save', url: hook.url });
    expect(await call({ op: 'test' })).toEqual({ op: 'test', sent: true });
    const posted = await messages();
    expect(posted.map((m) => [m.message.content, m.message.webhook_id, m.allowedMentions])).toEqual([
      [DISCORD_TEST_MESSAGE, hook.id, { parse: [] }],
    ]);
    expect(DISCORD_TEST_MESSAGE).toBe('Price Alerts is connected: alerts set to notify by Discord will post here.');
  });

  it('spaces tests 5 s apart per user, whatever instance answers, and sends the next once they have passed', async () => {
    const hook = await makeWebhook();
    await call({ op: 'save', url: hook.url });
    const [first, second] = await Promise.allSettled([call({ op: 'test' }), call({ op: 'test' })]);
    const outcomes = [first, second].map((o) => (o.status === 'fulfilled' ? 'sent' : (o.reason as Error).message));
    expect(outcomes.sort()).toEqual(['sent', MSG_DISCORD_TEST_SPACING].sort());
    await expect(call({ op: 'test' })).rejects.toMatchObject({
      code: 'resource-exhausted',
      message: MSG_DISCORD_TEST_SPACING,
    });
    expect(await messages()).toHaveLength(1);
    // Removing and saving again does not reset the spacing.
    await call({ op: 'remove' });
    await call({ op: 'save', url: hook.url });
    await expect(call({ op: 'test' })).rejects.toMatchObject({ message: MSG_DISCORD_TEST_SPACING });
    // As if the last test were 6 s ago.
    await t.db.doc(`discordTests/${uid}`).set({ testedAt: Date.now() - 6_000 });
    expect(await call({ op: 'test' })).toEqual({ op: 'test', sent: true });
    expect(await messages()).toHaveLength(2);
  });

  it('says there is no webhook to test', async () => {
    await expect(call({ op: 'test' })).rejects.toMatchObject({
      code: 'failed-precondition',
      message: MSG_DISCORD_NOT_LINKED,
    });
  });

  it.each([
    [
      'deleted in Discord (10015)',
      async (hook: { id: string; url: string }) => {
        const res = await fetch(`${discord.url}/control/webhooks/${hook.id}`, { method: 'DELETE' });
        expect(res.status).toBe(200);
        return hook.url;
      },
    ],
    [
      'whose token Discord no longer takes (50027)',
      async (hook: { id: string; url: string }) => hook.url.replace(/\/[^/]+$/, `/${'t'.repeat(68)}`),
    ],
  ])('removes a webhook %s, and the profile says why', async (_name, lose) => {
    const url = await lose(await makeWebhook());
    await call({ op: 'save', url });
    expect(await call({ op: 'test' })).toEqual({
      op: 'test',
      sent: false,
      error: 'Discord says this webhook no longer exists.',
    });
    expect((await stored().get()).exists).toBe(false);
    expect((await profile().get()).get('discord')).toEqual({
      state: 'lost',
      reason: DISCORD_GONE,
      at: expect.any(Number),
    });
    expect(await messages()).toEqual([]);
  });

  it('says how long Discord asked to wait, and keeps the webhook', async () => {
    const hook = await makeWebhook();
    await call({ op: 'save', url: hook.url });
    // Another sender used the webhook's two messages of this minute.
    for (const n of [1, 2]) {
      const res = await fetch(hook.url, {
        method: 'POST',
        headers: { 'content-type': 'application/json' },
        body: JSON.stringify({ content: `from elsewhere ${n}` }),
      });
      expect(res.status).toBe(204);
    }
    expect(await call({ op: 'test' })).toEqual({ op: 'test', sent: false, error: 'Discord asked to wait 60 s.' });
    expect(DISCORD_TEST_ERRORS.wait(60)).toBe('Discord asked to wait 60 s.');
    expect((await profile().get()).get('discord.state')).toBe('linked');
    expect(await discordWebhookOf(t.db, uid)).toBe(hook.url);
  });

  it('says Discord could not be reached, and keeps the webhook', async () => {
    const gone = await DiscordStandIn.start();
    const url = gone.createWebhook('alerts').url;
    await gone.close();
    const offline = { ...deps, localOrigin: gone.url };
    await manageDiscord(offline, uid, { op: 'save', url });
    expect(await manageDiscord(offline, uid, { op: 'test' })).toEqual({
      op: 'test',
      sent: false,
      error: 'Discord could not be reached.',
    });
    expect(await discordWebhookOf(t.db, uid)).toBe(url);
  });
});

describe('manageDiscord: remove', () => {
  it('deletes the URL and the profile’s field, and says nothing more is linked', async () => {
    const hook = await makeWebhook();
    await call({ op: 'save', url: hook.url });
    expect(await call({ op: 'remove' })).toEqual({ op: 'remove' });
    expect((await stored().get()).exists).toBe(false);
    expect((await profile().get()).get('discord')).toBeUndefined();
    expect((await profile().get()).get('fullName')).toBe('Trader');
    expect(await discordWebhookOf(t.db, uid)).toBeUndefined();
    await expect(call({ op: 'test' })).rejects.toMatchObject({ message: MSG_DISCORD_NOT_LINKED });
  });

  it('clears a lost webhook’s reason, and removes nothing for an account without a profile', async () => {
    await profile().set({ discord: { state: 'lost', reason: DISCORD_GONE, at: 1 } }, { merge: true });
    await call({ op: 'remove' });
    expect((await profile().get()).get('discord')).toBeUndefined();
    expect(await call({ op: 'remove' }, 'nobody')).toEqual({ op: 'remove' });
    expect((await profile('nobody').get()).exists).toBe(false);
  });

  it('for the sender: a webhook found gone does not take away another saved meanwhile', async () => {
    const [old, fresh] = [await makeWebhook(), await makeWebhook('other')];
    await call({ op: 'save', url: fresh.url });
    await removeDiscordWebhook(t.db, uid, DISCORD_GONE, old.url);
    expect(await discordWebhookOf(t.db, uid)).toBe(fresh.url);
    expect((await profile().get()).get('discord.state')).toBe('linked');
    await removeDiscordWebhook(t.db, uid, DISCORD_GONE);
    expect(await discordWebhookOf(t.db, uid)).toBeUndefined();
    expect((await profile().get()).get('discord')).toEqual({
      state: 'lost',
      reason: DISCORD_GONE,
      at: expect.any(Number),
    });
  });
});
