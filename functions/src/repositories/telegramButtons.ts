/**
 * Repository for telegramButtons/{key} (server only): one firing's Telegram message and the signed
 * action tokens its buttons stand for. The sender writes it before the message goes; the bot's webhook
 * reads it when a button is tapped.
 */
import { telegramButtonData, telegramButtonsSchema, type TelegramButtons } from '@price-alerts/domain/notify';
import { Timestamp, type DocumentReference, type Firestore, type Transaction } from 'firebase-admin/firestore';
import { createHash } from 'node:crypto';
import { parseDoc } from './parse';

/**
 * The document's key, from the delivery's id: a retry of the same firing writes the same document. 22
 * base64url characters (132 bits), so with `_<n>` a button's data stays far under Telegram's 64 bytes.
 */
export const telegramButtonsKey = (deliveryId: string): string =>
  createHash('sha256').update(deliveryId).digest('base64url').slice(0, 22);

export const telegramButtonsRef = (db: Firestore, key: string): DocumentReference =>
  db.collection('telegramButtons').doc(key);

/** Button n's callback data. */
export const buttonData = (key: string, n: number): string => telegramButtonData(`${key}_${n}`);

/** The key and the button's index in a button id (telegramButtonId), or undefined when it is not ours. */
export function readButtonId(id: string): { key: string; n: number } | undefined {
  const match = /^([A-Za-z0-9_-]{22})_([0-9])$/.exec(id);
  return match?.[1] && match[2] ? { key: match[1], n: Number(match[2]) } : undefined;
}

/** Written before the message is sent; a retry overwrites it (the same tokens, the same chat or a new one). */
export async function saveTelegramButtons(db: Firestore, key: string, buttons: TelegramButtons): Promise<void> {
  await telegramButtonsRef(db, key).set({ ...buttons, expireAt: Timestamp.fromMillis(buttons.expiresAt) });
}

export async function readTelegramButtons(
  db: Firestore,
  key: string,
  tx?: Transaction,
): Promise<(TelegramButtons & { id: string }) | undefined> {
  const ref = telegramButtonsRef(db, key);
  return parseDoc(telegramButtonsSchema, tx ? await tx.get(ref) : await ref.get());
}
