import { useCallback, useState } from 'react';
import { authErrorCode } from '../../lib/auth';
import { authMessage } from './authMessages';

/**
 * The busy flag and error message every account form has: `run` clears the error, marks the form
 * busy, and turns a Firebase failure into its sentence. Nothing typed is cleared on failure.
 * On success the form stays busy: each of these forms leaves the screen then, and a form that
 * turned idle while signed in would redirect on its own before the navigation lands.
 */
export function useAuthSubmit() {
  const [error, setError] = useState<string | null>(null);
  const [busy, setBusy] = useState(false);
  const run = useCallback(async (action: () => Promise<void>) => {
    setBusy(true);
    setError(null);
    try {
      await action();
    } catch (err) {
      setError(authMessage(authErrorCode(err)));
      setBusy(false);
    }
  }, []);
  return { error, setError, busy, run };
}
