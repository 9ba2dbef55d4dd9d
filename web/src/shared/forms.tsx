import { useId, type InputHTMLAttributes, type ReactNode } from 'react';
import './forms.css';

export function AuthLayout({
  title,
  subtitle,
  children,
}: {
  title: string;
  subtitle?: ReactNode;
  children: ReactNode;
}) {
  return (
    <main className="page auth-page">
      <header className="auth-header">
        <img src="/icons/icon-192.png" alt="" width={64} height={64} />
        <h1>{title}</h1>
        {subtitle && <p>{subtitle}</p>}
      </header>
      {children}
    </main>
  );
}

type FieldProps = {
  label: string;
  onValue: (value: string) => void;
  /** The field's own message, shown right under it; the input is then marked invalid. */
  error?: string | null;
} & Omit<InputHTMLAttributes<HTMLInputElement>, 'onChange' | 'id'>;

export function TextField({ label, onValue, error, ...input }: FieldProps) {
  const id = useId();
  const errorId = `${id}-error`;
  return (
    <div className="field">
      <label htmlFor={id}>{label}</label>
      <input
        {...input}
        id={id}
        aria-invalid={error ? true : undefined}
        aria-describedby={error ? errorId : undefined}
        aria-errormessage={error ? errorId : undefined}
        onChange={(e) => onValue(e.target.value)}
      />
      {error && (
        <p id={errorId} className="field-error">
          {error}
        </p>
      )}
    </div>
  );
}

/** What the server answered to the whole form (an auth code's sentence), once, above its button. */
export function FormError({ message }: { message: string | null }) {
  if (!message) return null;
  return (
    <p className="form-error" role="alert">
      {message}
    </p>
  );
}

/**
 * A note about what happened: `success` for what worked, `warning` for what has not happened yet
 * but is no failure (the email is not verified yet).
 */
export function FormNote({ message, tone = 'success' }: { message: string | null; tone?: 'success' | 'warning' }) {
  if (!message) return null;
  return (
    <p className={tone === 'warning' ? 'form-note form-note-warning' : 'form-note'} role="status">
      {message}
    </p>
  );
}

type InputProps = Omit<FieldProps, 'label' | 'type'>;

export function EmailField(props: InputProps) {
  return <TextField label="Email" type="email" autoComplete="email" inputMode="email" required {...props} />;
}

/** A new password and its confirmation, as reset and change password both ask for them. */
export function NewPasswordFields({ password, confirm }: { password: InputProps; confirm: InputProps }) {
  return (
    <>
      <TextField label="New password" type="password" autoComplete="new-password" required {...password} />
      <TextField label="Confirm new password" type="password" autoComplete="new-password" required {...confirm} />
    </>
  );
}
