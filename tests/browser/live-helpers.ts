// Shared by the live-* browser tests: the top cards, the create screen's panel and the relay sockets.
import type { Page } from 'playwright-core';

export const A_PRICE = /^[\d,]+\.\d+$/;

export const pairCard = (page: Page, pair: string) => page.locator('.pair-card', { hasText: pair });

export const askOf = (page: Page, pair: string) => pairCard(page, pair).locator('.pair-ask').textContent();

export const panel = (page: Page, pair: string) => page.getByRole('region', { name: `Live price of ${pair}` });

/** Counts the sockets the page opens to the relay from now on. */
export function relaySocketCount(page: Page): { readonly count: number } {
  const seen = { count: 0 };
  page.on('websocket', (socket) => {
    if (new URL(socket.url()).pathname === '/prices') seen.count += 1;
  });
  return seen;
}
