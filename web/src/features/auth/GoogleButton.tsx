import { useMemo } from 'react';
import { prepareGoogleSignIn, signInWithGoogle } from '../../lib/auth';
import { useSubmit } from '../../shared/useSubmit';
import { authFailure } from './useAuthSubmit';
import './GoogleButton.css';

/** Google sign-in through a popup; every popup failure code has its own message. */
export function GoogleButton({ onSignedIn, onError }: { onSignedIn: () => void; onError: (m: string) => void }) {
  // The form above shows the failure, next to its own errors.
  const options = useMemo(
    () => ({
      failure(error: unknown) {
        onError(authFailure(error));
        return null;
      },
    }),
    [onError],
  );
  const { busy, run } = useSubmit(options);
  const onClick = () =>
    run(async () => {
      await signInWithGoogle();
      onSignedIn();
    });
  return (
    <button
      className="button button-secondary google"
      type="button"
      onPointerDown={prepareGoogleSignIn}
      onFocus={prepareGoogleSignIn}
      onClick={onClick}
      disabled={busy}
    >
      <svg viewBox="0 0 24 24" aria-hidden="true" width="20" height="20">
        <path
          fill="#4285F4"
          d="M23.5 12.3c0-.8-.1-1.6-.2-2.3H12v4.4h6.5a5.6 5.6 0 0 1-2.4 3.6v3h3.9c2.3-2.1 3.5-5.2 3.5-8.7Z"
        />
        <path
          fill="#34A853"
          d="M12 24c3.2 0 6-1.1 8-2.9l-3.9-3c-1.1.7-2.5 1.2-4.1 1.2-3.1 0-5.8-2.1-6.7-5H1.3v3.1A12 12 0 0 0 12 24Z"
        />
        <path fill="#FBBC05" d="M5.3 14.3a7.2 7.2 0 0 1 0-4.6V6.6h-4a12 12 0 0 0 0 10.8l4-3.1Z" />
        <path
          fill="#EA4335"
          d="M12 4.8c1.8 0 3.3.6 4.6 1.8l3.4-3.4A12 12 0 0 0 1.3 6.6l4 3.1c.9-2.9 3.6-4.9 6.7-4.9Z"
        />
      </svg>
      <span>{busy ? 'Opening Google…' : 'Continue with Google'}</span>
    </button>
  );
}

/** Below an email form: 'or', then Google sign-in, whose failure the form shows. */
export function OrGoogle(props: { onSignedIn: () => void; onError: (m: string) => void }) {
  return (
    <>
      <div className="divider" role="separator">
        or
      </div>
      <GoogleButton {...props} />
    </>
  );
}
