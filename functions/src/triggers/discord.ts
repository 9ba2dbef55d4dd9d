import type { DiscordResponse } from '@price-alerts/domain/notify';
import { HttpsError, onCall } from 'firebase-functions/v2/https';
import { MSG_DISCORD_NO_PROFILE, manageDiscord as manage } from '../chat/discordSettings';
import { db } from '../lib/firebase';
import { localDiscord } from '../lib/params';
import { NoProfile } from '../repositories/webhooks';

/**
 * The caller's Discord webhook (docs/chat-channels.md): the only way one is stored, tested or removed.
 * The uid comes from the ID token alone.
 */
export const manageDiscord = onCall({ maxInstances: 10 }, async (request): Promise<DiscordResponse> => {
  try {
    return await manage({ db, localOrigin: localDiscord() }, request.auth?.uid, request.data);
  } catch (error) {
    if (error instanceof NoProfile) throw new HttpsError('failed-precondition', MSG_DISCORD_NO_PROFILE);
    throw error;
  }
});
