// The main screens walked in each engine a phone's browser is built on (Chromium; Firefox's Gecko;
// WebKit, which every browser on an iPhone or iPad is), at a phone's and a tablet's size: sign in,
// live prices, the details sheet, the pickers, creating an alert, full page loads between app pages
// and the history's back and forward, the offline reload, the desktop block. Any console error fails.
import { DESKTOP_BLOCK_MESSAGE } from '@price-alerts/domain/common';
import { PUSH_MESSAGES } from '@price-alerts/domain/copy';
import type { App } from 'firebase-admin/app';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { WEB_URL, simulator } from '../browser/harness';
import { PASSWORD, adminApp, closeAdmin, seedUser } from '../browser/lists';
import { openEngine, type Engine, type Size } from './engines';
import {
  alertsShown,
  at,
  byText,
  fieldsetBoxes,
  inputLabelled,
  shot,
  signInThroughForm,
  waitFor,
  type FieldsetBox,
  type WalkContext,
} from './walk';
import { unexplainedErrors } from './consoleFilters';
import { addActiveAlert, setAgainLink } from './seed';
import { startWebProxy, type WebProxy } from './webProxy';

/** Safari's own: on an iPhone, and the desktop-class one an iPad sends by default. */
const IPHONE_SAFARI =
  'Mozilla/5.0 (iPhone; CPU iPhone OS 18_5 like Mac OS X) AppleWebKit/605.1.15 (KHTML, like Gecko) Version/18.5 Mobile/15E148 Safari/604.1';
const IPAD_SAFARI =
  'Mozilla/5.0 (Macintosh; Intel Mac OS X 10_15_7) AppleWebKit/605.1.15 (KHTML, like Gecko) Version/18.5 Safari/605.1.15';

interface Walk {
  engine: Engine;
  size: Size;
  userAgent?: string;
}

const PHONE = { width: 390, height: 844 };
const TABLET = { width: 820, height: 1180 };
const WALKS: Walk[] = [
  { engine: 'chromium', size: PHONE },
  { engine: 'chromium', size: TABLET },
  { engine: 'firefox', size: PHONE },
  { engine: 'firefox', size: TABLET },
  { engine: 'webkit', size: PHONE, userAgent: IPHONE_SAFARI },
  { engine: 'webkit', size: TABLET, userAgent: IPAD_SAFARI },
];

let admin: App;
let proxy: WebProxy;
const forms = new Map<string, Record<string, FieldsetBox>>();

beforeAll(async () => {
  admin = adminApp('engine-walk');
  proxy = await startWebProxy(WEB_URL);
});
afterAll(async () => {
  await proxy?.close();
  await closeAdmin(admin);
});

describe.each(WALKS)('$engine at $size.width x $size.height', ({ engine, size, userAgent }) => {
  it('walks the main screens with no console error', async () => {
    const user = await seedUser(admin, `walk-${engine}`, [
      { status: 'active', pair: 'EUR/USD' },
      { status: 'active', pair: 'GBP/USD' },
      { status: 'triggered' },
    ]);
    const page = await openEngine(engine, { size, userAgent });
    const walk: WalkContext = { page, origin: proxy.url, label: `${engine} ${size.width}x${size.height}` };
    const offlineErrors: string[] = [];
    let errors: string[];
    try {
      await signInThroughForm(walk, user.email, PASSWORD);
      await alertsShown(walk, 2);
      if (engine !== 'chromium') {
        // No prompt unasked for and no error at sign-in. Where the browser can push, the to-do leads
        // to the switch; where it cannot, the Notifications screen says so, calmly, and no toast does.
        const canPush = await page.evaluate<boolean>(
          `'Notification' in window && 'serviceWorker' in navigator && 'PushManager' in window`,
        );
        if (canPush) await byText(walk, '.todos a', 'Turn on notifications');
        else {
          await page.goto(`${walk.origin}/notifications`);
          await waitFor(
            walk,
            'the note that this browser cannot push',
            `document.querySelector('.info-note[role=status]')?.textContent.includes(${JSON.stringify(PUSH_MESSAGES.unsupported)})`,
          );
        }
        const toasts = await page.evaluate<string>(`document.querySelector('[data-rht-toaster]')?.innerText ?? ''`);
        expect(toasts).not.toContain(PUSH_MESSAGES.permissionDefault);
        expect(toasts).not.toContain(PUSH_MESSAGES.unsupported);
        if (!canPush) {
          await page.goto(`${walk.origin}/dashboard`);
          await alertsShown(walk, 2);
        }
      }
      await shot(walk, 'dashboard');

      // Live prices move: a price the feed sends reaches the first top pair's card.
      const card = `document.querySelector('.pair-card .pair-ask')?.textContent`;
      const shown = await waitFor(walk, 'top pairs with prices', `/\\d/.test(${card} ?? '')`).then(() =>
        page.evaluate<string>(card),
      );
      const pair = await page.evaluate<string>(`document.querySelector('.pair-card .pair-name').textContent`);
      await simulator('price', { pair, ask: Number((Number(shown.replace(/,/g, '')) * 1.0003).toPrecision(6)) });
      await waitFor(walk, `the ${pair} price to move`, `${card} !== ${JSON.stringify(shown)}`);

      // The details sheet.
      await page.click('.alert-row');
      await waitFor(walk, 'the details sheet', `document.querySelector('dialog[open] #alert-details-title') !== null`);
      await shot(walk, 'details');
      await page.goto(`${walk.origin}/dashboard`);
      await alertsShown(walk, 2);

      // Full page loads between app pages, then back and forward: the alerts always come.
      await page.goto(`${walk.origin}/create_alert`);
      await waitFor(walk, 'the create form', `document.querySelector('form fieldset') !== null`);
      await page.goto(`${walk.origin}/dashboard`);
      await alertsShown(walk, 2);
      // A page restored from the back/forward cache marks it (a listener of the page that left, so it
      // outlives the reload that follows in the same tab).
      await page.evaluate(
        `addEventListener('pageshow', (e) => { if (e.persisted) sessionStorage.setItem('walkRestored', 'yes') })`,
      );
      await page.goto(`${walk.origin}/account`);
      // Back once the page has loaded, as a person goes back from a page they have seen (Firefox
      // drops a history step asked for while a page still loads).
      await byText(walk, 'button', 'Log out');
      await page.back();
      await at(walk, '/dashboard');
      // WebKit brings the page back from its back/forward cache, as Safari does (the hang's way in),
      // and the app loads it afresh: live, an alert added elsewhere arrives.
      if (engine === 'webkit') await waitFor(walk, 'a return from the cache', `sessionStorage.getItem('walkRestored')`);
      await addActiveAlert(admin, user.uid, 'AUD/USD');
      await alertsShown(walk, 3);
      await page.forward();
      await at(walk, '/account');
      await page.goto(`${walk.origin}/dashboard`);
      await alertsShown(walk, 3);

      // An email's action link, opened by a full page load: it asks first, then does it, and the new
      // alert is in the list.
      await page.goto(`${walk.origin}${await setAgainLink(admin, user, user.alertIds[2] ?? '')}`);
      await page.click(await byText(walk, 'button', 'Set again'));
      // The action's function may start cold.
      await waitFor(
        walk,
        'the action done',
        `document.querySelector('[role=status]')?.textContent === 'Set again.'`,
        60_000,
      );
      await page.goto(`${walk.origin}/dashboard`);
      await alertsShown(walk, 4);

      // With the web server out of reach, the service worker serves the app. (The emulators stay in
      // reach: only Chromium can take a page offline altogether, and tests/browser/pwa.test.ts does.)
      await waitFor(walk, 'the service worker', 'navigator.serviceWorker.ready.then(() => true)');
      await page.reload();
      await waitFor(walk, 'a controlled page', 'navigator.serviceWorker.controller !== null');
      await alertsShown(walk, 4);
      const before = page.consoleErrors().length;
      proxy.setOffline(true);
      try {
        await page.reload();
        await waitFor(walk, 'the bottom navigation', `document.querySelector('nav.bottom-nav') !== null`);
        await alertsShown(walk, 4);
        await shot(walk, 'offline');
      } finally {
        proxy.setOffline(false);
      }
      offlineErrors.push(...page.consoleErrors().slice(before));
      await page.reload();
      await alertsShown(walk, 4);

      // A notification tapped while the app is open on another page: the service worker sends that
      // window to the dashboard, a full load, as the platform's tap would. (The page has finished
      // loading first, as one a person has open has: Firefox drops a worker's navigation of a page
      // still loading.)
      await page.goto(`${walk.origin}/account`);
      await byText(walk, 'button', 'Log out');
      await waitFor(walk, 'a controlled page', 'navigator.serviceWorker.controller !== null');
      await page.evaluate(
        `navigator.serviceWorker.controller.postMessage({ type: 'TAP_LOCAL_PUSH', payload: { url: '/dashboard' } })`,
      );
      await at(walk, '/dashboard');
      await alertsShown(walk, 4);

      // The pickers, and an alert created (far from the market, so it stays active).
      await page.goto(`${walk.origin}/create_alert`);
      await page.click('button.select[aria-labelledby^="pair-label"]');
      await page.type('dialog[open] input[aria-label="Search for a pair"]', 'JPY');
      await shot(walk, 'pair-picker');
      await page.click(await byText(walk, 'dialog[open] button', 'USD/JPY'));
      await waitFor(walk, 'the pair picker closed', `document.querySelector('dialog[open]') === null`);
      await page.click('button.select[aria-labelledby^="type-label"]');
      await shot(walk, 'type-picker');
      await page.click(await byText(walk, 'dialog[open] button', 'Price rising above'));
      await waitFor(walk, 'the pickers closed', `document.querySelector('dialog[open]') === null`);
      await page.type(await inputLabelled(walk, 'Trigger price'), '999');
      forms.set(`${engine}-${size.width}`, await fieldsetBoxes(walk));
      await shot(walk, 'create');
      await page.click(await byText(walk, 'button', 'Create New Alert'));
      await at(walk, '/alert_added_successfully');
      await page.goto(`${walk.origin}/dashboard`);
      await alertsShown(walk, 5);
      // Every image drawn (the avatar among them), whatever a load cut earlier by leaving a page logged.
      await waitFor(
        walk,
        'every image drawn',
        `document.images.length > 0 && [...document.images].every((i) => i.complete && i.naturalWidth > 0)`,
      );

      // A desktop-wide window gets the message and not the app.
      await page.resize({ width: 1280, height: 800 });
      await waitFor(
        walk,
        'the desktop block',
        `document.body.innerText.includes(${JSON.stringify(DESKTOP_BLOCK_MESSAGE)})`,
      );
    } finally {
      errors = page.consoleErrors();
      await page.close();
    }
    expect(unexplainedErrors(engine, errors, offlineErrors).join('\n'), `${walk.label}: console errors`).toBe('');
  });
});

describe('the create form across engines', () => {
  it('measures the same in each engine wherever it shows the same', () => {
    for (const width of [PHONE.width, TABLET.width]) {
      const chromium = forms.get(`chromium-${width}`) ?? {};
      expect(Object.keys(chromium), `the Chromium walk at ${width} measured the form`).not.toHaveLength(0);
      for (const engine of ['firefox', 'webkit'] as const) {
        const other = forms.get(`${engine}-${width}`) ?? {};
        expect(Object.keys(other).sort(), `${engine} at ${width}: the same fieldsets`).toEqual(
          Object.keys(chromium).sort(),
        );
        // Only the push hint may read otherwise (where a browser cannot push); every choice group,
        // where a legend in a flex column once drew taller, shows the same words and is compared.
        const same = Object.keys(chromium).filter((legend) => other[legend]?.text === chromium[legend]?.text);
        expect(same, `${engine} at ${width}: fieldsets showing the same words`).toEqual(
          expect.arrayContaining(['Judge on', 'Repeat']),
        );
        for (const legend of same) {
          // Fonts differ by a pixel or two between engines; a layout that differs does by more.
          const apart = Math.abs((other[legend]?.height ?? 0) - (chromium[legend]?.height ?? 0));
          expect(apart, `${engine} at ${width}: '${legend}'`).toBeLessThanOrEqual(3);
        }
      }
    }
  });
});
