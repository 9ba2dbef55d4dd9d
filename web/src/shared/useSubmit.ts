import { useCallback, useRef, useState, type MouseEvent } from 'react';

export interface SubmitOptions {
  /**
   * The sentence a failure shows as the form's error, or null when the failure was told another
   * way (a toast). Nothing typed is cleared either way.
   */
  failure: (error: unknown) => string | null;
  /**
   * The form leaves the screen on success, so it stays busy: a form that turned idle first could
   * be submitted again, or redirect on its own, before the navigation lands.
   */
  leavesOnSuccess?: boolean;
}

/**
 * The second click of a double tap (the browser counts it in `detail`): never a request of its own.
 * Without this, an action that finished between the taps (a fast write) would run again, and a
 * toggle would undo itself. Keyboard activation has a detail of 0.
 */
export const isRepeatTap = (event?: Pick<MouseEvent, 'detail'>): boolean => (event?.detail ?? 0) > 1;

/**
 * One action at a time: a tap while it runs is ignored. The guard is a ref, not only the busy
 * flag, as two taps can land before React has re-rendered the button as disabled. Returns what
 * the action returned, or undefined when the tap was ignored.
 */
export function useExclusive() {
  const running = useRef(false);
  const [busy, setBusy] = useState(false);
  const run = useCallback(async <T>(action: () => Promise<T>, event?: Pick<MouseEvent, 'detail'>) => {
    if (running.current || isRepeatTap(event)) return undefined;
    running.current = true;
    setBusy(true);
    try {
      return await action();
    } finally {
      running.current = false;
      setBusy(false);
    }
  }, []);
  return { busy, run };
}

/**
 * The busy flag and error every form with an async submit has, one way everywhere; a submit while
 * one runs is ignored (see useExclusive). Pass a `failure` that keeps its identity (a module-level
 * function), as `run` is rebuilt when it changes.
 */
export function useSubmit({ failure, leavesOnSuccess = false }: SubmitOptions) {
  const [error, setError] = useState<string | null>(null);
  const [busy, setBusy] = useState(false);
  const running = useRef(false);
  const run = useCallback(
    async (action: () => Promise<void>) => {
      if (running.current) return;
      running.current = true;
      setBusy(true);
      setError(null);
      try {
        await action();
        if (!leavesOnSuccess) {
          running.current = false;
          setBusy(false);
        }
      } catch (err) {
        setError(failure(err));
        running.current = false;
        setBusy(false);
      }
    },
    [failure, leavesOnSuccess],
  );
  return { error, setError, busy, run };
}
