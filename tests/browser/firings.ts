// An alert of a test's own user a little above the market, written as the server stores it, and the
// price that crosses it: for the browser tests that need one to fire.
import { formatPrice, pairToSymbol, type CurrencyPair } from '@price-alerts/domain/common';
import { priceDocumentSchema } from '@price-alerts/domain/store';
import { FieldValue, type DocumentReference, type Firestore } from 'firebase-admin/firestore';
import type { Page } from 'playwright-core';
import { expect } from 'vitest';
import { pageErrors, shownNotifications } from './harness';

export interface FiringAlert {
  ref: DocumentReference;
  trigger: number;
  /** The trigger as the app shows it. */
  shown: string;
  /** An ask past the trigger, to force on the simulator. */
  crossing: number;
}

/** Whose alert it is and how it notifies. */
export interface AlertOwner {
  uid: string;
  email: boolean;
  push: boolean;
  /** Telegram and Discord, when chosen. */
  chats?: { telegram?: boolean; discord?: boolean };
  /**
   * How far above the stored ask the level is, as a fraction (0.002 unless given); the crossing is twice
   * as far. The stored ask may be 20 s old: a volatile pair may have moved that far meanwhile.
   */
  margin?: number;
  /** More fields as stored (an every-time alert's repeat, cooldown and re-arm distance). */
  extra?: Record<string, unknown>;
}

/** `uid`'s 'Price rising above' 0.2% over the latest ask, push only; `digits` rounds the prices as the pair quotes. */
export const addPushAlertAbove = (
  db: Firestore,
  uid: string,
  pair: CurrencyPair,
  digits: number,
): Promise<FiringAlert> => addAlertAbove(db, pair, digits, { uid, email: false, push: true });

// The ingest writes a pair's price document at most every 20 s, so right after a test forced a
// crossing the document may still hold the price from before it. A second alert on the same pair
// then starts from the crossing it was given, so it neither repeats the first one's level nor
// sits below the market and fires before the test forces it.
const lastCrossing = new Map<CurrencyPair, number>();

/** The same on the channels given. */
export async function addAlertAbove(
  db: Firestore,
  pair: CurrencyPair,
  digits: number,
  owner: AlertOwner,
): Promise<FiringAlert> {
  const stored = priceDocumentSchema.parse((await db.doc(`prices/${pairToSymbol(pair)}`).get()).data()).ask;
  const ask = Math.max(stored, lastCrossing.get(pair) ?? 0);
  const margin = owner.margin ?? 0.002;
  const trigger = Number((ask * (1 + margin)).toFixed(digits));
  const ref = await db.collection(`users/${owner.uid}/alerts`).add({
    userId: owner.uid,
    currencyPair: pair,
    alertType: 'Price rising above',
    triggerPrice: trigger,
    priceSide: 'ask',
    armed: true,
    status: 'active',
    notificationPreferences: { email: owner.email, push: owner.push, ...owner.chats },
    createdAt: FieldValue.serverTimestamp(),
    ...owner.extra,
  });
  const crossing = Number((ask * (1 + 2 * margin)).toFixed(digits));
  lastCrossing.set(pair, crossing);
  return { ref, trigger, shown: formatPrice(pair, trigger), crossing };
}

/** Where a test looks for a firing's push: whose device, its token, and when the crossing was forced. */
export interface PushWatch {
  uid: string;
  token: string;
  forcedAt: number;
}

/**
 * One line on where an alert's firing got to, each step timed from the forced crossing (+s): the
 * alert, its deliveries' push states, this device's registration and the local push messages written
 * for it and still waiting (the page consumes each once its service worker has shown it), and all
 * messages waiting for the account's other devices; for the message of a test whose push never showed.
 */
export async function describeFiring(db: Firestore, alertId: string, watch: PushWatch): Promise<string> {
  const { uid } = watch;
  const since = (at: { toMillis(): number } | undefined) =>
    at ? `+${((at.toMillis() - watch.forcedAt) / 1000).toFixed(1)}s` : '+?';
  const [alert, deliveries, pushes, tokens] = await Promise.all([
    db.doc(`users/${uid}/alerts/${alertId}`).get(),
    db.collection('deliveries').where('alertId', '==', alertId).get(),
    db.collection(`users/${uid}/localPush`).get(),
    db.collection(`users/${uid}/pushTokens`).get(),
  ]);
  const push = deliveries.docs.map((d) => {
    const state = (d.get('channels.push') ?? {}) as { state?: string; attempts?: number; lastError?: string };
    const said = [state.state ?? 'none', state.attempts, state.lastError].filter((part) => part !== undefined);
    return `${said.join('/')} ${since(d.updateTime)}`;
  });
  const mine = pushes.docs.filter((d) => d.get('token') === watch.token);
  const registered = tokens.docs.some((d) => d.get('token') === watch.token);
  // Short enough for the summary of npm test, which keeps a failure's first 240 characters.
  return [
    `alert ${alert.get('status')} ${since(alert.updateTime)} armed=${alert.get('armed')} at ${alert.get('triggeredPrice')}`,
    `push [${push.join(', ')}]`,
    `device ${registered ? 'registered' : 'NOT registered'}, waiting [${mine.map((d) => since(d.createTime)).join(', ')}]`,
    `others ${pushes.size - mine.length}`,
  ].join('; ');
}

/**
 * Waits for the device to show a notification like `expected` after a forced crossing. The whole
 * chain runs through the Functions emulator, whose first call of a function in a new worker took over
 * 15 s on a loaded CI machine; how fast a push arrives is bench:stack's to measure, not a test's. When
 * none shows, the error says how far the firing got and what the page logged.
 */
export async function expectPushShown(
  page: Page,
  db: Firestore,
  alertId: string,
  watch: PushWatch,
  expected: Record<string, unknown>,
): Promise<void> {
  try {
    await expect
      .poll(() => shownNotifications(page), { timeout: 60_000 })
      .toContainEqual(expect.objectContaining(expected));
  } catch (error) {
    const where = await describeFiring(db, alertId, watch).catch((e: unknown) => `(${String(e)})`);
    const logged = pageErrors(page);
    throw new Error(`No push shown: ${where}; page errors ${logged.length}: ${logged.slice(-3).join(' | ')}`, {
      cause: error,
    });
  }
}
