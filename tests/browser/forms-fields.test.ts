// Every account form shows each field's own message right under it,
// marked invalid for assistive technology, gone as soon as the field is fixed, with focus sent to
// the first invalid field; 'Not verified yet' is a note, not a success; and log in says the same
// for an unknown address as for a wrong password.
import { ACCOUNT_MESSAGES as M } from '@price-alerts/domain/account';
import type { Browser, Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { VALID, fieldState, focusedLabel, heading, invalid, signUp } from './forms';
import { DEMO, VIEWPORTS, WEB_URL, checkScreen, launchBrowser, newPage, uniqueEmail } from './harness';

let browser: Browser;
beforeAll(async () => {
  browser = await launchBrowser();
});
afterAll(async () => {
  await browser?.close();
});

const field = (page: Page, label: string) => expect.poll(() => fieldState(page, label));

/** The background a token paints, as the browser resolves it, to compare with an element's. */
const tokenBackground = (page: Page, token: string) =>
  page.evaluate((name) => {
    const probe = document.body.appendChild(document.createElement('div'));
    probe.style.background = `var(${name})`;
    const colour = getComputedStyle(probe).backgroundColor;
    probe.remove();
    return colour;
  }, token);

describe.each(VIEWPORTS)('account forms at $width x $height', (viewport) => {
  it('sign-up shows each field its own message, clears it when fixed, and verify shows a note', async () => {
    const { context, page } = await newPage(browser, viewport);
    await page.goto(`${WEB_URL}/signup`);
    await heading(page, 'Create your account');
    await page.getByRole('button', { name: 'Sign up' }).click();
    await field(page, 'Full name').toEqual(invalid(M.nameRequired));
    await field(page, 'Email').toEqual(invalid(M.emailRequired));
    await field(page, 'Password (at least 8 characters)').toEqual(invalid(M.passwordTooShort));
    await field(page, 'Confirm password').toEqual(invalid(M.confirmRequired));
    expect(await focusedLabel(page)).toBe('Full name');

    await page.getByLabel('Full name').fill('Nina Novak');
    await field(page, 'Full name').toEqual(VALID);
    await page.getByLabel('Email').fill('nina@');
    await page.getByLabel('Password (at least 8 characters)').fill('first-pass-1');
    await page.getByLabel('Confirm password').fill('first-pass-2');
    await page.getByRole('button', { name: 'Sign up' }).click();
    // A bad address says so, and the good password is not blamed.
    await field(page, 'Email').toEqual(invalid(M.emailInvalid));
    await field(page, 'Password (at least 8 characters)').toEqual(VALID);
    await field(page, 'Confirm password').toEqual(invalid(M.confirmMismatch));
    expect(await focusedLabel(page)).toBe('Email');
    await checkScreen(page, 'forms-signup-errors');

    const email = uniqueEmail('fields');
    await page.getByLabel('Email').fill(email);
    await field(page, 'Email').toEqual(VALID);
    await page.getByLabel('Confirm password').fill('first-pass-1');
    await field(page, 'Confirm password').toEqual(VALID);
    expect(await page.getByText(M.confirmMismatch).count()).toBe(0);
    await page.getByRole('button', { name: 'Sign up' }).click();
    await page.waitForURL(`${WEB_URL}/verify_email`);

    await page.getByRole('button', { name: 'I have verified my email' }).click();
    const note = page.getByRole('status').filter({ hasText: 'Not verified yet' });
    await expect.poll(() => note.isVisible()).toBe(true);
    const background = await note.evaluate((el) => getComputedStyle(el).backgroundColor);
    expect(background).not.toBe(await tokenBackground(page, '--success-faint'));
    expect(background).toBe(await tokenBackground(page, '--warning-soft'));
    await checkScreen(page, 'forms-verify-not-yet');
    await context.close();

    // Signing up again with the same address: the server's answer shows once.
    const { context: again, page: second } = await newPage(browser, viewport);
    await second.goto(`${WEB_URL}/signup`);
    await second.getByLabel('Full name').fill('Nina Again');
    await second.getByLabel('Email').fill(email);
    await second.getByLabel('Password (at least 8 characters)').fill('first-pass-1');
    await second.getByLabel('Confirm password').fill('first-pass-1');
    await second.getByRole('button', { name: 'Sign up' }).click();
    const inUse = 'An account already uses that email. Log in instead.';
    await expect.poll(() => second.getByRole('alert').textContent()).toBe(inUse);
    expect(await second.getByText(inUse).count()).toBe(1);
    await second.getByLabel('Email').fill(uniqueEmail('other'));
    await expect.poll(() => second.getByText(inUse).count()).toBe(0);
    await again.close();
  });

  it('log in marks the fields left empty', async () => {
    const { context, page } = await newPage(browser, viewport);
    await page.goto(`${WEB_URL}/login`);
    await heading(page, 'Log in');
    await page.getByRole('button', { name: 'Log in' }).click();
    await field(page, 'Email').toEqual(invalid(M.emailRequired));
    await field(page, 'Password').toEqual(invalid(M.passwordRequired));
    expect(await focusedLabel(page)).toBe('Email');
    await context.close();
  });

  it('log in says the same for an unknown address and a wrong password', async () => {
    const { context, page } = await newPage(browser, viewport);
    await page.goto(`${WEB_URL}/login`);
    await heading(page, 'Log in');
    const answer = async (email: string, password: string) => {
      await page.getByLabel('Email').fill(email);
      await page.getByLabel('Password', { exact: true }).fill(password);
      const logIn = page.getByRole('button', { name: 'Log in' });
      await logIn.click();
      // Busy from the click until the answer is in.
      await expect.poll(() => logIn.isEnabled()).toBe(true);
      return page.getByRole('alert').textContent();
    };
    const unknown = await answer(uniqueEmail('nobody'), 'some-pass-1');
    await checkScreen(page, 'forms-login-incorrect');
    const wrong = await answer(DEMO.email, 'wrong-pass-1');
    expect({ unknown, wrong }).toEqual({ unknown: M.loginIncorrect, wrong: M.loginIncorrect });
    await context.close();
  });
});

describe('password and profile forms', () => {
  it('forgot, change password and profile mark their own fields', async () => {
    const [viewport] = VIEWPORTS;
    const { context, page } = await newPage(browser, viewport);
    await page.goto(`${WEB_URL}/forgot_password`);
    await heading(page, 'Forgot your password?');
    await page.getByLabel('Email').fill('nina');
    await page.getByRole('button', { name: 'Send reset link' }).click();
    await field(page, 'Email').toEqual(invalid(M.emailInvalid));
    await page.getByLabel('Email').fill('nina@example.test');
    await field(page, 'Email').toEqual(VALID);

    const email = uniqueEmail('change');
    await signUp(page, { name: 'Nina Novak', email, password: 'first-pass-1' });
    await page.goto(`${WEB_URL}/change-password`);
    await heading(page, 'Change Password');
    await page.getByRole('button', { name: 'Change password' }).click();
    await field(page, 'Current password').toEqual(invalid(M.currentPasswordRequired));
    await field(page, 'New password').toEqual(invalid(M.passwordTooShort));
    await field(page, 'Confirm new password').toEqual(invalid(M.confirmRequired));
    expect(await focusedLabel(page)).toBe('Current password');
    await page.getByLabel('Current password').fill('wrong-pass-9');
    await page.getByLabel('New password', { exact: true }).fill('second-pass-2');
    await page.getByLabel('Confirm new password').fill('second-pass-2');
    await page.getByRole('button', { name: 'Change password' }).click();
    const wrong = 'That password is not right. Check it and try again.';
    await expect.poll(() => page.getByRole('alert').textContent()).toBe(wrong);
    expect(await page.getByText(wrong).count()).toBe(1);
    await checkScreen(page, 'forms-change-password-wrong');

    await page.goto(`${WEB_URL}/profile`);
    await expect.poll(() => page.getByLabel('Full name').inputValue()).toBe('Nina Novak');
    await page.getByLabel('Full name').fill('  ');
    await page.getByRole('button', { name: 'Save profile' }).click();
    await field(page, 'Full name').toEqual(invalid(M.nameRequired));
    expect(await focusedLabel(page)).toBe('Full name');
    await checkScreen(page, 'forms-profile-error');
    await page.getByLabel('Full name').fill('Nina N. Novak');
    await field(page, 'Full name').toEqual(VALID);
    await context.close();
  });
});
