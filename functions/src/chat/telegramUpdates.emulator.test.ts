// The bot's webhook against the Firestore emulator and the Telegram stand-in: /stop and a bare /start
// in a chat, and the HTTP layer Telegram talks to: its secret header, updates it cannot use, and a
// failure answered so that Telegram delivers the update again.
import { TELEGRAM_STOPPED } from '@price-alerts/domain/notify';
import { beforeEach, describe, expect, it } from 'vitest';

import { WEBHOOK_SECRET, telegramSuite } from '../testing/telegram';
import { WindowLimit } from '../lib/windowLimit';
import { TELEGRAM_REPLIES, handleTelegramUpdate } from './telegramUpdates';

const PROJECT = 'demo-telegram-updates';
const suite = telegramSuite(PROJECT);
beforeEach(async () => {
  await seedProfile('ada');
});

function seedProfile(uid: string) {
  return suite.t.db.doc(`users/${uid}`).set({ fullName: uid, email: `${uid}@example.test` });
}
const telegramOf = async (uid: string) => (await suite.t.db.doc(`users/${uid}`).get()).get('telegram') as unknown;
const chatOwner = async (chatId: number) => (await suite.t.db.doc(`telegramChats/${chatId}`).get()).data();
const codeCount = async () => (await suite.t.db.collection('telegramCodes').get()).size;
const lastMessage = async (chatId: number) => (await suite.rig.messages(chatId)).at(-1)?.text;

describe('/stop in the chat', () => {
  it('unlinks the chat and says why on the profile', async () => {
    const chatId = await suite.rig.start(await suite.rig.linkFor('ada'));
    await suite.rig.say(chatId, '/stop');
    expect(await telegramOf('ada')).toEqual({ state: 'lost', reason: TELEGRAM_STOPPED, at: expect.any(Number) });
    expect(await chatOwner(chatId)).toBeUndefined();
    expect(await lastMessage(chatId)).toBe(TELEGRAM_REPLIES.stopped);
  });

  it('in a chat that is not linked, says so and changes nothing', async () => {
    const adas = await suite.rig.start(await suite.rig.linkFor('ada'));
    const linked = await telegramOf('ada');
    const stranger = await suite.rig.start('');
    await suite.rig.say(stranger, '/stop');
    expect(await lastMessage(stranger)).toBe(TELEGRAM_REPLIES.notLinked);
    expect(await telegramOf('ada')).toEqual(linked);
    expect(await chatOwner(adas)).toMatchObject({ userId: 'ada' });
  });
});

describe('Start without a link from the app', () => {
  it('tells the person how to connect from the app, linking nothing', async () => {
    const chatId = await suite.rig.start('');
    expect(await lastMessage(chatId)).toBe(TELEGRAM_REPLIES.howTo);
    expect((await suite.t.db.collection('telegramChats').get()).size).toBe(0);
  });

  it('answers a chat that floods the bot as often as its limit allows, no more', async () => {
    const chatId = await suite.rig.start('');
    // Counted as the bot sends them: the stand-in would refuse a fourth reply in a second by itself.
    let replies = 0;
    const api = {
      ...suite.rig.deps.api,
      sendMessage: (...args: Parameters<typeof suite.rig.deps.api.sendMessage>) => {
        replies += 1;
        return suite.rig.deps.api.sendMessage(...args);
      },
    };
    // Two a minute here (the deployed bot: five).
    const deps = { ...suite.rig.deps, api, replies: new WindowLimit(2, 60_000) };
    const update = (n: number) => ({
      update_id: n,
      message: { message_id: n, chat: { id: chatId, type: 'private' }, text: '/start' },
    });
    for (let n = 1; n <= 4; n += 1) await handleTelegramUpdate(deps, update(n));
    expect(replies).toBe(2);
  });

  it('refuses a code whose account was deleted since, keeping the code', async () => {
    const link = await suite.rig.linkFor('ada');
    await suite.t.db.doc('users/ada').delete();
    const chatId = await suite.rig.start(link);
    expect(await lastMessage(chatId)).toBe(TELEGRAM_REPLIES.noProfile);
    expect(await chatOwner(chatId)).toBeUndefined();
    expect(await codeCount()).toBe(1);
  });
});

describe('the webhook over HTTP', () => {
  /** An update as Telegram sends it when Eve presses Start with `link`'s code. */
  const startUpdate = (link: string, extra: Record<string, unknown> = {}) => ({
    update_id: 900_001,
    message: {
      message_id: 1,
      date: 1_900_000_000,
      chat: { id: 777_001, type: 'private', first_name: 'Eve' },
      text: `/start ${new URL(link).searchParams.get('start') ?? ''}`,
    },
    ...extra,
  });
  const post = (
    body: string,
    headers: Record<string, string> = { 'x-telegram-bot-api-secret-token': WEBHOOK_SECRET },
  ) =>
    fetch(suite.rig.webhookUrl, { method: 'POST', headers: { 'content-type': 'application/json', ...headers }, body });
  const unchanged = async () => {
    expect(await telegramOf('ada')).toBeUndefined();
    expect(await codeCount()).toBe(1);
  };

  it.each<[string, Record<string, string>]>([
    ['without the secret header', {}],
    ['with another secret of the same length', { 'x-telegram-bot-api-secret-token': WEBHOOK_SECRET.replace('t', 'T') }],
    ['with a longer secret', { 'x-telegram-bot-api-secret-token': `${WEBHOOK_SECRET}-and-more` }],
  ])('refuses a request %s (401), changing nothing', async (_label, headers) => {
    const body = JSON.stringify(startUpdate(await suite.rig.linkFor('ada')));
    expect((await post(body, headers)).status).toBe(401);
    await unchanged();
    // The same update with Telegram's secret links the chat.
    expect((await post(body)).status).toBe(200);
    expect(await telegramOf('ada')).toMatchObject({ state: 'linked', chatId: 777_001, chatName: 'Eve' });
  });

  it.each(['group', 'supergroup', 'channel'])('links no %s, where anyone could tap its buttons', async (type) => {
    const update = startUpdate(await suite.rig.linkFor('ada'));
    const body = {
      ...update,
      message: { ...update.message, chat: { id: -100_777_001, type, title: 'Trading desk' } },
    };
    expect((await post(JSON.stringify(body))).status).toBe(200);
    await unchanged();
    expect((await suite.t.db.collection('telegramChats').get()).size).toBe(0);
  });

  it('answers anything but a POST with 405', async () => {
    const res = await fetch(suite.rig.webhookUrl, { headers: { 'x-telegram-bot-api-secret-token': WEBHOOK_SECRET } });
    expect(res.status).toBe(405);
  });

  it.each<[string, (link: string) => string]>([
    ['over 64 KiB', (link) => JSON.stringify(startUpdate(link, { padding: 'x'.repeat(64 * 1024) }))],
    ['not JSON', (link) => JSON.stringify(startUpdate(link)).slice(0, -1)],
    ['with an update_id that is not a number', (link) => JSON.stringify({ ...startUpdate(link), update_id: '900001' })],
    [
      'with a chat id that is not an integer',
      (link) => JSON.stringify(startUpdate(link)).replace('"id":777001', '"id":777001.5'),
    ],
  ])('takes an update %s (200, so it is not sent again) and ignores it', async (_label, body) => {
    expect((await post(body(await suite.rig.linkFor('ada')))).status).toBe(200);
    await unchanged();
  });

  it('links a chat whose name has half a character, which Firestore would refuse (no 500 on every delivery)', async () => {
    const update = startUpdate(await suite.rig.linkFor('ada'));
    const body = {
      ...update,
      message: { ...update.message, chat: { ...update.message.chat, first_name: 'Eve\uD800' } },
    };
    expect((await post(JSON.stringify(body))).status).toBe(200);
    expect(await telegramOf('ada')).toMatchObject({ state: 'linked', chatId: 777_001, chatName: 'Eve\uFFFD' });
    expect(await codeCount()).toBe(0);
  });

  it('answers 500 when Firestore fails, so the update comes again and then links the chat', async () => {
    suite.rig.failNext(1);
    const chatId = await suite.rig.start(await suite.rig.linkFor('ada'));
    expect(await telegramOf('ada')).toMatchObject({ state: 'linked', chatId });
    const delivery = suite.rig.standIn.records.find((r) => r.chat_id === chatId);
    expect(delivery).toMatchObject({ status: 'delivered', attempts: 2 });
  });
});
