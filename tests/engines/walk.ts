// Steps of the walk through the main screens, written once for every engine: each finds what a
// person would see, acts as they would, and waits for the state by polling it.
import { mkdirSync } from 'node:fs';
import { join } from 'node:path';
import type { EnginePage } from './engines';

const SHOTS = join(import.meta.dirname, '..', '..', 'test-results', 'screenshots', 'engines');

export interface WalkContext {
  page: EnginePage;
  /** The app's origin (the walk's proxy). */
  origin: string;
  /** `<engine>-<width>x<height>`, in screenshot names and failure messages. */
  label: string;
}

/**
 * Polls `expression` in the page until it is truthy; a timeout says what was awaited, where the
 * page is, what it shows, and what its console said.
 */
export async function waitFor(walk: WalkContext, what: string, expression: string, timeoutMs = 20_000) {
  const started = Date.now();
  let last: unknown;
  while (Date.now() - started < timeoutMs) {
    try {
      last = await walk.page.evaluate(expression);
      if (last) return last;
    } catch (error) {
      last = error instanceof Error ? error.message : String(error);
    }
    await new Promise((resolve) => setTimeout(resolve, 150));
  }
  const where = await walk.page
    .evaluate<string>('location.pathname + " | " + document.body.innerText.replace(/\\s+/g, " ").slice(0, 300)')
    .catch(() => 'unknown');
  throw new Error(
    `${walk.label}: waited ${timeoutMs / 1000} s for ${what} (last: ${JSON.stringify(last)}); at ${where}; ` +
      `console errors: ${JSON.stringify(walk.page.consoleErrors().slice(-8))}`,
  );
}

/**
 * Marks the first element matching `css` whose text (or accessible label) is `text`, and returns a
 * selector for it, so that an engine's own click can reach it.
 */
export async function byText(walk: WalkContext, css: string, text: string): Promise<string> {
  const mark = `walk-${Math.random().toString(36).slice(2, 8)}`;
  await waitFor(
    walk,
    `${css} "${text}"`,
    `(() => {
      const wanted = ${JSON.stringify(text)};
      const el = [...document.querySelectorAll(${JSON.stringify(css)})].find((e) => {
        const label = e.getAttribute('aria-label') ?? '';
        const visible = e.getClientRects().length > 0;
        return visible && (e.textContent.trim() === wanted || label === wanted);
      });
      if (el) el.setAttribute('data-walk', ${JSON.stringify(mark)});
      return Boolean(el);
    })()`,
  );
  return `[data-walk="${mark}"]`;
}

/** The input whose label says `label`. */
export async function inputLabelled(walk: WalkContext, label: string): Promise<string> {
  const mark = `walk-${Math.random().toString(36).slice(2, 8)}`;
  await waitFor(
    walk,
    `the field "${label}"`,
    `(() => {
      const label = [...document.querySelectorAll('label')].find((l) => l.textContent.trim().startsWith(${JSON.stringify(label)}));
      const input = label && (label.control ?? label.querySelector('input'));
      if (input) input.setAttribute('data-walk', ${JSON.stringify(mark)});
      return Boolean(input);
    })()`,
  );
  return `[data-walk="${mark}"]`;
}

export async function shot(walk: WalkContext, name: string): Promise<void> {
  mkdirSync(SHOTS, { recursive: true });
  const size = await walk.page.evaluate<string>('innerWidth + "x" + innerHeight');
  await walk.page.screenshot(join(SHOTS, `${walk.page.engine}-${name}-${size}.png`));
}

/**
 * An open dialog done sliding or fading in. A WebDriver click aims at where an element is when the
 * command arrives; a sheet still sliding up moves its buttons away before the click lands.
 */
export const dialogSettled = (walk: WalkContext, what: string) =>
  waitFor(
    walk,
    what,
    `(() => {
      const dialog = document.querySelector('dialog[open].modal-root:not(.closing)');
      const parts = dialog ? [...dialog.querySelectorAll(':scope > .modal-panel, :scope > .modal-backdrop')] : [];
      return parts.length > 0 && parts.every((el) => el.getAnimations().every((a) => a.playState === 'finished'));
    })()`,
  );

export const at = (walk: WalkContext, path: string) =>
  waitFor(walk, `the address ${path}`, `location.pathname === ${JSON.stringify(path)}`);

/** The ACTIVE list shows at least `count` rows: loaded, from the server or the cache. */
export const alertsShown = (walk: WalkContext, count: number) =>
  waitFor(walk, `${count} alert rows`, `document.querySelectorAll('.alert-row').length >= ${count}`);

export async function signInThroughForm(walk: WalkContext, email: string, password: string): Promise<void> {
  await walk.page.goto(`${walk.origin}/login`);
  // The app's own form: a tap on the prerendered one is held only a few seconds for the app to take
  // over (tests/browser/first-paint.test.ts checks that path), and an engine's cold start may take longer.
  await waitFor(
    walk,
    "the app's login form",
    `document.querySelector('input[type=password]') !== null && document.getElementById('root')?.hasAttribute('data-prerendered') === false`,
  );
  await walk.page.type('input[type=email]', email);
  await walk.page.type('input[type=password]', password);
  await walk.page.click('form button[type=submit]');
  await at(walk, '/dashboard');
}

/** A fieldset of the create form as drawn: its height, and the text it shows. */
export interface FieldsetBox {
  height: number;
  text: string;
}

/**
 * The create form's fieldsets by legend. The same markup must measure the same everywhere; the text
 * says whether it is the same markup (a hint about push differs where a browser cannot push).
 */
export const fieldsetBoxes = (walk: WalkContext) =>
  walk.page.evaluate<Record<string, FieldsetBox>>(
    `Object.fromEntries([...document.querySelectorAll('form fieldset')].map((f) => [f.querySelector('legend')?.textContent.trim() ?? '?', { height: Math.round(f.getBoundingClientRect().height), text: f.innerText.replace(/\\s+/g, ' ').trim() }]))`,
  );
