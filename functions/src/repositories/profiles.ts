/** Repository for users/{uid} on the server: the settings the sender honours (written by the user). */
import { timeZoneSchema } from '@price-alerts/domain/common';
import {
  discordProfileSchema,
  quietHoursSchema,
  telegramProfileSchema,
  webhookSettingsSchema,
  type QuietHours,
} from '@price-alerts/domain/notify';
import type { DocumentReference, DocumentSnapshot, Firestore } from 'firebase-admin/firestore';
import type { ZodMiniType } from 'zod/mini';
import * as logs from '../logs';
import { getAllPaged } from './getAll';
import type { NoticeSettings } from '../notify/providers';

export function profileRef(db: Firestore, uid: string): DocumentReference {
  return db.collection('users').doc(uid);
}

/** One field of the profile as its schema reads it; an invalid one is logged and read as absent. */
function fieldIn<T>(snapshot: DocumentSnapshot | undefined, field: string, schema: ZodMiniType<T>): T | undefined {
  const raw: unknown = snapshot?.get(field);
  if (raw === undefined) return undefined;
  const parsed = schema.safeParse(raw);
  if (parsed.success) return parsed.data;
  logs.invalidDocumentSkipped(`${snapshot?.ref.path ?? 'users/?'}#${field}`, parsed.error.issues);
  return undefined;
}

/**
 * The user's quiet hours, or undefined when there are none or they cannot be honoured (a zone this
 * runtime does not know, say): then nothing is held, since holding on a guess could hold for ever.
 */
export const quietHoursIn = (snapshot: DocumentSnapshot | undefined): QuietHours | undefined =>
  fieldIn(snapshot, 'quietHours', quietHoursSchema);

/** The user's own zone, or undefined when there is none or this runtime does not know it. */
export const timeZoneIn = (snapshot: DocumentSnapshot | undefined): string | undefined =>
  fieldIn(snapshot, 'timeZone', timeZoneSchema);

const settingsIn = (snapshot: DocumentSnapshot): NoticeSettings => {
  const quietHours = quietHoursIn(snapshot);
  const timeZone = timeZoneIn(snapshot);
  const webhook = fieldIn(snapshot, 'webhook', webhookSettingsSchema);
  const telegram = fieldIn(snapshot, 'telegram', telegramProfileSchema);
  const discord = fieldIn(snapshot, 'discord', discordProfileSchema);
  return {
    ...(quietHours ? { quietHours } : {}),
    ...(timeZone ? { timeZone } : {}),
    ...(webhook ? { webhook } : {}),
    ...(telegram?.state === 'linked' ? { telegram } : {}),
    ...(discord?.state === 'linked' ? { discord } : {}),
  };
};

/** One read of the profile for everything the sender needs of it. */
export async function noticeSettingsOf(db: Firestore, uid: string): Promise<NoticeSettings> {
  return settingsIn(await profileRef(db, uid).get());
}

/** Each user's settings, read as noticeSettingsOf reads them, a page of users in one call. */
export async function noticeSettingsMany(db: Firestore, uids: readonly string[]): Promise<Map<string, NoticeSettings>> {
  const snapshots = await getAllPaged(
    db,
    [...new Set(uids)].map((uid) => profileRef(db, uid)),
  );
  return new Map(snapshots.map((snapshot) => [snapshot.id, settingsIn(snapshot)]));
}
