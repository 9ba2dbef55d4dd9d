import { useCallback, useState } from 'react';

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
 * The busy flag and error every form with an async submit has, one way everywhere. Pass a
 * `failure` that keeps its identity (a module-level function), as `run` is rebuilt when it changes.
 */
export function useSubmit({ failure, leavesOnSuccess = false }: SubmitOptions) {
  const [error, setError] = useState<string | null>(null);
  const [busy, setBusy] = useState(false);
  const run = useCallback(
    async (action: () => Promise<void>) => {
      setBusy(true);
      setError(null);
      try {
        await action();
        if (!leavesOnSuccess) setBusy(false);
      } catch (err) {
        setError(failure(err));
        setBusy(false);
      }
    },
    [failure, leavesOnSuccess],
  );
  return { error, setError, busy, run };
}
