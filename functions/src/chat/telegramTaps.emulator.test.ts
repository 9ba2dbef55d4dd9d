// A firing's buttons tapped in Telegram, against the Firestore emulator and the Telegram stand-in: the
// message as the sender leaves it (its tokens in telegramButtons, its buttons naming them), a person's
// tap delivered to the bot's webhook, and what the alert, the tap's answer and the message then say.
import {
  ACTION_REFUSALS,
  ACTION_TOKEN_TTL_MS,
  SNOOZE_MS,
  actionResultText,
  type AlertAction,
} from '@price-alerts/domain/actions';
import { FieldValue, Timestamp } from 'firebase-admin/firestore';
import { beforeEach, describe, expect, it } from 'vitest';
import { signActionToken } from '../actions/signing';
import { buttonData, saveTelegramButtons, telegramButtonsKey } from '../repositories/telegramButtons';
import { seedAlerts } from '../testing/emulatorApp';
import { SIGNING_KEY, WEBHOOK_SECRET, telegramSuite } from '../testing/telegram';
import { TAP_REFUSALS, handleTap } from './telegramTaps';

const PROJECT = 'demo-telegram-taps';
const U = 'ada';
const ZONE = 'Asia/Tokyo';
const FIRED = 1_900_000_000_000;
const NOW = FIRED + 60_000;
const ACTIONS: [AlertAction, string][] = [
  ['snooze', 'Snooze 1 h'],
  ['pause', 'Pause'],
];
const TEXT = '<b>EUR/USD: Price rising above 1.09500</b>\nNow 1.09510 (ask)';
const PLAIN = 'EUR/USD: Price rising above 1.09500\nNow 1.09510 (ask)';
const suite = telegramSuite(PROJECT, { now: () => NOW });
beforeEach(async () => {
  await suite.t.db.doc(`users/${U}`).set({ fullName: 'Ada', email: 'ada@example.test', timeZone: ZONE });
});

const EVERY = { repeat: 'every', cooldownMinutes: 15, rearmPercent: 0.1, fireCount: 1, lastFiredAt: FIRED };
const seedAlert = (extra: Record<string, unknown> = {}) =>
  seedAlerts(suite.t.db, [
    {
      uid: U,
      id: 'a1',
      type: 'Price rising above',
      trigger: 1.095,
      createdAt: FIRED - 3_600_000,
      extra: { ...EVERY, ...extra },
    },
  ]);
const alert = async () => (await suite.t.db.doc(`users/${U}/alerts/a1`).get()).data() ?? {};
const history = async () =>
  (await suite.t.db.collection(`users/${U}/alerts/a1/history`).get()).docs.map((d) => {
    const { expireAt: _e, ...event } = d.data();
    return event;
  });

/** Ada's chat, linked through the app's link and Start. */
const linkedChat = async () => suite.rig.start(await suite.rig.linkFor(U, NOW));

/**
 * What the sender leaves for a firing sent to `storedFor` (its tokens signed for Telegram, kept with
 * the text), and the message with its buttons as it arrived in `chatId`.
 */
async function sendFiring(storedFor: number, chatId = storedFor, extraButtons: number[] = []) {
  const key = telegramButtonsKey('delivery-a1');
  const tokens = ACTIONS.map(([action, label]) =>
    signActionToken(
      { uid: U, alertId: 'a1', firedAt: FIRED, action, via: 'telegram', what: 'EUR/USD above 1.09500', label },
      SIGNING_KEY,
      FIRED,
    ),
  );
  const labels = ACTIONS.map(([, label]) => label);
  const expiresAt = FIRED + ACTION_TOKEN_TTL_MS;
  await saveTelegramButtons(suite.t.db, key, {
    userId: U,
    chatId: storedFor,
    deliveryId: 'd1',
    tokens,
    labels,
    text: TEXT,
    expiresAt,
  });
  const buttons = [...labels.keys(), ...extraButtons].map((n) => ({
    text: labels[n] ?? 'More',
    callback_data: buttonData(key, n),
  }));
  const sent = await suite.rig.deps.api.sendMessage(chatId, TEXT, buttons);
  if (!sent.ok || !sent.result) throw new Error(sent.ok ? 'no message' : sent.description);
  return { key, messageId: sent.result.message_id };
}
const messageIn = async (chatId: number, messageId: number) =>
  (await suite.rig.messages(chatId)).find((m) => m.message_id === messageId);

describe('a tap on a firing’s button', () => {
  it('snoozes the alert, answers the tap with what it did and edits the message to say so, without buttons', async () => {
    await seedAlert();
    const chatId = await linkedChat();
    const { key, messageId } = await sendFiring(chatId);
    await suite.rig.tap(chatId, messageId, buttonData(key, 0));
    const until = NOW + SNOOZE_MS;
    expect(await alert()).toMatchObject({ status: 'paused', pauseReason: 'snoozed', snoozedUntil: until });
    expect(await history()).toEqual([{ type: 'snoozed', at: NOW, until, via: 'telegram' }]);
    const said = actionResultText({ outcome: 'done', action: 'snooze', until }, ZONE);
    expect(said).toMatch(/^Snoozed until \d\d:\d\d\.$/);
    const message = await messageIn(chatId, messageId);
    expect(message?.answer).toBe(said);
    expect(message?.text).toBe(`${PLAIN}\n\n${said}`);
    expect(message?.reply_markup).toBeUndefined();
  });

  it('acts once on a double tap: the second is answered that it was done already', async () => {
    await seedAlert();
    const chatId = await linkedChat();
    const { key, messageId } = await sendFiring(chatId);
    // Both taps are made before the bot hears of the first, as on a slow connection.
    suite.rig.standIn.hook.set(undefined);
    await suite.rig.tap(chatId, messageId, buttonData(key, 1));
    await suite.rig.tap(chatId, messageId, buttonData(key, 1));
    await suite.rig.deps.api.setWebhook(suite.rig.webhookUrl, WEBHOOK_SECRET);
    await suite.rig.standIn.idle();
    expect(await alert()).toMatchObject({ status: 'paused' });
    expect(await history()).toEqual([{ type: 'paused', at: NOW, via: 'telegram' }]);
    const message = await messageIn(chatId, messageId);
    expect(message?.answer).toBe('This was already done: Paused.');
    expect(message?.text).toBe(`${PLAIN}\n\nPaused.`);
    expect(message?.reply_markup).toBeUndefined();
  });

  it('leaves an alert changed since it fired as it is, and the message says so without its buttons', async () => {
    await seedAlert({ updatedAt: Timestamp.fromMillis(FIRED + 1_000) });
    const before = await alert();
    const chatId = await linkedChat();
    const { key, messageId } = await sendFiring(chatId);
    await suite.rig.tap(chatId, messageId, buttonData(key, 0));
    expect(await alert()).toEqual(before);
    const message = await messageIn(chatId, messageId);
    expect(message?.answer).toBe(ACTION_REFUSALS.changed);
    expect(message?.text).toBe(`${PLAIN}\n\n${ACTION_REFUSALS.changed}`);
    expect(message?.reply_markup).toBeUndefined();
  });
});

describe('a tap refused, changing nothing', () => {
  /** The tap's answer, after checking that neither the alert nor the message (its buttons kept) changed. */
  async function refusedTap(chatId: number, messageId: number, data: string) {
    await suite.rig.tap(chatId, messageId, data);
    expect(await alert()).toMatchObject({ status: 'active' });
    expect(await history()).toEqual([]);
    const message = await messageIn(chatId, messageId);
    expect(message?.text).toBe(PLAIN);
    expect(message?.reply_markup?.inline_keyboard[0]?.length).toBeGreaterThan(0);
    return message?.answer;
  }

  it('from another chat the message was not sent to', async () => {
    await seedAlert();
    const adas = await linkedChat();
    const other = await suite.rig.start('');
    const { key, messageId } = await sendFiring(adas, other);
    expect(await refusedTap(other, messageId, buttonData(key, 0))).toBe(TAP_REFUSALS.otherChat);
  });

  it('from someone other than the chat’s own person', async () => {
    await seedAlert();
    const chatId = await linkedChat();
    const { key, messageId } = await sendFiring(chatId);
    const tap = {
      id: 'forged-1',
      from: { id: chatId + 1 },
      message: { message_id: messageId, chat: { id: chatId, type: 'private' } },
      data: buttonData(key, 0),
    };
    await handleTap(suite.rig.deps, tap);
    expect(await alert()).toMatchObject({ status: 'active' });
    expect(await history()).toEqual([]);
    expect((await messageIn(chatId, messageId))?.reply_markup?.inline_keyboard[0]?.length).toBeGreaterThan(0);
  });

  it('once the chat was unlinked with /stop', async () => {
    await seedAlert();
    const chatId = await linkedChat();
    const { key, messageId } = await sendFiring(chatId);
    await suite.rig.say(chatId, '/stop');
    expect(await refusedTap(chatId, messageId, buttonData(key, 0))).toBe(TAP_REFUSALS.unlinked);
  });

  it('once the owner removed Telegram from their profile, though the chat still maps to them', async () => {
    await seedAlert();
    const chatId = await linkedChat();
    const { key, messageId } = await sendFiring(chatId);
    // The rules let the owner remove any field of the profile: the screen then shows Telegram as not
    // connected and nothing is sent there, so the chat's old buttons must not act either.
    await suite.t.db.doc(`users/${U}`).update({ telegram: FieldValue.delete() });
    expect(await refusedTap(chatId, messageId, buttonData(key, 0))).toBe(TAP_REFUSALS.unlinked);
  });

  it('once the message’s buttons are gone from the server', async () => {
    await seedAlert();
    const chatId = await linkedChat();
    const { key, messageId } = await sendFiring(chatId);
    await suite.t.db.doc(`telegramButtons/${key}`).delete();
    expect(await refusedTap(chatId, messageId, buttonData(key, 0))).toBe(TAP_REFUSALS.gone);
  });

  it('for a button past the message’s stored actions', async () => {
    await seedAlert();
    const chatId = await linkedChat();
    const { key, messageId } = await sendFiring(chatId, chatId, [5]);
    expect(await refusedTap(chatId, messageId, buttonData(key, 5))).toBe(TAP_REFUSALS.invalid);
  });
});
