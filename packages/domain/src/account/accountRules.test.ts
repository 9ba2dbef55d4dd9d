import { describe, expect, it } from 'vitest';
import {
  ACCOUNT_MESSAGES as M,
  changePasswordErrors,
  confirmProblem,
  emailProblem,
  forgotPasswordErrors,
  logInErrors,
  nameProblem,
  newPasswordErrors,
  newPasswordProblem,
  profileErrors,
  signUpErrors,
} from './accountRules.ts';

const LOCAL_64 = 'a'.repeat(64);

describe('field rules', () => {
  it.each([
    ['', M.nameRequired],
    ['   ', M.nameRequired],
    ['Ada Lovelace', undefined],
    ['W'.repeat(80), undefined],
    [` ${'W'.repeat(80)} `, undefined],
    ['W'.repeat(81), M.nameTooLong],
  ])('name %o: %o', (name, expected) => {
    expect(nameProblem(name)).toBe(expected);
  });

  it.each([
    ['', M.emailRequired],
    ['  ', M.emailRequired],
    ['not-an-email', M.emailInvalid],
    ['ada@', M.emailInvalid],
    ['@example.test', M.emailInvalid],
    ['ada@example', M.emailInvalid],
    ['ada@example.', M.emailInvalid],
    ['ada lovelace@example.test', M.emailInvalid],
    ['ada@@example.test', M.emailInvalid],
    ['ada@example.test', undefined],
    [' ada@example.test ', undefined],
    ['ada.b+alerts@mail.example.co.uk', undefined],
    [`${LOCAL_64}@example.test`, undefined],
  ])('email %o: %o', (email, expected) => {
    expect(emailProblem(email)).toBe(expected);
  });

  it.each([
    ['', M.passwordTooShort],
    ['1234567', M.passwordTooShort],
    ['12345678', undefined],
  ])('new password %o: %o', (password, expected) => {
    expect(newPasswordProblem(password)).toBe(expected);
  });

  it.each([
    ['long-enough-1', '', M.confirmRequired],
    ['', '', M.confirmRequired],
    ['long-enough-1', 'long-enough-2', M.confirmMismatch],
    ['long-enough-1', 'long-enough-1', undefined],
    ['short', 'short', undefined],
  ])('confirm %o / %o: %o', (password, confirm, expected) => {
    expect(confirmProblem(password, confirm)).toBe(expected);
  });
});

describe('form rules name each invalid field once, and only those', () => {
  it.each([
    [
      'empty sign-up',
      signUpErrors({ fullName: '', email: '', password: '', confirm: '' }),
      { fullName: M.nameRequired, email: M.emailRequired, password: M.passwordTooShort, confirm: M.confirmRequired },
    ],
    // A bad address is the address's problem, not the password's.
    [
      'sign-up with a bad address',
      signUpErrors({ fullName: 'Ada', email: 'ada@', password: 'long-enough-1', confirm: 'long-enough-1' }),
      { email: M.emailInvalid },
    ],
    [
      'valid sign-up',
      signUpErrors({ fullName: 'Ada', email: 'ada@example.test', password: 'long-enough-1', confirm: 'long-enough-1' }),
      {},
    ],
    [
      'empty log in',
      logInErrors({ email: '', password: '' }),
      { email: M.emailRequired, password: M.passwordRequired },
    ],
    // Log in judges no password length: the rule may have changed since the account was made.
    ['short password at log in', logInErrors({ email: 'ada@example.test', password: 'x' }), {}],
    ['forgot, bad address', forgotPasswordErrors({ email: 'ada' }), { email: M.emailInvalid }],
    [
      'reset, mismatch',
      newPasswordErrors({ password: 'long-enough-1', confirm: 'long' }),
      { confirm: M.confirmMismatch },
    ],
    [
      'change, nothing typed',
      changePasswordErrors({ current: '', password: '', confirm: '' }),
      { current: M.currentPasswordRequired, password: M.passwordTooShort, confirm: M.confirmRequired },
    ],
    ['change, valid', changePasswordErrors({ current: 'x', password: 'long-enough-1', confirm: 'long-enough-1' }), {}],
    ['profile, blank name', profileErrors({ fullName: '  ' }), { fullName: M.nameRequired }],
    ['profile, valid', profileErrors({ fullName: 'Ada' }), {}],
  ])('%s', (_, errors, expected) => {
    expect(errors).toEqual(expected);
  });
});
