/**
 * Who a delivery goes to: the Auth account's verified address and the user's registered devices;
 * when: the user's quiet hours; and the zone its times are told in.
 */
import type { Auth, UserRecord } from 'firebase-admin/auth';
import type { Firestore } from 'firebase-admin/firestore';
import { chunk } from '../lib/chunk';
import { noticeSettingsMany, noticeSettingsOf } from '../repositories/profiles';
import { deleteToken, listTokens, listTokensOf } from '../repositories/pushTokens';
import type { EmailRecipient, Recipients } from './providers';

// Why no email was sent, as the alert's history shows it to the user (and the delivery keeps it).
export const NO_VERIFIED_EMAIL = 'Email not verified';
export const NO_EMAIL = 'No email address on the account';
export const NO_ACCOUNT = 'The account no longer exists';

// Unverified addresses get no mail (docs/accounts.md): nobody can aim alerts at someone else's inbox.
/** Auth's getUsers takes at most 100 identifiers a call. */
const GET_USERS_LIMIT = 100;

const recipientOf = (user: UserRecord): EmailRecipient =>
  !user.email ? { skip: NO_EMAIL } : user.emailVerified ? { address: user.email } : { skip: NO_VERIFIED_EMAIL };

export function firebaseRecipients(db: Firestore, auth: Auth): Recipients {
  return {
    async emails(userIds) {
      const out = new Map<string, EmailRecipient>();
      const found = await Promise.all(
        chunk(userIds, GET_USERS_LIMIT).map((page) => auth.getUsers(page.map((uid) => ({ uid })))),
      );
      for (const { users } of found) for (const user of users) out.set(user.uid, recipientOf(user));
      for (const uid of userIds) if (!out.has(uid)) out.set(uid, { skip: NO_ACCOUNT });
      return out;
    },
    async email(userId) {
      try {
        return recipientOf(await auth.getUser(userId));
      } catch (error) {
        if ((error as { code?: string }).code === 'auth/user-not-found') return { skip: NO_ACCOUNT };
        throw error;
      }
    },
    pushTokens: (userId) => listTokens(db, userId),
    pushTokensOf: (userIds) => listTokensOf(db, userIds),
    removePushToken: (userId, tokenId) => deleteToken(db, userId, tokenId),
    settings: (userId) => noticeSettingsOf(db, userId),
    settingsOf: (userIds) => noticeSettingsMany(db, userIds),
  };
}
