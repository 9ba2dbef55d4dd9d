// Shared by the forms-* and wrap-* browser tests: a fresh account made through the sign-up
// screen, and the longest address and name a person can bring.
import { expect } from 'vitest';
import type { Page } from 'playwright-core';
import { WEB_URL } from './harness';

/** An unbroken full name of 64 characters, in the widest letter. */
export const LONG_NAME = 'W'.repeat(64);

/** A unique address whose local part is 64 characters, the most RFC 5321 allows. */
export function longEmail(): string {
  const stamp = `${Date.now().toString(36)}${Math.random().toString(36).slice(2, 7)}`;
  return `${'w'.repeat(64 - stamp.length)}${stamp}@example.test`;
}

export const heading = (page: Page, name: string) =>
  expect.poll(() => page.getByRole('heading', { name, exact: true }).isVisible()).toBe(true);

/** Signs up through /signup and waits for /verify_email. */
export async function signUp(page: Page, account: { name: string; email: string; password: string }) {
  await page.goto(`${WEB_URL}/signup`);
  await page.getByLabel('Full name').fill(account.name);
  await page.getByLabel('Email').fill(account.email);
  await page.getByLabel(/^Password/).fill(account.password);
  await page.getByLabel('Confirm password').fill(account.password);
  await page.getByRole('button', { name: 'Sign up' }).click();
  await page.waitForURL(`${WEB_URL}/verify_email`);
}

export interface FieldState {
  invalid: boolean;
  /** The text of the message the field names in both aria-errormessage and aria-describedby. */
  message: string | null;
  /** Whether that message sits right under the field. */
  below: boolean;
}

export const VALID: FieldState = { invalid: false, message: null, below: false };
export const invalid = (message: string): FieldState => ({ invalid: true, message, below: true });

/** What assistive technology is told about the field labelled `label`, and where its message is. */
export function fieldState(page: Page, label: string): Promise<FieldState> {
  return page.getByLabel(label, { exact: true }).evaluate((input) => {
    const id = input.getAttribute('aria-errormessage');
    const described = input.getAttribute('aria-describedby')?.split(' ') ?? [];
    const message = id && described.includes(id) ? document.getElementById(id) : null;
    const gap = message ? message.getBoundingClientRect().top - input.getBoundingClientRect().bottom : -1;
    return {
      invalid: input.getAttribute('aria-invalid') === 'true',
      message: message?.textContent ?? null,
      below: gap >= 0 && gap < 24,
    };
  });
}

/** The accessible name of the focused element's label, to see where a submit sent focus. */
export const focusedLabel = (page: Page) =>
  page.evaluate(() => {
    const el = document.activeElement;
    return el instanceof HTMLInputElement ? ([...(el.labels ?? [])].map((l) => l.textContent).join(' ') ?? '') : '';
  });
