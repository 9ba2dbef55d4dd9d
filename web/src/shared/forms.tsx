import type { InputHTMLAttributes, ReactNode } from 'react';
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

type FieldProps = { label: string; onValue: (value: string) => void } & Omit<
  InputHTMLAttributes<HTMLInputElement>,
  'onChange'
>;

export function TextField({ label, onValue, ...input }: FieldProps) {
  return (
    <label className="field">
      <span>{label}</span>
      <input {...input} onChange={(e) => onValue(e.target.value)} />
    </label>
  );
}

export function FormError({ message }: { message: string | null }) {
  if (!message) return null;
  return (
    <p className="form-error" role="alert">
      {message}
    </p>
  );
}

export function FormNote({ message }: { message: string | null }) {
  if (!message) return null;
  return (
    <p className="form-note" role="status">
      {message}
    </p>
  );
}

export function EmailField({ value, onValue }: { value: string; onValue: (value: string) => void }) {
  return (
    <TextField
      label="Email"
      type="email"
      autoComplete="email"
      inputMode="email"
      required
      value={value}
      onValue={onValue}
    />
  );
}

/** A new password and its confirmation, as reset and change password both ask for them. */
export function NewPasswordFields({
  password,
  confirm,
  onPassword,
  onConfirm,
}: {
  password: string;
  confirm: string;
  onPassword: (value: string) => void;
  onConfirm: (value: string) => void;
}) {
  return (
    <>
      <TextField
        label="New password"
        type="password"
        autoComplete="new-password"
        value={password}
        onValue={onPassword}
      />
      <TextField
        label="Confirm new password"
        type="password"
        autoComplete="new-password"
        value={confirm}
        onValue={onConfirm}
      />
    </>
  );
}
