// Helpers of the dashboard and alert-list browser tests: an account of their own with alerts in
// known statuses (written as the server stores them), so a test sees exactly what it seeded.
import type { AlertStatus, CurrencyPair } from '@price-alerts/domain/common';
import { deleteApp, initializeApp, type App } from 'firebase-admin/app';
import { getAuth } from 'firebase-admin/auth';
import { Timestamp, getFirestore, type Firestore } from 'firebase-admin/firestore';
import type { Page } from 'playwright-core';
import { uniqueEmail } from './harness';
import { signInWithSession } from './session';

export const PASSWORD = 'lists-pass-1234';

export interface SeedAlert {
  status: AlertStatus;
  pair?: CurrencyPair;
  alertType?: 'Price rising above' | 'Price dropping below' | 'Price reaching';
  /** Far from any market, so the server never fires it while a test runs. */
  triggerPrice?: number;
}

export interface SeededUser {
  uid: string;
  email: string;
  password: string;
  /** Alert ids in the order seeded; the first is the newest. */
  alertIds: string[];
}

export function adminApp(name: string): App {
  return initializeApp({ projectId: 'demo-price-alerts' }, name);
}

export const closeAdmin = (app: App | undefined) => (app ? deleteApp(app) : Promise.resolve());

/**
 * A verified account with a profile (avatar set, so its to-do is struck through) and the alerts
 * given, newest first, one minute apart.
 */
export async function seedUser(app: App, prefix: string, alerts: SeedAlert[]): Promise<SeededUser> {
  const email = uniqueEmail(prefix);
  const { uid } = await getAuth(app).createUser({ email, password: PASSWORD, emailVerified: true });
  const db = getFirestore(app);
  await db.doc(`users/${uid}`).set({
    fullName: 'List Tester',
    email,
    avatarId: 2,
    hasSetAvatar: true,
    pwaPromptDismissed: false,
  });
  const now = Date.now();
  const alertIds: string[] = [];
  const batch = db.batch();
  alerts.forEach((alert, i) => {
    const ref = db.collection(`users/${uid}/alerts`).doc();
    alertIds.push(ref.id);
    batch.set(ref, {
      userId: uid,
      currencyPair: alert.pair ?? 'EUR/USD',
      alertType: alert.alertType ?? 'Price rising above',
      triggerPrice: alert.triggerPrice ?? 9 + i / 1000,
      priceSide: 'ask',
      armed: alert.status === 'active',
      status: alert.status,
      notificationPreferences: { email: false, push: true },
      createdAt: Timestamp.fromMillis(now - (i + 1) * 60_000),
    });
  });
  batch.set(db.doc(`users/${uid}/counters/alerts`), { count: alerts.length, lastAlertId: alertIds.at(-1) ?? '' });
  await batch.commit();
  return { uid, email, password: PASSWORD, alertIds };
}

export const adminDb = (app: App): Firestore => getFirestore(app);

/** Every toast text the page shows from now on, each toast once, however briefly it stays. */
export async function recordToasts(page: Page): Promise<void> {
  await page.addInitScript(() => {
    const seen = new WeakSet<Element>();
    const shown: string[] = [];
    (window as unknown as { shownToasts: string[] }).shownToasts = shown;
    new MutationObserver(() => {
      for (const el of document.querySelectorAll('[role="status"][aria-live]')) {
        if (seen.has(el) || !el.textContent) continue;
        seen.add(el);
        shown.push(el.textContent);
      }
    }).observe(document, { subtree: true, childList: true, characterData: true });
  });
}

export const shownToasts = (page: Page) =>
  page.evaluate(() => (window as unknown as { shownToasts?: string[] }).shownToasts ?? []);

export async function signInAs(page: Page, webUrl: string, email: string): Promise<void> {
  await signInWithSession(page, webUrl, email, PASSWORD);
  await page.waitForURL(`${webUrl}/dashboard`);
}
