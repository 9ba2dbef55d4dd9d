// Telegram and Discord as a user meets them, against the local stand-ins: Telegram connected from the
// Notifications screen with Start pressed on the stand-in's page, a firing arriving as a message with
// its buttons, a tap acting on the alert and the message edited to say so, /stop unlinking it; a Discord
// webhook saved, tested and receiving a firing as an embed. Each flow at one size; the screens at both.
import type { CurrencyPair } from '@price-alerts/domain/common';
import { TELEGRAM_STOPPED } from '@price-alerts/domain/notify';
import type { App } from 'firebase-admin/app';
import type { Browser, Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { DISCORD_STAND_IN_URL, TELEGRAM_STAND_IN_URL } from '../../scripts/lib/stack.mjs';
import { addAlertAbove } from './firings';
import {
  PHONE,
  TABLET,
  WEB_URL,
  checkScreenAtEachSize,
  launchBrowser,
  newPage,
  screenshot,
  simulator,
} from './harness';
import { adminApp, adminDb, closeAdmin, seedUser, signInAs } from './lists';

// Forced by no other test.
const TELEGRAM_PAIR: CurrencyPair = 'USD/JPY';
const DISCORD_PAIR: CurrencyPair = 'XAU/USD';

let browser: Browser;
let admin: App;
beforeAll(async () => {
  browser = await launchBrowser();
  admin = adminApp('chat-channels-test');
});
afterAll(async () => {
  await browser?.close();
  await closeAdmin(admin);
});

interface StandInChat {
  id: number;
  first_name: string;
  messages: { message_id: number; text: string; from: { is_bot: boolean }; reply_markup?: unknown }[];
}
const chats = async () => (await (await fetch(`${TELEGRAM_STAND_IN_URL}/control/chats`)).json()) as StandInChat[];
const botMessages = async (name: string) =>
  (await chats()).find((c) => c.first_name === name)?.messages.filter((m) => m.from.is_bot) ?? [];

/** The alert's history, as the details sheet shows it: each line's time and words. */
async function history(page: Page, alertId: string) {
  await page.goto(`${WEB_URL}/dashboard?alert=${alertId}`);
  const sheet = page.getByRole('dialog', { name: 'Alert Details' });
  await sheet.locator('.history-list li').first().waitFor();
  return sheet.locator('.history-list li').allTextContents();
}

describe('Telegram', () => {
  it('connects with Start pressed in Telegram, brings a firing with its buttons, and acts on a tap', async () => {
    const user = await seedUser(admin, 'telegram', []);
    const name = `Ada ${user.uid.slice(0, 6)}`;
    const { context, page } = await newPage(browser, PHONE);
    await signInAs(page, WEB_URL, user.email);
    await page.goto(`${WEB_URL}/notifications`);
    const opened = context.waitForEvent('page');
    await page.getByRole('button', { name: 'Connect Telegram' }).click();
    // On the local stack the link opens the stand-in's page with the code, where Start is one tap.
    const telegram = await opened;
    await telegram.waitForURL(`${TELEGRAM_STAND_IN_URL}/?start=*`);
    await expect.poll(() => page.getByText('Waiting for you to press Start in Telegram…').isVisible()).toBe(true);
    await telegram.getByLabel('First name').fill(name);
    await telegram.getByRole('button', { name: 'Press Start' }).click();
    await expect
      .poll(() => page.locator('.chat-status').first().textContent(), { timeout: 15_000 })
      .toBe(`Connected to ${name}`);
    await checkScreenAtEachSize(page, 'telegram-connected');
    await expect
      .poll(async () => (await botMessages(name)).map((m) => m.text.split('\n')[0]))
      .toEqual(['Connected to Price Alerts. Alerts you set to notify by Telegram will arrive in this chat.']);

    // The form offers Telegram now that a chat is linked.
    await page.goto(`${WEB_URL}/create_alert`);
    await expect.poll(() => page.getByRole('checkbox', { name: 'Telegram' }).isEnabled()).toBe(true);

    const db = adminDb(admin);
    const { ref, shown, crossing } = await addAlertAbove(db, TELEGRAM_PAIR, 3, {
      uid: user.uid,
      email: false,
      push: false,
      chats: { telegram: true },
    });
    await simulator('price', { pair: TELEGRAM_PAIR, ask: crossing });
    await expect.poll(async () => (await botMessages(name)).length, { timeout: 60_000 }).toBe(2);
    const fired = (await botMessages(name))[1];
    expect(fired?.text.split('\n')[0]).toBe(`${TELEGRAM_PAIR}: Price rising above ${shown}`);

    // The person taps 'Set again +0.5%' on the stand-in's page: a new alert is set above the market, and
    // the message says so.
    await telegram.reload();
    await telegram.locator('article', { hasText: name }).getByRole('button', { name: 'Set again +0.5%' }).click();
    await expect
      .poll(async () => (await botMessages(name))[1]?.text.split('\n').at(-1), { timeout: 15_000 })
      .toBe('Set again.');
    expect((await botMessages(name))[1]?.reply_markup).toBeUndefined();
    const active = await db.collection(`users/${user.uid}/alerts`).where('status', '==', 'active').get();
    expect(active.docs.map((d) => d.get('triggerPrice') as number)).toEqual([
      Number((Number(shown.replace(/,/g, '')) * 1.005).toFixed(3)),
    ]);
    await telegram.reload();
    await screenshot(telegram, 'telegram-stand-in-tapped');

    await expect
      .poll(async () => (await history(page, ref.id)).map((line) => line.slice(5)), { timeout: 30_000 })
      .toEqual(expect.arrayContaining(['Telegram sent', 'Set again from Telegram']));

    // /stop in the chat unlinks it, and the screen says so.
    await telegram.locator('article', { hasText: name }).getByRole('button', { name: '/stop' }).click();
    await page.goto(`${WEB_URL}/notifications`);
    await expect.poll(() => page.getByText(TELEGRAM_STOPPED).isVisible(), { timeout: 15_000 }).toBe(true);
    await context.close();
  });
});

describe('Discord', () => {
  it('takes a webhook from Discord, sends a test, and posts a firing as an embed', async () => {
    const user = await seedUser(admin, 'discord', []);
    const channel = `alerts-${user.uid.slice(0, 6).toLowerCase()}`;
    const made = await fetch(`${DISCORD_STAND_IN_URL}/control/webhooks`, {
      method: 'POST',
      headers: { 'content-type': 'application/json' },
      body: JSON.stringify({ channel }),
    });
    const webhook = (await made.json()) as { id: string; url: string };
    const posts = async () => {
      const guild = (await (await fetch(`${DISCORD_STAND_IN_URL}/control/channels`)).json()) as {
        channels: { name: string; messages: { message: { content?: string; embeds?: { title: string }[] } }[] }[];
      };
      return guild.channels.find((c) => c.name === channel)?.messages.map((m) => m.message) ?? [];
    };

    const { context, page } = await newPage(browser, TABLET);
    await signInAs(page, WEB_URL, user.email);
    await page.goto(`${WEB_URL}/notifications`);
    await page.getByLabel('Discord webhook URL').fill(webhook.url);
    await page.getByRole('button', { name: 'Save', exact: true }).click();
    await expect
      .poll(() => page.getByText(`Connected (webhook …${webhook.id.slice(-4)})`).isVisible(), { timeout: 15_000 })
      .toBe(true);
    await page.getByRole('button', { name: 'Send a test' }).first().click();
    await expect.poll(async () => (await posts()).length, { timeout: 15_000 }).toBe(1);
    await checkScreenAtEachSize(page, 'discord-connected');

    const { ref, shown, crossing } = await addAlertAbove(adminDb(admin), DISCORD_PAIR, 2, {
      uid: user.uid,
      email: false,
      push: false,
      chats: { discord: true },
    });
    await simulator('price', { pair: DISCORD_PAIR, ask: crossing });
    await expect.poll(async () => (await posts()).length, { timeout: 60_000 }).toBe(2);
    expect((await posts())[1]?.embeds?.[0]?.title).toBe(`${DISCORD_PAIR}: Price rising above ${shown}`);
    await expect
      .poll(async () => (await history(page, ref.id)).map((line) => line.slice(5)), { timeout: 30_000 })
      .toContain('Discord sent');

    const discord = await context.newPage();
    await discord.goto(`${DISCORD_STAND_IN_URL}/`);
    await screenshot(discord, 'discord-stand-in');
    await context.close();
  });
});
