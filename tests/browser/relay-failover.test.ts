// Live prices come through two relays behind one address (the local stack's balancer, as Cloud Run's
// load balancer in production). Killing the relay a page is on: the page reconnects to the other
// within 2 s and its prices keep moving, and the supervisor brings the dead relay back.
import type { Browser } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { portHolder, signal } from '../../scripts/lib/processes.mjs';
import { RELAY_PORTS } from '../../scripts/lib/stack.mjs';
import { PHONE, WEB_URL, launchBrowser, newPage, signIn, simulator } from './harness';
import { A_PRICE, askOf, relaySocketCount } from './live-helpers';

let browser: Browser;
beforeAll(async () => {
  browser = await launchBrowser();
});
afterAll(async () => {
  await browser?.close();
});

const clientsOf = async (port: number): Promise<number> => {
  const res = await fetch(`http://127.0.0.1:${port}/health`).catch(() => undefined);
  return res?.ok ? ((await res.json()) as { clients: number }).clients : -1;
};

describe('a price relay dying under a page', () => {
  it('costs the page under 2 s of prices: it reconnects to the other relay, and the dead one is restarted', async () => {
    const before = await Promise.all(RELAY_PORTS.map(clientsOf));
    const { context, page } = await newPage(browser, PHONE);
    const sockets = relaySocketCount(page);
    await signIn(page);
    await page.waitForURL(`${WEB_URL}/dashboard`);
    await expect.poll(() => askOf(page, 'EUR/USD')).toMatch(A_PRICE);
    // The relay that took this page's socket.
    let victim: number | undefined;
    await expect
      .poll(async () => {
        const now = await Promise.all(RELAY_PORTS.map(clientsOf));
        victim = RELAY_PORTS.find((_, i) => (now[i] ?? 0) > (before[i] ?? 0));
        return victim;
      })
      .toBeDefined();
    const holder = portHolder(victim as number);
    expect(holder, `nothing listens on relay port ${victim}`).toBeDefined();

    signal(holder?.pid as number, 'SIGKILL');
    const killedAt = Date.now();
    // Back on the other relay: a second socket, and a price moved on purpose reaches the page.
    await expect.poll(() => sockets.count, { timeout: 2_000, interval: 50 }).toBe(2);
    // The simulator walks on from the forced price, so the page shows it or a tick just after it.
    await simulator('price', { pair: 'EUR/USD', ask: 1.23456 });
    await expect
      .poll(async () => Math.abs(Number(await askOf(page, 'EUR/USD')) - 1.23456) < 0.002, {
        timeout: 2_000,
        interval: 50,
      })
      .toBe(true);
    console.log(`relay killed: a moved price on the page after ${((Date.now() - killedAt) / 1000).toFixed(2)} s`);

    // The supervisor restarts the dead relay, fed by the ingest again.
    await expect.poll(() => clientsOf(victim as number), { timeout: 60_000, interval: 500 }).toBeGreaterThanOrEqual(0);
    await context.close();
  });
});
