/**
 * Repository for a user's Discord webhook (docs/chat-channels.md): its URL in discordWebhooks/{uid} (the
 * URL holds Discord's token, a credential, so no client may read it), the webhook's id or why it was lost
 * in the profile's `discord` (the owner reads it; only these functions write it), and when the last test
 * went in discordTests/{uid}. No rule matches either collection.
 */
import { discordProfileSchema, discordWebhookSchema, webhookTestSchema } from '@price-alerts/domain/notify';
import { FieldValue, type DocumentReference, type Firestore } from 'firebase-admin/firestore';
import { parseDoc } from './parse';
import { profileRef } from './profiles';
import { NoProfile } from './webhooks';

const webhookRef = (db: Firestore, uid: string): DocumentReference => db.collection('discordWebhooks').doc(uid);
/** Apart from the URL, so removing and saving again does not clear the spacing of tests. */
const testRef = (db: Firestore, uid: string): DocumentReference => db.collection('discordTests').doc(uid);

/** The URL the sender posts to; undefined when the user has none (removed meanwhile, or never set up). */
export async function discordWebhookOf(db: Firestore, uid: string): Promise<string | undefined> {
  return parseDoc(discordWebhookSchema, await webhookRef(db, uid).get())?.url;
}

/**
 * Stores `url` (canonical, from discordWebhookUrl) and shows its id on the profile, in one transaction
 * with removals. Saving the URL already stored keeps its `since`. Throws NoProfile for an account the
 * app has not set up yet: a bare profile written here would stop the app making its own.
 */
export async function saveDiscordWebhook(db: Firestore, uid: string, url: string, webhookId: string): Promise<void> {
  await db.runTransaction(async (tx) => {
    const [profile, stored] = await tx.getAll(profileRef(db, uid), webhookRef(db, uid));
    if (!profile?.exists) throw new NoProfile();
    const before = stored ? parseDoc(discordWebhookSchema, stored) : undefined;
    const since = before?.url === url ? before.since : Date.now();
    tx.set(webhookRef(db, uid), discordWebhookSchema.parse({ url, since }));
    const discord = discordProfileSchema.parse({ state: 'linked', webhookId, since });
    // Replaced whole: a merge would keep a lost webhook's reason beside the new one's id.
    tx.update(profileRef(db, uid), { discord });
  });
}

/**
 * Deletes the webhook. With a `reason` (Discord said it is gone), the profile says why until the user
 * saves another; without one (the user removed it), the profile's field goes too. `onlyUrl`: remove it
 * only if it is still this URL, so a webhook found gone does not take away one saved meanwhile.
 */
export async function removeDiscordWebhook(db: Firestore, uid: string, reason?: string, onlyUrl?: string) {
  await db.runTransaction(async (tx) => {
    const [profile, stored] = await tx.getAll(profileRef(db, uid), webhookRef(db, uid));
    if (onlyUrl !== undefined && (!stored || parseDoc(discordWebhookSchema, stored)?.url !== onlyUrl)) return;
    tx.delete(webhookRef(db, uid));
    if (!profile?.exists) return;
    const discord = reason ? discordProfileSchema.parse({ state: 'lost', reason, at: Date.now() }) : undefined;
    tx.update(profileRef(db, uid), { discord: discord ?? FieldValue.delete() });
  });
}

/**
 * The URL for 'Send a test', claimed in one transaction: undefined when there is none, 'too soon' when
 * the last test (from any instance) was under `spacingMs` ago; otherwise the test's time is written
 * first, so two tests at once cannot both pass. Times are Firestore's (the transaction's read time), so
 * no instance's clock can move the spacing. Throws NoProfile as a save does.
 */
export async function claimDiscordTest(
  db: Firestore,
  uid: string,
  spacingMs: number,
): Promise<string | 'too soon' | undefined> {
  return db.runTransaction(async (tx) => {
    const [profile, stored, tested] = await tx.getAll(profileRef(db, uid), webhookRef(db, uid), testRef(db, uid));
    if (!profile?.exists) throw new NoProfile();
    const url = stored ? parseDoc(discordWebhookSchema, stored)?.url : undefined;
    if (!url || !tested) return undefined;
    const now = tested.readTime.toMillis();
    const last = parseDoc(webhookTestSchema, tested)?.testedAt;
    if (last !== undefined && Math.abs(now - last) < spacingMs) return 'too soon';
    tx.set(testRef(db, uid), { testedAt: now });
    return url;
  });
}
