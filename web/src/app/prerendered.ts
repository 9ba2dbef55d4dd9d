/**
 * The public screens and the signed-in layout arrive as prerendered HTML (web/prerender.ts),
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

/**
 * Holds a submit tapped on the prerendered form once this script runs but before the app has taken
 * over (the HTML's forms do nothing on submit), and returns the function that replays it on the
 * same form of the app's markup, so a quick tap on 'Log in' is not lost.
 */
export function holdSubmits(root: HTMLElement): (appRoot: HTMLElement) => void {
  let held = -1;
  const hold = (event: Event) => {
    event.preventDefault();
    held = [...root.querySelectorAll('form')].indexOf(event.target as HTMLFormElement);
  };
  root.addEventListener('submit', hold, true);
  return (appRoot) => {
    root.removeEventListener('submit', hold, true);
    const form = held;
    held = -1;
    // After React has applied the restored fields, so the app's handler reads them.
    if (form >= 0) setTimeout(() => appRoot.querySelectorAll('form')[form]?.requestSubmit(), 0);
  };
}
