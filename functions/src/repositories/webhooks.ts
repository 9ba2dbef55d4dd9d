/**
 * Repository for a user's webhook: the URL and choices in users/{uid}.webhook (the owner reads them;
 * only these functions write them: the rules name no such field), and the signing secret in
 * webhookSecrets/{uid}, which no client may read or write.
 */
import { webhookSecretSchema, webhookSettingsSchema, type WebhookSettings } from '@price-alerts/domain/notify';
import { FieldValue, type DocumentReference, type Firestore } from 'firebase-admin/firestore';
import { parseDoc } from './parse';
import { profileRef } from './profiles';

const secretRef = (db: Firestore, uid: string): DocumentReference => db.collection('webhookSecrets').doc(uid);

/** The secret the sender signs with; undefined when the user has none (removed meanwhile). */
export async function webhookSecretOf(db: Firestore, uid: string): Promise<string | undefined> {
  return parseDoc(webhookSecretSchema, await secretRef(db, uid).get())?.secret;
}

/** Saves the URL and choices, and the secret when one is given (a new webhook, or a rotation). */
export async function saveWebhook(db: Firestore, uid: string, settings: WebhookSettings, secret?: string) {
  const batch = db.batch();
  batch.set(profileRef(db, uid), { webhook: webhookSettingsSchema.parse(settings) }, { merge: true });
  if (secret) batch.set(secretRef(db, uid), { secret, createdAt: Date.now() });
  await batch.commit();
}

export async function removeWebhook(db: Firestore, uid: string): Promise<void> {
  const batch = db.batch();
  batch.set(profileRef(db, uid), { webhook: FieldValue.delete() }, { merge: true });
  batch.delete(secretRef(db, uid));
  await batch.commit();
}
