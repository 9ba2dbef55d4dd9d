// The main screens in each engine a phone's browser is built on (Chromium; Firefox's Gecko; WebKit,
// which every browser on an iPhone or iPad is), at a phone's and a tablet's size. In each engine one
// walk goes through every flow at one size (tests/engines/flows.ts: live prices, full page loads
// between app pages, back and forward, an email's action link, the offline reload, a notification
// tap, an alert created); the other size draws the same screens: sign-in, the dashboard, the details
// sheet, a return from the back/forward cache, the pickers and the create form, the desktop block.
// Any console error fails.
import { DESKTOP_BLOCK_MESSAGE } from '@price-alerts/domain/common';
import { PUSH_MESSAGES } from '@price-alerts/domain/copy';
import type { App } from 'firebase-admin/app';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { WEB_URL } from '../browser/harness';
import { PASSWORD, adminApp, closeAdmin, seedUser } from '../browser/lists';
import { openEngine, type Engine, type Size } from './engines';
import { returnFromCache, serverFlows } from './flows';
import {
  alertsShown,
  at,
  byText,
  dialogSettled,
  fieldsetBoxes,
  inputLabelled,
  shot,
  signInThroughForm,
  waitFor,
  type FieldsetBox,
  type WalkContext,
} from './walk';
import { unexplainedErrors } from './consoleFilters';
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
  /** Every flow through the server, or the screens only. */
  flows: boolean;
}

const PHONE = { width: 390, height: 844 };
const TABLET = { width: 820, height: 1180 };
// Chrome and Firefox mostly on Android phones; the iPad is where WebKit's hang was first seen.
const WALKS: Walk[] = [
  { engine: 'chromium', size: PHONE, flows: true },
  { engine: 'chromium', size: TABLET, flows: false },
  { engine: 'firefox', size: PHONE, flows: true },
  { engine: 'firefox', size: TABLET, flows: false },
  { engine: 'webkit', size: PHONE, userAgent: IPHONE_SAFARI, flows: false },
  { engine: 'webkit', size: TABLET, userAgent: IPAD_SAFARI, flows: true },
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

/** No prompt unasked for and no error at sign-in: the to-do leads to the switch, or the screen says calmly that this browser cannot push. */
async function pushAtSignIn(walk: WalkContext): Promise<void> {
  const { page } = walk;
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

/** The pickers and the create form filled in, measured and pictured. */
async function fillCreateForm(walk: WalkContext): Promise<Record<string, FieldsetBox>> {
  const { page } = walk;
  await page.goto(`${walk.origin}/create_alert`);
  await page.click('button.select[aria-labelledby^="pair-label"]');
  await dialogSettled(walk, 'the pair picker open');
  await page.type('dialog[open] input[aria-label="Search for a pair"]', 'JPY');
  await shot(walk, 'pair-picker');
  await page.click(await byText(walk, 'dialog[open] button', 'USD/JPY'));
  await waitFor(walk, 'the pair picker closed', `document.querySelector('dialog[open]') === null`);
  await page.click('button.select[aria-labelledby^="type-label"]');
  await dialogSettled(walk, 'the type picker open');
  await shot(walk, 'type-picker');
  await page.click(await byText(walk, 'dialog[open] button', 'Price rising above'));
  await waitFor(walk, 'the pickers closed', `document.querySelector('dialog[open]') === null`);
  // Far from the market, so an alert created stays active.
  await page.type(await inputLabelled(walk, 'Trigger price'), '999');
  const boxes = await fieldsetBoxes(walk);
  await shot(walk, 'create');
  return boxes;
}

describe.each(WALKS)('$engine at $size.width x $size.height', ({ engine, size, userAgent, flows }) => {
  it(flows ? 'walks every flow with no console error' : 'draws the main screens with no console error', async () => {
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
      if (engine !== 'chromium') await pushAtSignIn(walk);
      await shot(walk, 'dashboard');

      // The details sheet.
      await page.click('.alert-row');
      await waitFor(walk, 'the details sheet', `document.querySelector('dialog[open] #alert-details-title') !== null`);
      await dialogSettled(walk, 'the details sheet in place');
      await shot(walk, 'details');
      await page.goto(`${walk.origin}/dashboard`);
      await alertsShown(walk, 2);

      // The return from the back/forward cache at each size: WebKit takes another path for an iPhone's
      // user agent than for an iPad's.
      if (flows) await serverFlows(walk, { admin, user, proxy, offlineErrors });
      else await returnFromCache(walk, { admin, user });
      forms.set(`${engine}-${size.width}`, await fillCreateForm(walk));
      if (flows) {
        await page.click(await byText(walk, 'button', 'Create New Alert'));
        await at(walk, '/alert_added_successfully');
      }
      await page.goto(`${walk.origin}/dashboard`);
      await alertsShown(walk, flows ? 5 : 3);
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
