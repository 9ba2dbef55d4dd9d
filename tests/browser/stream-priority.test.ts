// Firestore's long-lived streams (the hanging GET of its listen and write channels) ask the
// browser for low priority (web/src/lib/streamPriority.ts), so that a tool waiting for a page's
// important requests to end sees the load end. The POSTs that start a listen and carry writes keep
// their priority, and a write still gets its answer over the lowered write stream.
import type { App } from 'firebase-admin/app';
import type { Browser } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { PHONE, WEB_URL, launchBrowser, newPage } from './harness';
import { adminApp, closeAdmin, seedUser, signInAs } from './lists';

type Sent = { method: string; url: string; priority: string };
const CHANNEL = /\/google\.firestore\.v1\.Firestore\/(Listen|Write)\/channel\?/;

let browser: Browser;
let admin: App;
beforeAll(async () => {
  browser = await launchBrowser();
  admin = adminApp('stream-priority-test');
});
afterAll(async () => {
  await browser?.close();
  await closeAdmin(admin);
});

// At one size: what this checks does not depend on the screen's, and each screen is checked at every
// size (checkScreenAtEachSize).
describe('Firestore’s streams', () => {
  const viewport = PHONE;
  it('ask for low priority on their hanging GETs; the POSTs keep theirs, and a save still completes', async () => {
    const user = await seedUser(admin, 'streams', [{ status: 'active' }]);
    const { context, page } = await newPage(browser, viewport);
    await signInAs(page, WEB_URL, user.email);

    // Seen by the browser itself: the priority it gave each request, as Lighthouse reads it.
    const cdp = await context.newCDPSession(page);
    const sent: Sent[] = [];
    cdp.on('Network.requestWillBeSent', ({ request }) => {
      if (CHANNEL.test(request.url))
        sent.push({ method: request.method, url: request.url, priority: request.initialPriority });
    });
    await cdp.send('Network.enable');
    await page.reload();
    await page.locator('[role="tabpanel"][aria-busy="false"] .alert-row').first().waitFor();
    // A write, so that the write stream opens too: the profile saved as it is. The save resolves only
    // once the server's answer has come back on that stream.
    await page.goto(`${WEB_URL}/profile`);
    await expect.poll(() => page.getByLabel('Full name').inputValue()).toBe('List Tester');
    await page.getByRole('button', { name: 'Save profile' }).click();
    await page.getByText('Profile saved.').waitFor();
    await expect
      .poll(() => sent.filter((s) => s.method === 'GET' && s.url.includes('/Write/')).length)
      .toBeGreaterThan(0);

    const listenGets = sent.filter((s) => s.method === 'GET' && s.url.includes('/Listen/'));
    const writeGets = sent.filter((s) => s.method === 'GET' && s.url.includes('/Write/'));
    const posts = sent.filter((s) => s.method === 'POST');
    expect(listenGets.length).toBeGreaterThan(0);
    expect(posts.length).toBeGreaterThan(0);
    expect(new Set([...listenGets, ...writeGets].map((s) => s.priority))).toEqual(new Set(['Low']));
    expect(new Set(posts.map((s) => s.priority))).toEqual(new Set(['High']));
    await context.close();
  });
});
