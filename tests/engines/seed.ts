// What the walk puts on the server for its user, as the app's own server side would.
import type { CurrencyPair } from '@price-alerts/domain/common';
import type { App } from 'firebase-admin/app';
import { Timestamp, getFirestore } from 'firebase-admin/firestore';
import { join } from 'node:path';
import { signActionToken } from '../../functions/src/actions/signing';
import { localSecret } from '../../scripts/lib/local-secrets.mjs';
import type { SeededUser } from '../browser/lists';

const ACTION_KEY = localSecret(join(import.meta.dirname, '..', '..', 'functions'), 'ACTION_SIGNING_KEY');

/** The 'Set again' link of the email a once alert's firing sends: its alert marked fired, its token signed. */
export async function setAgainLink(admin: App, user: SeededUser, alertId: string): Promise<string> {
  const firedAt = Date.now() - 1_000;
  await getFirestore(admin)
    .doc(`users/${user.uid}/alerts/${alertId}`)
    .update({ triggeredAt: Timestamp.fromMillis(firedAt) });
  const payload = { uid: user.uid, alertId, firedAt, action: 'again', via: 'email', label: 'Set again' } as const;
  return `/action?t=${signActionToken({ ...payload, what: 'EUR/USD Price rising above 9.00200' }, ACTION_KEY, Date.now())}`;
}

/** An active alert far from the market, added as another device of the user's would. */
export async function addActiveAlert(admin: App, uid: string, pair: CurrencyPair): Promise<void> {
  await getFirestore(admin)
    .collection(`users/${uid}/alerts`)
    .add({
      userId: uid,
      currencyPair: pair,
      alertType: 'Price rising above',
      triggerPrice: 99,
      priceSide: 'ask',
      armed: true,
      status: 'active',
      notificationPreferences: { email: false, push: true },
      createdAt: Timestamp.now(),
    });
}
