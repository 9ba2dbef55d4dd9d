/**
 * The account forms' rules (sign-up, log in, forgot and reset password, change password, profile),
 * one pure function per field and one per form that names each invalid field's message. The spec
 * shows none of these rules; the wording is the product's own.
 */
import { FULL_NAME_MAX_LENGTH } from '../store/schemas.ts';

/** The product's password rule: at least 8 characters. */
export const MIN_PASSWORD_LENGTH = 8;

export const ACCOUNT_MESSAGES = {
  nameRequired: 'Enter your full name.',
  nameTooLong: `Keep your name to ${FULL_NAME_MAX_LENGTH} characters.`,
  emailRequired: 'Enter your email address.',
  emailInvalid: 'That does not look like an email address.',
  passwordRequired: 'Enter your password.',
  currentPasswordRequired: 'Enter your current password.',
  passwordTooShort: `Choose a password of at least ${MIN_PASSWORD_LENGTH} characters.`,
  confirmRequired: 'Type the password again to confirm it.',
  confirmMismatch: 'The two passwords do not match.',
  /** Log in says this for an unknown address and a wrong password alike, telling no one who has an account. */
  loginIncorrect: 'Email or password is incorrect.',
} as const;

/** Each invalid field of a form and its one message; a valid field is absent. */
export type FieldErrors<F extends string> = Partial<Record<F, string>>;

type Problem = string | undefined;

export function nameProblem(name: string): Problem {
  const trimmed = name.trim();
  if (!trimmed) return ACCOUNT_MESSAGES.nameRequired;
  if (trimmed.length > FULL_NAME_MAX_LENGTH) return ACCOUNT_MESSAGES.nameTooLong;
  return undefined;
}

// One @, something before it, a dotted domain after it, no spaces: the checks a person can act on.
// The Auth service has the last word (auth/invalid-email).
const EMAIL_SHAPE = /^[^\s@]+@[^\s@.]+(\.[^\s@.]+)+$/;

export function emailProblem(email: string): Problem {
  const trimmed = email.trim();
  if (!trimmed) return ACCOUNT_MESSAGES.emailRequired;
  if (!EMAIL_SHAPE.test(trimmed)) return ACCOUNT_MESSAGES.emailInvalid;
  return undefined;
}

/** A password being chosen (sign-up, reset, change). */
export function newPasswordProblem(password: string): Problem {
  return password.length < MIN_PASSWORD_LENGTH ? ACCOUNT_MESSAGES.passwordTooShort : undefined;
}

export function confirmProblem(password: string, confirm: string): Problem {
  if (!confirm) return ACCOUNT_MESSAGES.confirmRequired;
  if (confirm !== password) return ACCOUNT_MESSAGES.confirmMismatch;
  return undefined;
}

/** Drops the valid fields, so a form's errors list only what needs fixing. */
function only<F extends string>(problems: Record<F, Problem>): FieldErrors<F> {
  return Object.fromEntries(Object.entries(problems).filter(([, problem]) => problem)) as FieldErrors<F>;
}

export interface NewPasswordValues {
  password: string;
  confirm: string;
}

const newPasswordProblems = ({ password, confirm }: NewPasswordValues) => ({
  password: newPasswordProblem(password),
  confirm: confirmProblem(password, confirm),
});

export function newPasswordErrors(values: NewPasswordValues) {
  return only(newPasswordProblems(values));
}

export function signUpErrors(values: { fullName: string; email: string } & NewPasswordValues) {
  return only({
    fullName: nameProblem(values.fullName),
    email: emailProblem(values.email),
    ...newPasswordProblems(values),
  });
}

export function logInErrors({ email, password }: { email: string; password: string }) {
  return only({ email: emailProblem(email), password: password ? undefined : ACCOUNT_MESSAGES.passwordRequired });
}

export function forgotPasswordErrors({ email }: { email: string }) {
  return only({ email: emailProblem(email) });
}

export function changePasswordErrors({ current, ...values }: { current: string } & NewPasswordValues) {
  return only({
    current: current ? undefined : ACCOUNT_MESSAGES.currentPasswordRequired,
    ...newPasswordProblems(values),
  });
}

export function profileErrors({ fullName }: { fullName: string }) {
  return only({ fullName: nameProblem(fullName) });
}
