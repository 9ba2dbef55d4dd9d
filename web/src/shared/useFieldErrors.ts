import type { FieldErrors } from '@price-alerts/domain/account';
import { useState, type FocusEvent } from 'react';

/**
 * When each field's message shows. `errors` is the form's rules applied to what is typed now, so
 * a message follows the field: gone the moment it is fixed, back if it is broken again. A field's
 * message first shows when the user leaves it having typed something, or on submit; until then a
 * person filling the form in order is not told off for fields they have not reached.
 */
export function useFieldErrors<F extends string>(errors: FieldErrors<F>, options: { onEdit?: () => void } = {}) {
  const [revealed, setRevealed] = useState<ReadonlySet<string>>(() => new Set());
  const reveal = (names: string[]) =>
    setRevealed((prev) => (names.every((n) => prev.has(n)) ? prev : new Set([...prev, ...names])));

  /** The props a TextField needs for field `name`: its input's name, its message, when to show it. */
  function field(name: F) {
    return {
      name,
      error: revealed.has(name) ? (errors[name] ?? null) : null,
      onBlur: (event: FocusEvent<HTMLInputElement>) => {
        if (event.currentTarget.value) reveal([name]);
      },
      onInput: options.onEdit,
    };
  }

  /**
   * On submit: shows every invalid field's message and moves focus to the first invalid field in
   * the form's order, where a screen reader reads its label and message. True when all are valid.
   */
  function check(form: HTMLFormElement): boolean {
    const invalid = [...form.elements].filter(
      (el): el is HTMLInputElement => el instanceof HTMLInputElement && Boolean(errors[el.name as F]),
    );
    if (invalid.length === 0) return true;
    reveal(invalid.map((el) => el.name));
    invalid[0]?.focus();
    return false;
  }

  return { field, check };
}
