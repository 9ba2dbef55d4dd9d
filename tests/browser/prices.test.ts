// Live prices on the dashboard through the whole chain: simulator -> ingest -> relay -> app.
import type { Browser, Page, WebSocket } from 'playwright-core';
import { parseFeedFrame, type FeedSession } from '@price-alerts/domain/prices';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { axeViolations } from './axe';
import { PHONE, WEB_URL, launchBrowser, newPage, screenshot, signIn, simulator } from './harness';

let browser: Browser;
beforeAll(async () => {
  browser = await launchBrowser();
});
afterAll(async () => {
  await browser?.close();
});

const askOf = (page: Page, pair: string) =>
  page.locator('.pair-card', { hasText: pair }).locator('.pair-ask').textContent();

const A_PRICE = /^[\d,]+\.\d+$/;

interface RelaySocket {
  socket: WebSocket;
  /** Every frame the page received on it. */
  received: string[];
}

/** The page's WebSockets to the relay, in the order it opened them (recorded from before sign-in). */
function relaySockets(page: Page): RelaySocket[] {
  const sockets: RelaySocket[] = [];
  page.on('websocket', (socket) => {
    if (new URL(socket.url()).pathname !== '/prices') return;
    const entry: RelaySocket = { socket, received: [] };
    socket.on('framereceived', ({ payload }) => entry.received.push(String(payload)));
    sockets.push(entry);
  });
  return sockets;
}

const openSockets = (sockets: RelaySocket[]) => sockets.filter((s) => !s.socket.isClosed()).length;

/**
 * The asks of the pair's ticks that came on the socket. Ticks only: the day summary the relay sends on
 * subscribing carries the pair's minute closes, which may hold a price forced by the other viewport's run,
 * and a substring match would also take a tick's bid.
 */
function asksOn(entry: RelaySocket, pair: string): number[] {
  let session: FeedSession | null = null;
  const asks: number[] = [];
  for (const frame of entry.received) {
    for (const message of parseFeedFrame(frame, session)) {
      if (message.type === 'subscribed') session = message.session;
      if (message.type === 'tick' && message.tick.pair === pair) asks.push(message.tick.ask);
    }
  }
  return asks;
}

// At one size: what this checks does not depend on the screen's, and each screen is checked at every
// size (checkScreenAtEachSize).
describe('top currency pairs', () => {
  const viewport = PHONE;
  it('shows live asks, follows a forced price, says Offline without a network and comes back', async () => {
    const { context, page } = await newPage(browser, viewport);
    const sockets = relaySockets(page);
    await signIn(page);
    await page.waitForURL(`${WEB_URL}/dashboard`);
    await expect.poll(() => page.getByRole('heading', { name: 'Top Currency Pairs' }).isVisible()).toBe(true);
    for (const pair of ['EUR/USD', 'GBP/USD', 'AUD/USD', 'BTC/USD']) {
      await expect.poll(() => askOf(page, pair)).toMatch(A_PRICE);
    }
    // One socket for the whole app, and the prices on screen came through it.
    expect(sockets).toHaveLength(1);
    const first = sockets[0] as RelaySocket;
    expect(first.received.length).toBeGreaterThan(0);
    // Random ticks would move a forced price on within 250 ms; hold them while checking.
    await simulator('silence', { silent: true });
    try {
      await simulator('price', { pair: 'EUR/USD', ask: 1.08456 });
      await expect.poll(() => askOf(page, 'EUR/USD')).toBe('1.08456');
      await simulator('price', { pair: 'BTC/USD', ask: 95123.5 });
      await expect.poll(() => askOf(page, 'BTC/USD')).toBe('95,123.50');
      await screenshot(page, 'dashboard-prices');
    } finally {
      await simulator('silence', { silent: false });
    }
    expect(await axeViolations(page)).toEqual([]);

    // A lost network: the app says Offline and lets go of its socket.
    await context.setOffline(true);
    await expect.poll(() => askOf(page, 'EUR/USD')).toBe('Offline');
    await screenshot(page, 'dashboard-offline');
    await context.setOffline(false);
    await expect.poll(() => askOf(page, 'EUR/USD'), { timeout: 20_000 }).toMatch(A_PRICE);
    // Back online means a new connection, not the old one revived. (The old one is checked only now:
    // Chromium may hold a socket closed offline until its closing handshake can reach the relay.)
    expect(sockets).toHaveLength(2);
    await expect.poll(() => first.socket.isClosed()).toBe(true);
    const second = sockets[1] as RelaySocket;
    await expect.poll(() => second.received.length).toBeGreaterThan(0);
    expect(openSockets(sockets)).toBe(1);

    // Refresh closes the socket and opens a new one, and the prices shown come through that one.
    await page.getByRole('button', { name: 'Refresh EUR/USD' }).click();
    await expect.poll(() => sockets.length).toBe(3);
    const third = sockets[2] as RelaySocket;
    await expect.poll(() => second.socket.isClosed()).toBe(true);
    await expect.poll(() => askOf(page, 'EUR/USD')).toMatch(A_PRICE);
    await simulator('silence', { silent: true });
    try {
      await simulator('price', { pair: 'EUR/USD', ask: 1.07771 });
      await expect.poll(() => askOf(page, 'EUR/USD')).toBe('1.07771');
    } finally {
      await simulator('silence', { silent: false });
    }
    expect(asksOn(third, 'EUR/USD')).toContain(1.07771);
    expect(asksOn(second, 'EUR/USD')).not.toContain(1.07771);
    // Not vacuous: the second socket did carry EUR/USD ticks.
    expect(asksOn(second, 'EUR/USD').length).toBeGreaterThan(0);
    expect([sockets.length, openSockets(sockets), third.socket.isClosed()]).toEqual([3, 1, false]);
    await context.close();
  });
});
