/**
 * Repository for linking Telegram chats to accounts (docs/chat-channels.md): telegramCodes/{sha256 hex
 * of a code} (a link code's owner until it ends), telegramChats/{chatId} (whose a chat is) and the
 * profile's `telegram` (users/{uid}.telegram, which the owner reads). No client may touch the first
 * two, and the rules let no client write the third. Every change that spans them is one transaction,
 * so a chat is never linked on one side only.
 */
import {
  TELEGRAM_LINK_CODE_TTL_MS,
  TELEGRAM_RELINKED,
  telegramChatSchema,
  telegramCodeSchema,
  telegramProfileSchema,
  type TelegramProfile,
} from '@price-alerts/domain/notify';
import {
  FieldValue,
  Timestamp,
  type DocumentReference,
  type DocumentSnapshot,
  type Firestore,
  type Transaction,
} from 'firebase-admin/firestore';
import { createHash } from 'node:crypto';
import * as logs from '../logs';
import { parseDoc } from './parse';
import { profileRef } from './profiles';
import { NoProfile } from './webhooks';

/** Only the code's hash is stored: a read of the collection gives no code that would link a chat. */
export const linkCodeHash = (code: string): string => createHash('sha256').update(code).digest('hex');

const codeRef = (db: Firestore, code: string): DocumentReference =>
  db.collection('telegramCodes').doc(linkCodeHash(code));
export const telegramChatRef = (db: Firestore, chatId: number): DocumentReference =>
  db.collection('telegramChats').doc(String(chatId));

/** The profile's `telegram` as its schema reads it; an invalid one is logged and read as absent. */
export function telegramIn(snapshot: DocumentSnapshot): TelegramProfile | undefined {
  const raw: unknown = snapshot.get('telegram');
  if (raw === undefined) return undefined;
  const parsed = telegramProfileSchema.safeParse(raw);
  if (parsed.success) return parsed.data;
  logs.invalidDocumentSkipped(`${snapshot.ref.path}#telegram`, parsed.error.issues);
  return undefined;
}

const linkedTo = (snapshot: DocumentSnapshot, chatId: number): boolean => {
  const telegram = telegramIn(snapshot);
  return telegram?.state === 'linked' && telegram.chatId === chatId;
};

const ownerOf = (snapshot: DocumentSnapshot): string | undefined => parseDoc(telegramChatSchema, snapshot)?.userId;

/** Deletes the chat's mapping if it is still to `uid`: a chat linked to someone else since is theirs. */
function releaseChat(tx: Transaction, uid: string, chatDoc: DocumentSnapshot): void {
  if (ownerOf(chatDoc) === uid) tx.delete(chatDoc.ref);
}

const lost = (reason: string, at: number) => ({ telegram: telegramProfileSchema.parse({ state: 'lost', reason, at }) });

/**
 * Stores a new code for `uid` until TELEGRAM_LINK_CODE_TTL_MS from `now`; answers when it ends. Throws
 * NoProfile for an account the app has not set up yet: its chat would have no profile to show on.
 */
export async function saveTelegramCode(db: Firestore, uid: string, code: string, now: number): Promise<number> {
  const expiresAt = now + TELEGRAM_LINK_CODE_TTL_MS;
  await db.runTransaction(async (tx) => {
    if (!(await tx.get(profileRef(db, uid))).exists) throw new NoProfile();
    tx.create(codeRef(db, code), { userId: uid, expiresAt, expireAt: Timestamp.fromMillis(expiresAt) });
  });
  return expiresAt;
}

export type LinkOutcome =
  | {
      outcome: 'linked';
      userId: string;
      /** The user's chat before, now unlinked. */
      replaced?: number;
      /** The account this chat was linked to before, whose profile now says so. */
      takenFrom?: string;
    }
  /** No such code, or one past its time: nothing was changed. */
  | { outcome: 'expired' }
  /** The code's account has no profile (deleted since): nothing was changed. */
  | { outcome: 'noProfile' };

/**
 * Links the chat to the code's maker and uses the code up, in one transaction: so a code links once,
 * and only to the account that made it. The user's previous chat is unlinked; a chat linked to
 * another account before is taken from it, and that profile says so.
 */
export async function linkTelegramChat(
  db: Firestore,
  code: string,
  chat: { id: number; name: string },
  now: number,
): Promise<LinkOutcome> {
  return db.runTransaction(async (tx): Promise<LinkOutcome> => {
    const stored = parseDoc(telegramCodeSchema, await tx.get(codeRef(db, code)));
    if (!stored || stored.expiresAt <= now) return { outcome: 'expired' };
    const uid = stored.userId;
    const [profile, chatDoc] = await tx.getAll(profileRef(db, uid), telegramChatRef(db, chat.id));
    if (!profile?.exists || !chatDoc) return { outcome: 'noProfile' };
    const before = telegramIn(profile);
    const replaced = before?.state === 'linked' && before.chatId !== chat.id ? before.chatId : undefined;
    const holder = ownerOf(chatDoc);
    const takenFrom = holder !== undefined && holder !== uid ? holder : undefined;
    // Every read before the first write, as a transaction requires.
    const replacedDoc = replaced === undefined ? undefined : await tx.get(telegramChatRef(db, replaced));
    const holderProfile = takenFrom === undefined ? undefined : await tx.get(profileRef(db, takenFrom));

    tx.delete(codeRef(db, code));
    tx.set(telegramChatRef(db, chat.id), telegramChatSchema.parse({ userId: uid, linkedAt: now }));
    const telegram = { state: 'linked', chatId: chat.id, chatName: chat.name, linkedAt: now };
    tx.update(profile.ref, { telegram: telegramProfileSchema.parse(telegram) });
    if (replacedDoc) releaseChat(tx, uid, replacedDoc);
    if (holderProfile && linkedTo(holderProfile, chat.id)) tx.update(holderProfile.ref, lost(TELEGRAM_RELINKED, now));
    return {
      outcome: 'linked',
      userId: uid,
      ...(replaced !== undefined ? { replaced } : {}),
      ...(takenFrom !== undefined ? { takenFrom } : {}),
    };
  });
}

/**
 * The link ended on Telegram's side (the bot blocked, the chat gone): if the profile's chat is this
 * one, it says why; the chat no longer maps to the user.
 */
export async function unlinkTelegramChat(db: Firestore, uid: string, chatId: number, reason: string): Promise<void> {
  await db.runTransaction(async (tx) => {
    const [profile, chatDoc] = await tx.getAll(profileRef(db, uid), telegramChatRef(db, chatId));
    if (!profile || !chatDoc) return;
    if (linkedTo(profile, chatId)) tx.update(profile.ref, lost(reason, Date.now()));
    releaseChat(tx, uid, chatDoc);
  });
}

/** /stop in the chat: unlinks it from its account, saying `reason` there; answers whose it was, if anyone's. */
export async function stopTelegramChat(
  db: Firestore,
  chatId: number,
  reason: string,
  now: number,
): Promise<string | undefined> {
  return db.runTransaction(async (tx) => {
    const chatDoc = await tx.get(telegramChatRef(db, chatId));
    const uid = ownerOf(chatDoc);
    if (uid === undefined) return undefined;
    const profile = await tx.get(profileRef(db, uid));
    if (linkedTo(profile, chatId)) tx.update(profile.ref, lost(reason, now));
    releaseChat(tx, uid, chatDoc);
    return uid;
  });
}

/**
 * 'Disconnect' in the app: the chat no longer maps to the user and the profile's `telegram` goes
 * (a lost link's words with it). Answers the chat that was linked, if one was.
 */
export async function disconnectTelegram(db: Firestore, uid: string): Promise<number | undefined> {
  return db.runTransaction(async (tx) => {
    const profile = await tx.get(profileRef(db, uid));
    const before = profile.exists ? telegramIn(profile) : undefined;
    const chatId = before?.state === 'linked' ? before.chatId : undefined;
    const chatDoc = chatId === undefined ? undefined : await tx.get(telegramChatRef(db, chatId));
    if (chatDoc) releaseChat(tx, uid, chatDoc);
    if (profile.get('telegram') !== undefined) tx.update(profile.ref, { telegram: FieldValue.delete() });
    return chatId;
  });
}

/** Whose the chat is now, for a button's tap; undefined once it was unlinked. */
export async function telegramChatOwner(db: Firestore, chatId: number): Promise<string | undefined> {
  return ownerOf(await telegramChatRef(db, chatId).get());
}
