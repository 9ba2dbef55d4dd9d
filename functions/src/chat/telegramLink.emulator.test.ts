// Connecting Telegram against the Firestore emulator and the Telegram stand-in: the link code the app
// asks for, a person pressing Start with it (delivered to the bot's webhook as Telegram would), the code
// used once and only for its maker, a chat moved or taken, and Disconnect.
import { TELEGRAM_BLOCKED, TELEGRAM_LINK_CODE_TTL_MS, TELEGRAM_RELINKED } from '@price-alerts/domain/notify';
import { Timestamp } from 'firebase-admin/firestore';
import { describe, expect, it } from 'vitest';

import { telegramSuite } from '../testing/telegram';
import { linkCodeHash, unlinkTelegramChat } from '../repositories/telegramLinks';
import {
  MSG_TELEGRAM_CODE_SPACING,
  MSG_TELEGRAM_NO_PROFILE,
  MSG_TELEGRAM_SIGN_IN,
  handleManageTelegram,
} from './telegramLink';
import { TELEGRAM_REPLIES } from './telegramUpdates';

const PROJECT = 'demo-telegram-link';
const suite = telegramSuite(PROJECT);

const seedProfile = (uid: string) =>
  suite.t.db.doc(`users/${uid}`).set({ fullName: uid, email: `${uid}@example.test` });
const telegramOf = async (uid: string) => (await suite.t.db.doc(`users/${uid}`).get()).get('telegram') as unknown;
const chatOwner = async (chatId: number) => (await suite.t.db.doc(`telegramChats/${chatId}`).get()).data();
const codes = async () =>
  (await suite.t.db.collection('telegramCodes').get()).docs.map((d) => ({ id: d.id, ...d.data() }));
const lastMessage = async (chatId: number) => (await suite.rig.messages(chatId)).at(-1)?.text;
const manage = (uid: string | undefined, data: unknown, now?: number) =>
  handleManageTelegram(
    { db: suite.t.db, botUsername: suite.rig.standIn.username, ...(now !== undefined ? { now: () => now } : {}) },
    { auth: uid === undefined ? undefined : { uid }, data },
  );

describe('Connect Telegram', () => {
  it('answers a t.me link with a one-time code for 10 minutes, storing only its hash with the user', async () => {
    await seedProfile('ada');
    const now = Date.now();
    const answer = await manage('ada', { op: 'link' }, now);
    expect(answer).toEqual({
      op: 'link',
      url: expect.stringMatching(/^https:\/\/t\.me\/PriceAlertsLocalBot\?start=[A-Za-z0-9_-]{32}$/),
      expiresAt: now + TELEGRAM_LINK_CODE_TTL_MS,
    });
    const code = new URL(answer.op === 'link' ? answer.url : '').searchParams.get('start') ?? '';
    expect(await codes()).toEqual([
      {
        id: linkCodeHash(code),
        userId: 'ada',
        expiresAt: now + TELEGRAM_LINK_CODE_TTL_MS,
        expireAt: Timestamp.fromMillis(now + TELEGRAM_LINK_CODE_TTL_MS),
      },
    ]);
  });

  it('refuses a signed-out caller, a request it does not know and an account not set up yet, storing nothing', async () => {
    await seedProfile('ada');
    await expect(manage(undefined, { op: 'link' })).rejects.toMatchObject({
      code: 'unauthenticated',
      message: MSG_TELEGRAM_SIGN_IN,
    });
    await expect(manage('ada', { op: 'link', chatId: 1 })).rejects.toMatchObject({ code: 'invalid-argument' });
    await expect(manage('newcomer', { op: 'link' })).rejects.toMatchObject({
      code: 'failed-precondition',
      message: MSG_TELEGRAM_NO_PROFILE,
    });
    expect(await codes()).toEqual([]);
  });

  it('refuses an eleventh link within a minute, saying to wait', async () => {
    await seedProfile('eager');
    const now = Date.now();
    for (let i = 0; i < 10; i++) await manage('eager', { op: 'link' }, now);
    await expect(manage('eager', { op: 'link' }, now + 1_000)).rejects.toMatchObject({
      code: 'resource-exhausted',
      message: MSG_TELEGRAM_CODE_SPACING,
    });
    expect(await codes()).toHaveLength(10);
  });
});

describe('pressing Start with the link', () => {
  it('links the chat to the code’s maker, shows its name on the profile and uses the code up', async () => {
    await seedProfile('ada');
    const chatId = await suite.rig.start(await suite.rig.linkFor('ada'), { first_name: 'Ada Lovelace' });
    const telegram = await telegramOf('ada');
    expect(telegram).toEqual({ state: 'linked', chatId, chatName: 'Ada Lovelace', linkedAt: expect.any(Number) });
    expect(await chatOwner(chatId)).toEqual({ userId: 'ada', linkedAt: (telegram as { linkedAt: number }).linkedAt });
    expect(await codes()).toEqual([]);
    expect(await lastMessage(chatId)).toBe(TELEGRAM_REPLIES.linked);
  });

  it('links once: the same link pressed again, in another chat, is refused and changes nothing', async () => {
    await seedProfile('ada');
    const link = await suite.rig.linkFor('ada');
    const first = await suite.rig.start(link);
    const linked = await telegramOf('ada');
    const second = await suite.rig.start(link);
    expect(await telegramOf('ada')).toEqual(linked);
    expect(await chatOwner(second)).toBeUndefined();
    expect(await chatOwner(first)).toMatchObject({ userId: 'ada' });
    expect(await lastMessage(second)).toBe(TELEGRAM_REPLIES.expired);
  });

  it('refuses a code past its 10 minutes, changing nothing', async () => {
    await seedProfile('ada');
    const link = await suite.rig.linkFor('ada', Date.now() - TELEGRAM_LINK_CODE_TTL_MS - 1);
    const chatId = await suite.rig.start(link);
    expect(await telegramOf('ada')).toBeUndefined();
    expect(await chatOwner(chatId)).toBeUndefined();
    expect(await codes()).toHaveLength(1);
    expect(await lastMessage(chatId)).toBe(TELEGRAM_REPLIES.expired);
  });

  it('links the chat to the account that made the code, whoever else has a code waiting', async () => {
    await Promise.all([seedProfile('ada'), seedProfile('bob')]);
    const adasLink = await suite.rig.linkFor('ada');
    const chatId = await suite.rig.start(await suite.rig.linkFor('bob'));
    expect(await telegramOf('bob')).toMatchObject({ state: 'linked', chatId });
    expect(await telegramOf('ada')).toBeUndefined();
    // Ada's code is still hers, and links her own chat.
    const adasChat = await suite.rig.start(adasLink);
    expect(await telegramOf('ada')).toMatchObject({ state: 'linked', chatId: adasChat });
    expect(await telegramOf('bob')).toMatchObject({ state: 'linked', chatId });
  });

  it('moves an account connected again from another chat there, unlinking the chat before', async () => {
    await seedProfile('ada');
    const phone = await suite.rig.start(await suite.rig.linkFor('ada'));
    const laptop = await suite.rig.start(await suite.rig.linkFor('ada'), { first_name: 'Ada at work' });
    expect(await telegramOf('ada')).toMatchObject({ state: 'linked', chatId: laptop, chatName: 'Ada at work' });
    expect(await chatOwner(phone)).toBeUndefined();
    expect(await chatOwner(laptop)).toMatchObject({ userId: 'ada' });
  });

  it('takes a chat from the account it was linked to, whose profile then says so', async () => {
    await Promise.all([seedProfile('ada'), seedProfile('bob')]);
    const shared = await suite.rig.start(await suite.rig.linkFor('ada'));
    await suite.rig.start(await suite.rig.linkFor('bob'), { user_id: shared });
    expect(await telegramOf('bob')).toMatchObject({ state: 'linked', chatId: shared });
    expect(await chatOwner(shared)).toMatchObject({ userId: 'bob' });
    expect(await telegramOf('ada')).toEqual({ state: 'lost', reason: TELEGRAM_RELINKED, at: expect.any(Number) });
  });
});

describe('Disconnect', () => {
  it('unlinks the chat and removes Telegram from the profile', async () => {
    await seedProfile('ada');
    const chatId = await suite.rig.start(await suite.rig.linkFor('ada'));
    expect(await manage('ada', { op: 'disconnect' })).toEqual({ op: 'disconnect' });
    expect((await suite.t.db.doc('users/ada').get()).data()).toEqual({ fullName: 'ada', email: 'ada@example.test' });
    expect(await chatOwner(chatId)).toBeUndefined();
  });

  it('clears what a lost link says from the profile, leaving the chat with its new account', async () => {
    await Promise.all([seedProfile('ada'), seedProfile('bob')]);
    const shared = await suite.rig.start(await suite.rig.linkFor('ada'));
    await suite.rig.start(await suite.rig.linkFor('bob'), { user_id: shared });
    await manage('ada', { op: 'disconnect' });
    expect(await telegramOf('ada')).toBeUndefined();
    expect(await chatOwner(shared)).toMatchObject({ userId: 'bob' });
  });
});

describe('a link ended on Telegram’s side', () => {
  it('says why on the profile and unlinks the chat, leaving a chat that has moved to another account', async () => {
    await Promise.all([seedProfile('ada'), seedProfile('bob')]);
    const adas = await suite.rig.start(await suite.rig.linkFor('ada'));
    await unlinkTelegramChat(suite.t.db, 'ada', adas, TELEGRAM_BLOCKED);
    expect(await telegramOf('ada')).toEqual({ state: 'lost', reason: TELEGRAM_BLOCKED, at: expect.any(Number) });
    expect(await chatOwner(adas)).toBeUndefined();

    const shared = await suite.rig.start(await suite.rig.linkFor('ada'));
    await suite.rig.start(await suite.rig.linkFor('bob'), { user_id: shared });
    const bobs = await telegramOf('bob');
    await unlinkTelegramChat(suite.t.db, 'ada', shared, TELEGRAM_BLOCKED);
    expect(await telegramOf('ada')).toMatchObject({ state: 'lost', reason: TELEGRAM_RELINKED });
    expect(await telegramOf('bob')).toEqual(bobs);
    expect(await chatOwner(shared)).toMatchObject({ userId: 'bob' });
  });
});
