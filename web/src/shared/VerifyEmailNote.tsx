import { EMAIL_HINTS } from '@price-alerts/domain/notify';
import { RESEND_TEXT, useEmailVerification } from './useEmailVerification';
import './VerifyEmailNote.css';

/**
 * Says that email alerts need a verified address, with a button that sends the link again. Shown
 * beside 'Send email' on the create and edit screens (`hint`) and atop the dashboard (`banner`);
 * nothing while the address is verified.
 */
export function VerifyEmailNote({ id, variant }: { id?: string; variant: 'hint' | 'banner' }) {
  const { unverified, email, state, resend } = useEmailVerification();
  if (!unverified) return null;
  const text = variant === 'banner' ? EMAIL_HINTS.banner : EMAIL_HINTS.unverified(email);
  const Tag = variant === 'banner' ? 'section' : 'div';
  return (
    <Tag
      className={`verify-note verify-${variant}`}
      aria-label={variant === 'banner' ? 'Email not verified' : undefined}
    >
      <p id={id}>{text}</p>
      <button type="button" className="link-button" onClick={() => void resend()} disabled={state === 'sending'}>
        {state === 'sending' ? EMAIL_HINTS.sending : EMAIL_HINTS.resend}
      </button>
      <p className="verify-status" aria-live="polite">
        {state === 'idle' || state === 'sending' ? '' : RESEND_TEXT[state]}
      </p>
    </Tag>
  );
}
