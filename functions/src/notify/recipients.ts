/**
 * Who a delivery goes to: the Auth account's verified address and the user's registered devices;
 * when: the user's quiet hours; and the zone its times are told in.
 */
import type { Auth } from 'firebase-admin/auth';
import type { Firestore } from 'firebase-admin/firestore';
import { noticeSettingsOf } from '../repositories/profiles';
import { deleteToken, listTokens } from '../repositories/pushTokens';
import type { Recipients } from './providers';

// Why no email was sent, as the alert's history shows it to the user (and the delivery keeps it).
export const NO_VERIFIED_EMAIL = 'Email not verified';
export const NO_EMAIL = 'No email address on the account';
export const NO_ACCOUNT = 'The account no longer exists';

export function firebaseRecipients(db: Firestore, auth: Auth): Recipients {
  return {
    async email(userId) {
      try {
        const user = await auth.getUser(userId);
        if (!user.email) return { skip: NO_EMAIL };
        // Unverified addresses get no mail (docs/accounts.md): nobody can aim alerts at someone else's inbox.
        return user.emailVerified ? { address: user.email } : { skip: NO_VERIFIED_EMAIL };
      } catch (error) {
        if ((error as { code?: string }).code === 'auth/user-not-found') return { skip: NO_ACCOUNT };
        throw error;
      }
    },
    pushTokens: (userId) => listTokens(db, userId),
    removePushToken: (userId, tokenId) => deleteToken(db, userId, tokenId),
    settings: (userId) => noticeSettingsOf(db, userId),
  };
}
