// The chat channels' fixture: the emulators, the Telegram and Discord stand-ins on free ports, one
// verified user, and a sender wired to both as the deployed one is (real clients, real repositories).
import { DiscordStandIn } from '@price-alerts/stand-ins/discord';
import { LOCAL_BOT, TelegramStandIn } from '@price-alerts/stand-ins/telegram';
import { startMailSink, type MailSink } from '@price-alerts/stand-ins/mail';
import { Timestamp } from 'firebase-admin/firestore';
import { afterAll, beforeAll, beforeEach } from 'vitest';
import { clearFirestoreProject } from '../../../tests/emulator/firestore-emulator';
import { signerFor } from '../actions/links';
import { chatDeps } from '../notify/chatWiring';
import { saveDiscordWebhook } from '../repositories/discordWebhooks';
import { seedAlerts, testApp, type TestApp } from './emulatorApp';
import { fakeFcm, type FakeFcm } from './fakeFcm';
import { testSender } from './sender';

export const SIGNING_KEY = 'chat-test-signing-key-0123456789abcdef';

export interface ChatStack {
  t: TestApp;
  sink: MailSink;
  fcm: FakeFcm;
  telegram: TelegramStandIn;
  discord: DiscordStandIn;
  uid: string;
  clock: number;
}

export function chatStack(project: string) {
  const c = { clock: Date.UTC(2026, 10, 23, 12, 0) } as ChatStack;
  beforeAll(async () => {
    c.t = await testApp(project);
    c.sink = await startMailSink();
    // Telegram's one message a second to a chat, without the stand-in's usual short burst over it, on
    // the test's clock: a retry_after is over when the test moves the clock past it.
    c.telegram = await TelegramStandIn.start({ perChat: { perSecond: 1, burst: 1 }, now: () => c.clock });
    // One post per webhook every 2 s, on the test's clock: a second post at once is Discord's 429.
    c.discord = await DiscordStandIn.start({ webhookLimit: { requests: 1, perMs: 2_000 }, now: () => c.clock });
    c.uid = (await c.t.auth.createUser({ email: `chat-${Date.now()}@example.test`, emailVerified: true })).uid;
  });
  afterAll(async () => {
    await Promise.all([c.sink.close(), c.telegram.close(), c.discord.close()]);
    await c.t.close();
  });
  beforeEach(async () => {
    await clearFirestoreProject(project);
    c.sink.mails.length = 0;
    c.telegram.reset();
    c.discord.reset();
    c.fcm = fakeFcm();
    c.clock = Date.UTC(2026, 10, 23, 12, 0);
    await c.t.db.doc(`users/${c.uid}`).set({ timeZone: 'Europe/London' });
  });

  /**
   * A sender with its own pacer (a new instance), signing actions as the deployed one does. A paced wait
   * moves the test's clock instead of sleeping; `telegramBase` points the Bot API elsewhere, and
   * `telegramToken` is the bot's token as deployed.
   */
  const sender = (owner = 'sender-a', telegramBase = c.telegram.url, telegramToken = LOCAL_BOT.token) =>
    testSender(c.t, {
      sinkUrl: c.sink.url,
      fcm: c.fcm,
      owner,
      now: () => c.clock,
      signAction: signerFor(SIGNING_KEY, () => c.clock),
      chat: {
        ...chatDeps(c.t.db, { telegramToken, telegramBase }),
        waitUntil: async (at) => {
          c.clock = Math.max(c.clock, at);
        },
      },
    });

  /** A person who pressed Start, linked as the bot's webhook links them; answers the chat's id. */
  async function linkTelegram(first_name = 'Ada', uid = c.uid): Promise<number> {
    const { chat } = c.telegram.chats.pressStart({ first_name });
    const chatId = chat.chat.id;
    await c.t.db.doc(`telegramChats/${chatId}`).set({ userId: uid, linkedAt: c.clock });
    await c.t.db
      .doc(`users/${uid}`)
      .set({ telegram: { state: 'linked', chatId, chatName: first_name, linkedAt: c.clock } }, { merge: true });
    return chatId;
  }

  /** A webhook in a channel of the stand-in, saved as manageDiscord saves it; answers it. */
  async function linkDiscord(channel = 'alerts') {
    const webhook = c.discord.createWebhook(channel);
    await saveDiscordWebhook(c.t.db, c.uid, webhook.url, webhook.id);
    return webhook;
  }

  /** An alert of the user (`uid`, the stack's by default) that fired now, its delivery pending on `channels`. */
  async function fired(alertId: string, channels: readonly string[], uid = c.uid) {
    await seedAlerts(c.t.db, [
      {
        uid,
        id: alertId,
        pair: 'EUR/USD',
        type: 'Price rising above',
        trigger: 1.1,
        status: 'triggered',
        createdAt: c.clock - 60_000,
        extra: { triggeredAt: Timestamp.fromMillis(c.clock) },
      },
    ]);
    const id = `${uid}__${alertId}__${c.clock}`;
    await c.t.db.doc(`deliveries/${id}`).set({
      userId: uid,
      alertId,
      currencyPair: 'EUR/USD',
      alertType: 'Price rising above',
      triggerPrice: 1.1,
      triggeredPrice: 1.10012,
      triggeredAt: Timestamp.fromMillis(c.clock),
      note: 'Breakout <b>watch</b> & see',
      channels: Object.fromEntries(channels.map((ch) => [ch, { state: 'pending', attempts: 0 }])),
      dueAt: c.clock,
    });
    return id;
  }

  const messagesIn = (chatId: number) => c.telegram.chats.find(chatId).messages.filter((m) => m.fromBot);
  const posts = (channel = 'alerts') =>
    [...c.discord.guild.channels.values()].find((ch) => ch.name === channel)?.messages ?? [];

  return { c, sender, linkTelegram, linkDiscord, fired, messagesIn, posts };
}
