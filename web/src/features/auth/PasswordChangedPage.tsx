import { Link } from 'react-router-dom';
import { AuthLayout } from '../../shared/forms';
import { useSignedIn } from './useReturnPath';

export default function PasswordChangedPage() {
  const signedIn = useSignedIn();
  return (
    <AuthLayout title="Password changed" subtitle="Your new password is ready to use.">
      <Link className="button button-primary" to={signedIn ? '/account' : '/login'}>
        {signedIn ? 'Back to account' : 'Log in'}
      </Link>
    </AuthLayout>
  );
}
