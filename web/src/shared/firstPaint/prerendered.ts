/**
 * The public screens and the signed-in layout arrive as prerendered HTML (web/src/shared/firstPaint/build/prerender.ts),
 * painted before any JavaScript runs. The app then takes its place at its first commit, once the
 * screen's chunk is in (router.tsx, preloadRoute; main.tsx). What the user typed into the HTML's fields meanwhile is
 * carried over, so nothing entered is lost.
 */

/** True in the build's prerendering browser: the app then stays as its first render shows it. */
export const PRERENDERING = typeof navigator !== 'undefined' && navigator.userAgent.includes('PriceAlertsPrerender');

type Typed = { key: string; value: string; checked: boolean; focused: boolean };

const fieldKey = (field: HTMLInputElement | HTMLTextAreaElement, index: number) =>
  field.name || field.id || `#${index}`;
const fields = (root: HTMLElement) => [
  ...root.querySelectorAll<HTMLInputElement | HTMLTextAreaElement>('input, textarea'),
];

/** What the user did to the prerendered fields before the app took over. */
export function typedIntoPrerender(root: HTMLElement): Typed[] {
  return fields(root)
    .map((field, index) => ({
      key: fieldKey(field, index),
      value: field.value,
      checked: field instanceof HTMLInputElement && field.checked,
      focused: document.activeElement === field,
      changed:
        field.value !== field.defaultValue ||
        (field instanceof HTMLInputElement && field.checked !== field.defaultChecked),
    }))
    .filter((f) => f.changed || f.focused)
    .map(({ key, value, checked, focused }) => ({ key, value, checked, focused }));
}

/** Puts it back into the app's own fields, through React's change events. */
export function restoreTyped(root: HTMLElement, typed: Typed[]): void {
  if (typed.length === 0) return;
  const byKey = new Map(fields(root).map((field, index) => [fieldKey(field, index), field]));
  for (const entry of typed) {
    const field = byKey.get(entry.key);
    if (!field) continue;
    if (field instanceof HTMLInputElement && (field.type === 'checkbox' || field.type === 'radio')) {
      if (field.checked !== entry.checked) field.click();
    } else if (field.value !== entry.value) {
      // React tracks the value it last set; the prototype's setter goes around it, so the input
      // event is seen as the user's change.
      const proto = field instanceof HTMLTextAreaElement ? HTMLTextAreaElement.prototype : HTMLInputElement.prototype;
      Object.getOwnPropertyDescriptor(proto, 'value')?.set?.call(field, entry.value);
      field.dispatchEvent(new Event('input', { bubbles: true }));
    }
    if (entry.focused) field.focus();
  }
}

/** A tap held by the prerendered page's loader (public/load-app.js) until the app took over. */
interface HeldTap {
  selector: 'form' | 'button';
  index: number;
  /** What the element says (a form: its submit button's text), so that the tap is replayed only on an element that says the same. */
  text: string;
  /** When it was made (Date.now()). */
  at: number;
}

declare global {
  interface Window {
    /** Set by public/load-app.js: stops holding taps and hands over the one held, if any. */
    priceAlertsTakeHeldTap?: () => HeldTap | null;
    /** Set by public/load-app.js: lets the held tap go and loads the page again, once per tab. */
    priceAlertsReloadOnce?: () => void;
  }
}

/**
 * How old a held tap may be and still be replayed. Older, the user has likely given up on it, and
 * the browser's user activation from it (which Google's popup needs) has run out: Chromium keeps it
 * 5 s, Safari less.
 */
export const HELD_TAP_MS = 4_000;

/**
 * Replays on the app's markup a tap held on the HTML's (load-app.js holds it once the HTML has been
 * parsed, and drops it if the user types after it): the same form is submitted or the same button
 * clicked, unless the tap is older than HELD_TAP_MS or the element there does not say the same
 * (something rendered before it, an update prompt say, would have moved the positions).
 */
export function replayHeldTap(appRoot: HTMLElement): void {
  const tap = window.priceAlertsTakeHeldTap?.();
  if (!tap || Date.now() - tap.at > HELD_TAP_MS) return;
  // After React has applied the restored fields, so the app's handler reads them.
  setTimeout(() => {
    const target = appRoot.querySelectorAll(tap.selector)[tap.index];
    const said = target instanceof HTMLFormElement ? target.querySelector('[type="submit"]') : target;
    if (!said || (said.textContent ?? '') !== tap.text) return;
    if (target instanceof HTMLFormElement) target.requestSubmit();
    else if (target instanceof HTMLButtonElement) target.click();
  }, 0);
}
