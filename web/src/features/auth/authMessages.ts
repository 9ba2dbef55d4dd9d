import { ACCOUNT_MESSAGES } from '@price-alerts/domain/account';

/** One clear sentence per Firebase Auth error code the account screens can meet. */
const MESSAGES: Record<string, string> = {
  'auth/invalid-credential': 'That email and password do not match. Check them and try again.',
  'auth/wrong-password': 'That password is not right. Check it and try again.',
  // Never "no account uses that email": that would tell a stranger who has one.
  'auth/user-not-found': ACCOUNT_MESSAGES.loginIncorrect,
  'auth/invalid-email': ACCOUNT_MESSAGES.emailInvalid,
  'auth/missing-email': ACCOUNT_MESSAGES.emailRequired,
  'auth/missing-password': ACCOUNT_MESSAGES.passwordRequired,
  'auth/user-disabled': 'This account has been disabled. Contact support.',
  'auth/too-many-requests': 'Too many attempts. Wait a few minutes, or reset your password.',
  'auth/network-request-failed': 'No connection. Check your network and try again.',
  'auth/email-already-in-use': 'An account already uses that email. Log in instead.',
  'auth/weak-password': ACCOUNT_MESSAGES.passwordTooShort,
  'auth/requires-recent-login': 'For your security, log in again and then retry.',
  'auth/expired-action-code': 'This link has expired. Ask for a new one.',
  'auth/invalid-action-code': 'This link is no longer valid. It may have been used already; ask for a new one.',
  'auth/popup-blocked': 'Your browser blocked the sign-in window. Allow pop-ups for this site and try again.',
  'auth/popup-closed-by-user': 'The sign-in window was closed before signing in finished.',
  'auth/cancelled-popup-request': 'Another sign-in window was already open. Try again.',
  'auth/unauthorized-domain': 'Sign-in is not enabled for this web address.',
  'auth/web-storage-unsupported':
    'Your browser blocks the storage sign-in needs. Turn off private mode or allow cookies.',
};

export const GENERIC_AUTH_MESSAGE = 'Something went wrong. Please try again.';

export function authMessage(code: string | undefined): string {
  return (code && MESSAGES[code]) || GENERIC_AUTH_MESSAGE;
}

/**
 * The codes signing in with an email and password answers when either is wrong. The Auth service
 * tells an unknown address from a wrong password (without email enumeration protection, as on the
 * emulator); log in says one sentence for both.
 */
const CREDENTIAL_CODES = new Set([
  'auth/invalid-credential',
  'auth/invalid-login-credentials',
  'auth/wrong-password',
  'auth/user-not-found',
]);

export function logInMessage(code: string | undefined): string {
  return code && CREDENTIAL_CODES.has(code) ? ACCOUNT_MESSAGES.loginIncorrect : authMessage(code);
}

/** After "I have verified my email" while the address is still unverified. */
export const NOT_VERIFIED_YET = 'Not verified yet. Open the link in the email, then try again.';
