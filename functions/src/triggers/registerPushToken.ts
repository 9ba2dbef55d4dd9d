import { describeIssues } from '@price-alerts/domain/common';
import { registerTokenRequestSchema } from '@price-alerts/domain/notify';
import { PUSH_MESSAGES } from '@price-alerts/domain/copy';
import { HttpsError, onCall } from 'firebase-functions/v2/https';
import { db } from '../lib/firebase';
import * as logs from '../logs';
import { saveToken } from '../repositories/pushTokens';

/**
 * Stores this device's push token for the caller, the only way a token is stored (the rules let
 * clients only read and delete theirs), keeping the newest ten. The uid comes from the verified ID
 * token only; nothing in the request can name another user.
 */
export const registerPushToken = onCall(async (request) => {
  if (!request.auth) throw new HttpsError('unauthenticated', PUSH_MESSAGES.notLoggedIn);
  const parsed = registerTokenRequestSchema.safeParse(request.data);
  if (!parsed.success) {
    throw new HttpsError('invalid-argument', `Invalid token registration: ${describeIssues(parsed.error.issues)}`);
  }
  try {
    const { id, removed } = await saveToken(db, request.auth.uid, parsed.data.token, parsed.data.userAgent);
    if (removed.length) logs.pushTokensCapped(request.auth.uid, removed);
    return { success: true, tokenId: id };
  } catch (error) {
    logs.pushTokenStoreFailed(request.auth.uid, error);
    throw new HttpsError('internal', 'Could not store the push token. Please try again.');
  }
});
