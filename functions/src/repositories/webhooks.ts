/**
 * Repository for a user's webhook: the URL and choices in users/{uid}.webhook (the owner reads them;
 * only these functions write them: the rules name no such field), the signing secret in
 * webhookSecrets/{uid}, when the last test was sent in webhookTests/{uid}, and the account's budget
 * of requests in webhookBudgets/{uid}: no client may read or write any of them.
 */
import {
  webhookBudgetSchema,
  webhookSecretSchema,
  webhookSlot,
  webhookSettingsSchema,
  webhookTestSchema,
  type WebhookSettings,
} from '@price-alerts/domain/notify';
import { FieldValue, type DocumentReference, type Firestore } from 'firebase-admin/firestore';
import { parseDoc } from './parse';
import { profileRef } from './profiles';

const secretRef = (db: Firestore, uid: string): DocumentReference => db.collection('webhookSecrets').doc(uid);
const testRef = (db: Firestore, uid: string): DocumentReference => db.collection('webhookTests').doc(uid);
const budgetRef = (db: Firestore, uid: string): DocumentReference => db.collection('webhookBudgets').doc(uid);

/** The secret the sender signs with; undefined when the user has none (removed meanwhile). */
export async function webhookSecretOf(db: Firestore, uid: string): Promise<string | undefined> {
  return parseDoc(webhookSecretSchema, await secretRef(db, uid).get())?.secret;
}

/**
 * The secret to sign a request with and when the request may go, in one transaction with the
 * account's budget (webhookBudgets/{uid}), so requests from every instance at once share it: `at` is
 * `now` when the budget allows, else the request's reserved slot. Undefined once the webhook was
 * removed (nothing is spent).
 */
export async function claimWebhookSlot(
  db: Firestore,
  uid: string,
  now: number,
  perMinute?: number,
): Promise<{ secret: string; at: number } | undefined> {
  return db.runTransaction(async (tx) => {
    const [secretDoc, budgetDoc] = await tx.getAll(secretRef(db, uid), budgetRef(db, uid));
    const secret = secretDoc ? parseDoc(webhookSecretSchema, secretDoc)?.secret : undefined;
    if (!secret) return undefined;
    const budget = budgetDoc ? parseDoc(webhookBudgetSchema, budgetDoc) : undefined;
    const slot = webhookSlot(budget?.tat, now, perMinute);
    tx.set(budgetRef(db, uid), { tat: slot.tat });
    return { secret, at: slot.at };
  });
}

export interface StoredWebhook {
  settings: WebhookSettings;
  secret: string;
}

/**
 * The webhook and its secret as stored (two reads), before a save; undefined when there is none.
 * Throws NoProfile for an account the app has not set up yet, so a save is refused before it posts.
 */
export async function storedWebhook(db: Firestore, uid: string): Promise<StoredWebhook | undefined> {
  const [profile, secretDoc] = await db.getAll(profileRef(db, uid), secretRef(db, uid));
  if (!profile?.exists) throw new NoProfile();
  const settings = webhookSettingsSchema.safeParse(profile?.get('webhook'));
  const secret = secretDoc ? parseDoc(webhookSecretSchema, secretDoc)?.secret : undefined;
  return settings.success && secret ? { settings: settings.data, secret } : undefined;
}

/**
 * Reads the webhook and its secret and writes what `change` makes of them, in one transaction, so
 * a save, a rotation and a removal from two tabs at once apply one after the other. `change`
 * answers the new settings and, when it made one, the new secret; or what to throw.
 */
export async function changeWebhook<T>(
  db: Firestore,
  uid: string,
  change: (current: StoredWebhook | undefined) => { settings: WebhookSettings; secret?: string; result: T },
): Promise<T> {
  return db.runTransaction(async (tx) => {
    const [profile, secretDoc] = await tx.getAll(profileRef(db, uid), secretRef(db, uid));
    // The app creates the profile with its name and email; a bare one written here would stop it.
    if (!profile?.exists) throw new NoProfile();
    const settings = webhookSettingsSchema.safeParse(profile?.get('webhook'));
    const secret = secretDoc ? parseDoc(webhookSecretSchema, secretDoc)?.secret : undefined;
    const next = change(settings.success && secret ? { settings: settings.data, secret } : undefined);
    tx.set(profileRef(db, uid), { webhook: webhookSettingsSchema.parse(next.settings) }, { merge: true });
    if (next.secret) tx.set(secretRef(db, uid), { secret: next.secret, createdAt: Date.now() });
    return next.result;
  });
}

/** For the tests and the seeding of a stored webhook: settings and secret written together. */
export async function saveWebhook(db: Firestore, uid: string, settings: WebhookSettings, secret?: string) {
  await changeWebhook(db, uid, () => ({ settings, ...(secret ? { secret } : {}), result: undefined }));
}

/** The account has no profile yet: the app makes it on the first sign-in. */
export class NoProfile extends Error {
  constructor() {
    super('The account has no profile yet');
    this.name = 'NoProfile';
  }
}

/** In one transaction with the saves, so a save and a removal at once never leave settings without a secret. */
export async function removeWebhook(db: Firestore, uid: string): Promise<void> {
  await db.runTransaction(async (tx) => {
    const profile = await tx.get(profileRef(db, uid));
    if (profile.exists) tx.update(profileRef(db, uid), { webhook: FieldValue.delete() });
    tx.delete(secretRef(db, uid));
  });
}

/**
 * The stored webhook and secret for 'Send a test', claimed in one transaction: undefined when there
 * is none, 'too soon' when the last test (from any instance) was under `spacingMs` ago; otherwise the
 * test's time is written first, so two tests at once cannot both pass. Times are Firestore's (the
 * transaction's read time), so no instance's clock can move the spacing.
 */
export async function claimWebhookTest(
  db: Firestore,
  uid: string,
  spacingMs: number,
): Promise<StoredWebhook | 'too soon' | undefined> {
  return db.runTransaction(async (tx) => {
    const [profile, secretDoc, testDoc] = await tx.getAll(profileRef(db, uid), secretRef(db, uid), testRef(db, uid));
    const settings = webhookSettingsSchema.safeParse(profile?.get('webhook'));
    const stored = secretDoc ? parseDoc(webhookSecretSchema, secretDoc) : undefined;
    if (!testDoc || !settings.success || !stored) return undefined;
    const now = testDoc.readTime.toMillis();
    const last = parseDoc(webhookTestSchema, testDoc)?.testedAt;
    if (last !== undefined && Math.abs(now - last) < spacingMs) return 'too soon';
    tx.set(testRef(db, uid), { testedAt: now });
    return { settings: settings.data, secret: stored.secret };
  });
}
