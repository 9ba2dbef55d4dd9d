import { Link, useLocation } from 'react-router-dom';
import { AuthLayout } from '../../shared/forms';

export default function ResetEmailSentPage() {
  const email = (useLocation().state as { email?: string } | null)?.email;
  return (
    <AuthLayout
      title="Check your email"
      subtitle={
        <>
          If an account uses {email ? <strong>{email}</strong> : 'that address'}, a link to reset the password is on its
          way.
        </>
      }
    >
      <Link className="button button-primary" to="/login">
        Back to log in
      </Link>
    </AuthLayout>
  );
}
