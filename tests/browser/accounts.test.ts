// The whole account life cycle as a person does it, at phone and tablet size, with every screen
// checked by axe and saved as a screenshot.
import { ACCOUNT_MESSAGES } from '@price-alerts/domain/account';
import type { Browser, Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { PHONE, WEB_URL, checkScreenAtEachSize, latestOobCode, launchBrowser, newPage, uniqueEmail } from './harness';

let browser: Browser;
beforeAll(async () => {
  browser = await launchBrowser();
});
afterAll(async () => {
  await browser?.close();
});

const heading = (page: Page, name: string) =>
  expect.poll(() => page.getByRole('heading', { name }).isVisible()).toBe(true);

const FLOW =
  'signs up, verifies, logs out, resets and changes the password, edits the profile and dismisses the PWA card';

// At one size: what this checks does not depend on the screen's, and each screen is checked at every
// size (checkScreenAtEachSize).
describe('accounts', () => {
  const viewport = PHONE;
  // Fourteen screens, each pictured and scanned by axe in light and dark: about 60 s on a loaded CI
  // machine, the default timeout, which it ran out of at both sizes with every step keeping its pace.
  it(FLOW, { timeout: 180_000 }, async () => {
    const { context, page } = await newPage(browser, viewport);
    await context.grantPermissions(['notifications'], { origin: WEB_URL });
    const email = uniqueEmail('new');

    await page.goto(`${WEB_URL}/signup`);
    await page.getByLabel('Full name').fill('Nina Novak');
    await page.getByLabel('Email').fill(email);
    await page.getByLabel('Password (at least 8 characters)').fill('first-pass-1');
    await page.getByLabel('Confirm password').fill('first-pass-2');
    await page.getByRole('button', { name: 'Sign up' }).click();
    // The mismatch is the confirmation field's own message (forms-fields.test.ts covers each field).
    await expect.poll(() => page.getByText(ACCOUNT_MESSAGES.confirmMismatch).isVisible()).toBe(true);
    await checkScreenAtEachSize(page, 'signup-error');
    await page.getByLabel('Confirm password').fill('first-pass-1');
    await page.getByRole('button', { name: 'Sign up' }).click();
    await page.waitForURL(`${WEB_URL}/verify_email`);
    await heading(page, 'Verify your email');
    await checkScreenAtEachSize(page, 'verify-email');

    await page.goto(`${WEB_URL}/email_verified?mode=verifyEmail&oobCode=${await latestOobCode(email, 'VERIFY_EMAIL')}`);
    await heading(page, 'Email verified');
    await checkScreenAtEachSize(page, 'email-verified');
    await page.getByRole('link', { name: 'Continue' }).click();
    await page.waitForURL(`${WEB_URL}/dashboard`);
    await heading(page, 'Nina Novak');
    await expect.poll(() => page.getByRole('heading', { name: 'My Todos' }).isVisible()).toBe(true);
    await checkScreenAtEachSize(page, 'dashboard-new-user');

    await page.getByRole('link', { name: 'Account' }).click();
    await heading(page, 'Nina Novak');
    await checkScreenAtEachSize(page, 'account');
    await page.getByRole('button', { name: 'Log out' }).click();
    await page.waitForURL(`${WEB_URL}/login`);
    await expect.poll(() => page.getByText('Logged out successfully!').isVisible()).toBe(true);

    await page.getByRole('link', { name: 'Forgot password?' }).click();
    // Both screens have an Email field: wait for the new one before typing.
    await heading(page, 'Forgot your password?');
    await page.getByLabel('Email').fill(email);
    await checkScreenAtEachSize(page, 'forgot-password');
    await page.getByRole('button', { name: 'Send reset link' }).click();
    await page.waitForURL(`${WEB_URL}/reset_email_sent`);
    await checkScreenAtEachSize(page, 'reset-email-sent');
    // The single custom action URL forwards a reset link to /reset_password.
    await page.goto(
      `${WEB_URL}/email_verified?mode=resetPassword&oobCode=${await latestOobCode(email, 'PASSWORD_RESET')}`,
    );
    await page.waitForURL(/\/reset_password\?/);
    await heading(page, 'Choose a new password');
    await page.getByLabel('New password', { exact: true }).fill('second-pass-2');
    await page.getByLabel('Confirm new password').fill('second-pass-2');
    await checkScreenAtEachSize(page, 'reset-password');
    await page.getByRole('button', { name: 'Save new password' }).click();
    await page.waitForURL(`${WEB_URL}/password_changed`);
    await checkScreenAtEachSize(page, 'password-changed');

    await page.getByRole('link', { name: 'Log in' }).click();
    await heading(page, 'Log in');
    await page.getByLabel('Email').fill(email);
    await page.getByLabel('Password').fill('first-pass-1');
    await page.getByRole('button', { name: 'Log in' }).click();
    await expect.poll(() => page.getByRole('alert').textContent()).toBe(ACCOUNT_MESSAGES.loginIncorrect);
    await page.getByLabel('Password').fill('second-pass-2');
    await page.getByRole('button', { name: 'Log in' }).click();
    await page.waitForURL(`${WEB_URL}/dashboard`);

    await page.goto(`${WEB_URL}/change-password`);
    await heading(page, 'Change Password');
    await page.getByLabel('Current password').fill('wrong-pass-9');
    await page.getByLabel('New password', { exact: true }).fill('third-pass-3');
    await page.getByLabel('Confirm new password').fill('third-pass-3');
    await page.getByRole('button', { name: 'Change password' }).click();
    await expect
      .poll(() => page.getByRole('alert').textContent())
      .toBe('That password is not right. Check it and try again.');
    await checkScreenAtEachSize(page, 'change-password-error');
    await page.getByLabel('Current password').fill('second-pass-2');
    await page.getByRole('button', { name: 'Change password' }).click();
    await page.waitForURL(`${WEB_URL}/password_changed`);

    await page.goto(`${WEB_URL}/profile`);
    await expect.poll(() => page.getByLabel('Full name').inputValue()).toBe('Nina Novak');
    await page.getByLabel('Full name').fill('Nina N. Novak');
    await page.getByRole('radio', { name: 'Avatar 3' }).check();
    await checkScreenAtEachSize(page, 'profile');
    await page.getByRole('button', { name: 'Save profile' }).click();
    await expect.poll(() => page.getByText('Profile saved.').isVisible()).toBe(true);
    await page.getByRole('link', { name: 'Alerts' }).click();
    await heading(page, 'Nina N. Novak');
    await expect.poll(() => page.getByRole('link', { name: 'Setup Your Avatar' }).getAttribute('class')).toBe('done');

    await page.getByRole('link', { name: 'Add To Home screen' }).click();
    await heading(page, 'Add to Home Screen');
    await checkScreenAtEachSize(page, 'setup-pwa');
    await page.getByRole('button', { name: 'Done, don’t remind me' }).click();
    await page.waitForURL(`${WEB_URL}/dashboard`);
    await heading(page, 'Nina N. Novak');
    await expect.poll(() => page.getByRole('heading', { name: 'My Todos' }).count()).toBe(0);
    await checkScreenAtEachSize(page, 'dashboard-todos-done');

    for (const path of ['/notifications', '/about-us']) {
      await page.goto(`${WEB_URL}${path}`);
      await page.waitForSelector('h1');
      await checkScreenAtEachSize(page, path.slice(1));
    }
    await context.close();
  });
});
