/** One clear sentence per Firebase Auth error code the account screens can meet. */
const MESSAGES: Record<string, string> = {
  'auth/invalid-credential': 'That email and password do not match. Check them and try again.',
  'auth/wrong-password': 'That password is not right. Check it and try again.',
  'auth/user-not-found': 'No account uses that email. Check it, or sign up.',
  'auth/invalid-email': 'That does not look like an email address.',
  'auth/missing-email': 'Enter your email address.',
  'auth/missing-password': 'Enter your password.',
  'auth/user-disabled': 'This account has been disabled. Contact support.',
  'auth/too-many-requests': 'Too many attempts. Wait a few minutes, or reset your password.',
  'auth/network-request-failed': 'No connection. Check your network and try again.',
  'auth/email-already-in-use': 'An account already uses that email. Log in instead.',
  'auth/weak-password': 'Choose a password of at least 8 characters.',
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

/** The product's password rule (the spec shows none): at least 8 characters, confirmed. */
export const MIN_PASSWORD_LENGTH = 8;

export function passwordProblem(password: string, confirm: string): string | null {
  if (password.length < MIN_PASSWORD_LENGTH) return authMessage('auth/weak-password');
  if (password !== confirm) return 'The two passwords do not match.';
  return null;
}
