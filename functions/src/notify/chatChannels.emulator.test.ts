// Telegram and Discord as channels of a delivery, against the emulators and the two stand-ins over
// real HTTP: sent once with the notice's buttons, grouped in a spike, held by quiet hours (Telegram),
// waiting out a 429's retry_after, and unlinked when the bot is blocked or the webhook deleted.
import { DISCORD_GONE, MSG_TELEGRAM_NOT_LINKED, TELEGRAM_BLOCKED, type Delivery } from '@price-alerts/domain/notify';
import { describe, expect, it } from 'vitest';
import { LOCAL_BOT } from '@price-alerts/stand-ins/telegram';
import { chatStack } from '../testing/chatStack';
import { sendDelivery } from './sender';
import { chatDeps } from './chatWiring';
import { BOT_REFUSED, attemptTelegram } from './chatChannel';
import { sendMany } from './sendMany';
import { sendDigest } from './digests';
import { NIGHT, QUIET } from '../testing/quietHours';

const { c, sender, linkTelegram, linkDiscord, fired, messagesIn, posts } = chatStack('demo-chat-channels');

const stored = async (id: string) => (await c.t.db.doc(`deliveries/${id}`).get()).data() as Delivery;
const profile = async () => (await c.t.db.doc(`users/${c.uid}`).get()).data() ?? {};
async function told(alertId: string) {
  const events = await c.t.db.collection(`users/${c.uid}/alerts/${alertId}/history`).get();
  return events.docs
    .map((d) => d.data())
    .filter((e) => e.type === 'notified')
    .map(({ channel, outcome, reason }) => ({ channel, outcome, ...(reason ? { reason } : {}) }));
}

describe('Telegram', () => {
  it('sends the firing once, in HTML mode, with the notice’s buttons kept under short ids', async () => {
    const chatId = await linkTelegram();
    const id = await fired('eur', ['telegram']);
    expect(await sendDelivery(sender(), id)).toMatchObject({ outcome: 'sent' });
    const [message] = messagesIn(chatId);
    expect(message?.text).toBe(
      'EUR/USD: Price rising above 1.10000\nNow 1.10012 (ask)\nNov 23, 12:00 GMT\nBreakout <b>watch</b> & see\nOpen the alert',
    );
    expect(message?.entities).toEqual(
      expect.arrayContaining([
        expect.objectContaining({ type: 'bold', offset: 0 }),
        expect.objectContaining({ type: 'text_link', url: 'http://app.test/dashboard?alert=eur' }),
      ]),
    );
    const buttons = message?.reply_markup?.inline_keyboard[0] ?? [];
    expect(buttons.map((b) => b.text)).toEqual(['Set again', 'Set again +0.5%']);
    const kept = (await c.t.db.collection('telegramButtons').get()).docs;
    expect(kept.map((d) => d.data())).toEqual([
      expect.objectContaining({
        userId: c.uid,
        chatId,
        deliveryId: id,
        text: message && expect.stringContaining('<b>EUR/USD'),
      }),
    ]);
    expect(buttons.map((b) => b.callback_data)).toEqual([`act:${kept[0]?.id}_0`, `act:${kept[0]?.id}_1`]);
    expect((await stored(id)).channels.telegram).toMatchObject({ state: 'sent', attempts: 1 });
    expect(await told('eur')).toEqual([{ channel: 'telegram', outcome: 'sent' }]);

    expect(await sendDelivery(sender(), id)).toEqual({ outcome: 'done' });
    expect(messagesIn(chatId)).toHaveLength(1);
  });

  it('skips an account with no chat linked, and says so in the history', async () => {
    const id = await fired('eur', ['telegram']);
    expect(await sendDelivery(sender(), id)).toMatchObject({ outcome: 'sent' });
    expect((await stored(id)).channels.telegram).toMatchObject({ state: 'skipped', attempts: 0 });
    expect(await told('eur')).toEqual([{ channel: 'telegram', outcome: 'skipped', reason: MSG_TELEGRAM_NOT_LINKED }]);
  });

  it('unlinks a chat that blocked the bot, on the profile and in the history', async () => {
    const chatId = await linkTelegram();
    c.telegram.chats.setBlocked(chatId, true);
    const id = await fired('eur', ['telegram']);
    await sendDelivery(sender(), id);
    expect((await stored(id)).channels.telegram).toMatchObject({ state: 'failed', attempts: 1 });
    expect(await told('eur')).toEqual([{ channel: 'telegram', outcome: 'failed', reason: TELEGRAM_BLOCKED }]);
    expect((await profile()).telegram).toEqual({ state: 'lost', reason: TELEGRAM_BLOCKED, at: expect.any(Number) });
    expect((await c.t.db.doc(`telegramChats/${chatId}`).get()).exists).toBe(false);
  });

  it('waits for a 429’s retry_after, then sends at that time and not before, not counting it', async () => {
    const chatId = await linkTelegram();
    const first = await fired('first', ['telegram']);
    const second = await fired('second', ['telegram']);
    await sendDelivery(sender('sender-a'), first);
    // Another instance, with a pacer of its own, sends to the same chat at once: Telegram refuses it.
    const result = await sendDelivery(sender('sender-b'), second);
    const state = (await stored(second)).channels.telegram;
    // Not counted as an attempt: Telegram asked for a later one.
    expect(state).toMatchObject({
      state: 'pending',
      attempts: 0,
      lastError: expect.stringMatching(/^429: retry after \d+ s$/),
    });
    expect(result).toEqual({ outcome: 'retry', dueAt: state?.notBefore });
    expect(messagesIn(chatId)).toHaveLength(1);
    c.clock = (state?.notBefore ?? 0) - 1;
    expect(await sendDelivery(sender('sender-c'), second)).toMatchObject({ outcome: 'not-due' });
    c.clock += 1;
    expect(await sendDelivery(sender('sender-c'), second)).toMatchObject({ outcome: 'sent' });
    expect((await stored(second)).channels.telegram).toMatchObject({ state: 'sent', attempts: 1 });
    expect(messagesIn(chatId)).toHaveLength(2);
  });
});

describe('when the providers say no', () => {
  it('tries Telegram again later when it cannot be reached, without counting a success', async () => {
    const chatId = await linkTelegram();
    const id = await fired('eur', ['telegram']);
    const result = await sendDelivery(sender('sender-a', 'http://127.0.0.1:9'), id);
    expect((await stored(id)).channels.telegram).toMatchObject({ state: 'pending', attempts: 1 });
    expect(result).toMatchObject({ outcome: 'retry' });
    c.clock = (result as { dueAt: number }).dueAt;
    expect(await sendDelivery(sender(), id)).toMatchObject({ outcome: 'sent' });
    expect(messagesIn(chatId)).toHaveLength(1);
  });

  it('tries again when Telegram refuses the bot’s own token, and says so once every try is spent', async () => {
    await linkTelegram();
    const id = await fired('eur', ['telegram']);
    const refused = (owner: string) => sender(owner, c.telegram.url, '7000000001:not-the-bot');
    await sendDelivery(refused('sender-a'), id);
    expect((await stored(id)).channels.telegram).toMatchObject({
      state: 'pending',
      attempts: 1,
      lastError: '401: Unauthorized',
    });
    await c.t.db.doc(`deliveries/${id}`).update({ 'channels.telegram.attempts': 7, dueAt: c.clock });
    await sendDelivery(refused('sender-b'), id);
    expect(await told('eur')).toEqual([{ channel: 'telegram', outcome: 'failed', reason: BOT_REFUSED }]);
  });

  it('leaves a send for the sweeper once its window is over, sending nothing', async () => {
    const chatId = await linkTelegram();
    const deps = chatDeps(c.t.db, { telegramToken: LOCAL_BOT.token, telegramBase: c.telegram.url });
    const to = {
      userId: c.uid,
      noticeId: 'n1',
      settings: { telegram: { state: 'linked' as const, chatId, chatName: 'Ada', linkedAt: 0 } },
    };
    const notice = { text: 'x', actions: [], expiresAt: c.clock };
    const attempt = await attemptTelegram(deps, to, notice, 1, { clock: () => c.clock, sendBy: c.clock });
    expect(attempt.state).toEqual({ state: 'pending', attempts: 0, notBefore: c.clock });
    expect(messagesIn(chatId)).toEqual([]);
  });

  it('waits out Discord’s 429 for its retry_after, not counting it as an attempt', async () => {
    await linkDiscord();
    const first = await fired('first', ['discord']);
    const second = await fired('second', ['discord']);
    await sendDelivery(sender('sender-a'), first);
    await sendDelivery(sender('sender-b'), second);
    const state = (await stored(second)).channels.discord;
    expect(state).toMatchObject({
      state: 'pending',
      attempts: 0,
      lastError: expect.stringMatching(/^429: retry after/),
    });
    c.clock = state?.notBefore ?? 0;
    expect(await sendDelivery(sender('sender-c'), second)).toMatchObject({ outcome: 'sent' });
    expect(posts()).toHaveLength(2);
  });

  it('paces a spike to Telegram’s 30 a second, so the bot is never refused', async () => {
    const uids = Array.from({ length: 40 }, (_, n) => `spike-${n}`);
    const ids: string[] = [];
    for (const [n, uid] of uids.entries()) {
      await linkTelegram(`Person ${n}`, uid);
      ids.push(await fired(`a${n}`, ['telegram'], uid));
    }
    const lease = 'spike-lease';
    for (const id of ids)
      await c.t.db.doc(`deliveries/${id}`).update({ lease: { owner: lease, until: c.clock + 180_000 } });
    const start = c.clock;
    const sent = await sendMany(sender(), ids, lease);
    expect(sent.retries).toEqual([]);
    for (const id of ids) expect((await stored(id)).channels.telegram).toMatchObject({ state: 'sent', attempts: 1 });
    // One every 35 ms: the 40th goes 1.365 s on.
    expect(c.clock - start).toBe(39 * 35);
  });
});

describe('quiet hours', () => {
  it('hold Telegram as they hold push, and the digest reaches the chat; Discord is not held', async () => {
    const chatId = await linkTelegram();
    await linkDiscord();
    await c.t.db.doc(`users/${c.uid}`).set({ quietHours: QUIET }, { merge: true });
    c.clock = NIGHT.start + 60_000;
    const id = await fired('eur', ['telegram', 'discord']);
    await sendDelivery(sender(), id);
    const digestId = (await stored(id)).channels.telegram?.digestId ?? '';
    expect((await stored(id)).channels).toMatchObject({ telegram: { state: 'held' }, discord: { state: 'sent' } });
    expect([messagesIn(chatId).length, posts().length]).toEqual([0, 1]);

    c.clock = NIGHT.end + 1_000;
    expect(await sendDigest(sender(), digestId)).toMatchObject({ outcome: 'sent' });
    expect(messagesIn(chatId).map((m) => m.text.split('\n')[0])).toEqual(['1 alert fired during quiet hours']);
    expect(await told('eur')).toEqual(expect.arrayContaining([{ channel: 'telegram', outcome: 'sent' }]));
  });
});

describe('Discord', () => {
  it('posts the firing as an embed once, mentioning no one', async () => {
    await linkDiscord();
    const id = await fired('eur', ['discord']);
    expect(await sendDelivery(sender(), id)).toMatchObject({ outcome: 'sent' });
    const [post] = posts();
    expect(post?.message.embeds?.[0]).toMatchObject({
      title: 'EUR/USD: Price rising above 1.10000',
      description: 'Now 1.10012 (ask)',
      url: `http://app.test/dashboard?alert=eur`,
    });
    expect(post?.allowedMentions).toEqual({ parse: [] });
    expect(await told('eur')).toEqual([{ channel: 'discord', outcome: 'sent' }]);
    expect(await sendDelivery(sender(), id)).toEqual({ outcome: 'done' });
    expect(posts()).toHaveLength(1);
  });

  it('removes a webhook Discord says was deleted, and says why', async () => {
    const webhook = await linkDiscord();
    c.discord.guild.deleteWebhook(webhook.id);
    const id = await fired('eur', ['discord']);
    await sendDelivery(sender(), id);
    expect(await told('eur')).toEqual([{ channel: 'discord', outcome: 'failed', reason: DISCORD_GONE }]);
    expect((await profile()).discord).toEqual({ state: 'lost', reason: DISCORD_GONE, at: expect.any(Number) });
    expect((await c.t.db.doc(`discordWebhooks/${c.uid}`).get()).exists).toBe(false);
  });
});

describe('a spike', () => {
  it('tells a user’s firings together: one Telegram message and one Discord post, each delivery sent', async () => {
    const chatId = await linkTelegram();
    await linkDiscord();
    const ids = [await fired('eur', ['telegram', 'discord']), await fired('gbp', ['telegram', 'discord'])];
    const lease = 'spike-lease';
    for (const id of ids)
      await c.t.db.doc(`deliveries/${id}`).update({ lease: { owner: lease, until: c.clock + 180_000 } });
    const sent = await sendMany(sender(), ids, lease);
    expect(sent.retries).toEqual([]);
    const [message] = messagesIn(chatId);
    expect(messagesIn(chatId)).toHaveLength(1);
    expect(message?.text.split('\n')[0]).toBe('EUR/USD: Price rising above 1.10000 and 1 more');
    expect(message?.reply_markup).toBeUndefined();
    expect(posts()).toHaveLength(1);
    for (const id of ids)
      expect((await stored(id)).channels).toMatchObject({ telegram: { state: 'sent' }, discord: { state: 'sent' } });
  });
});
