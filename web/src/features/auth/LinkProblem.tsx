import { Link } from 'react-router-dom';
import { AuthLayout, FormError } from '../../shared/forms';

/** An email link that cannot be used: what went wrong, and a way to get a new one. */
export function LinkProblem({ title, message, retry }: { title: string; message: string; retry: string }) {
  return (
    <AuthLayout title={title}>
      <FormError message={message} />
      <Link className="button button-primary" to={retry}>
        Send a new link
      </Link>
    </AuthLayout>
  );
}
