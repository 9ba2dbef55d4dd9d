// The email side of the browser tests: the mail the stack's local sink received for an address, and
// an email's HTML rendered as a phone or a tablet shows it.
import type { Browser } from 'playwright-core';
import { expect } from 'vitest';
import { MAIL_SINK_URL } from '../../scripts/lib/stack.mjs';
import { PHONE, SMALL_PHONE, TABLET, checkScreen, sideScroll } from './harness';

/** The widths an email is read at: the smallest phone, a common phone, a tablet. */
export const EMAIL_VIEWPORTS = [SMALL_PHONE, PHONE, TABLET] as const;

export interface SinkMail {
  id: number;
  to: string[];
  subject: string;
  text?: string;
  html?: string;
}

/** What the local mail sink holds for this address, oldest first. */
export async function mailsTo(address: string): Promise<SinkMail[]> {
  const res = await fetch(`${MAIL_SINK_URL}/api/mails`);
  if (!res.ok) throw new Error(`Mail sink: ${res.status}`);
  return ((await res.json()) as SinkMail[]).filter((m) => m.to.includes(address));
}

/**
 * Opens the email's HTML as a mail app would show it, at each width: screenshots and axe in the light
 * and the dark scheme, nothing scrolling sideways, and the link to the app visible.
 */
export async function checkEmailScreens(browser: Browser, html: string, name: string, link: string): Promise<void> {
  for (const viewport of EMAIL_VIEWPORTS) {
    const context = await browser.newContext({ viewport, deviceScaleFactor: 1, isMobile: viewport.width < 800 });
    const page = await context.newPage();
    await page.setContent(html);
    // Counted, not awaited: a mail without them fails at once.
    expect(await page.locator('meta[name="viewport"][content*="width=device-width"]').count()).toBe(1);
    expect(await page.locator('meta[name="color-scheme"][content="light dark"]').count()).toBe(1);
    expect(await page.getByRole('link', { name: link }).isVisible()).toBe(true);
    expect(await sideScroll(page), `${name} scrolls sideways at ${viewport.width} px`).toBe(0);
    await checkScreen(page, name);
    await context.close();
  }
}
