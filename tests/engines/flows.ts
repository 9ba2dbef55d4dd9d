// The walk's flows through the server, written once for every engine: live prices, full page loads
// between app pages, the history's back and forward, an email's action link, the offline reload and a
// notification tap. Each waits for the state by polling it.
import type { App } from 'firebase-admin/app';
import { simulator } from '../browser/harness';
import type { SeededUser } from '../browser/lists';
import { addActiveAlert, setAgainLink } from './seed';
import { alertsShown, at, byText, shot, waitFor, type WalkContext } from './walk';
import type { WebProxy } from './webProxy';

export interface FlowContext {
  admin: App;
  user: SeededUser;
  proxy: WebProxy;
  /** Console errors logged while the web server was away, which only a failed load may explain. */
  offlineErrors: string[];
}

/** Walks every server flow from the dashboard showing the user's two active alerts; it ends with four. */
export async function serverFlows(walk: WalkContext, { admin, user, proxy, offlineErrors }: FlowContext) {
  const { page } = walk;
  // Live prices move: a price the feed sends reaches the first top pair's card.
  const card = `document.querySelector('.pair-card .pair-ask')?.textContent`;
  const shown = await waitFor(walk, 'top pairs with prices', `/\\d/.test(${card} ?? '')`).then(() =>
    page.evaluate<string>(card),
  );
  const pair = await page.evaluate<string>(`document.querySelector('.pair-card .pair-name').textContent`);
  await simulator('price', { pair, ask: Number((Number(shown.replace(/,/g, '')) * 1.0003).toPrecision(6)) });
  await waitFor(walk, `the ${pair} price to move`, `${card} !== ${JSON.stringify(shown)}`);

  // Full page loads between app pages, then back and forward: the alerts always come.
  await page.goto(`${walk.origin}/create_alert`);
  await waitFor(walk, 'the create form', `document.querySelector('form fieldset') !== null`);
  await page.goto(`${walk.origin}/dashboard`);
  await alertsShown(walk, 2);
  await returnFromCache(walk, { admin, user });
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

  // A notification tapped while the app is open on another page: the service worker sends that window
  // to the dashboard, a full load, as the platform's tap would. (The page has finished loading first,
  // as one a person has open has: Firefox drops a worker's navigation of a page still loading.)
  await page.goto(`${walk.origin}/account`);
  await byText(walk, 'button', 'Log out');
  await waitFor(walk, 'a controlled page', 'navigator.serviceWorker.controller !== null');
  await page.evaluate(
    `navigator.serviceWorker.controller.postMessage({ type: 'TAP_LOCAL_PUSH', payload: { url: '/dashboard' } })`,
  );
  await at(walk, '/dashboard');
  await alertsShown(walk, 4);
}

/**
 * Leaves the dashboard (showing two active alerts) for the account page, then goes back: WebKit brings
 * the page back from its back/forward cache, as Safari does (the hang's way in), and the app loads it
 * afresh. Live, an alert added elsewhere then arrives: it shows three.
 */
export async function returnFromCache(walk: WalkContext, { admin, user }: Pick<FlowContext, 'admin' | 'user'>) {
  const { page } = walk;
  // A page restored from the back/forward cache marks it (a listener of the page that left, so it
  // outlives the reload that follows in the same tab).
  await page.evaluate(
    `addEventListener('pageshow', (e) => { if (e.persisted) sessionStorage.setItem('walkRestored', 'yes') })`,
  );
  await page.goto(`${walk.origin}/account`);
  // Back once the page has loaded, as a person goes back from a page they have seen (Firefox drops a
  // history step asked for while a page still loads).
  await byText(walk, 'button', 'Log out');
  await page.back();
  await at(walk, '/dashboard');
  if (page.engine === 'webkit')
    await waitFor(walk, 'a return from the cache', `sessionStorage.getItem('walkRestored')`);
  await addActiveAlert(admin, user.uid, 'AUD/USD');
  await alertsShown(walk, 3);
}
