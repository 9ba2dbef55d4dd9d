import { isRouteErrorResponse, useRouteError } from 'react-router-dom';
import './ErrorPage.css';

export function errorText(error: unknown): string {
  if (isRouteErrorResponse(error)) return error.statusText || String(error.status);
  if (error instanceof Error) return error.message;
  return typeof error === 'string' ? error : 'Unknown error';
}

export function ErrorPage() {
  const error = useRouteError();
  return (
    <main className="page error-page">
      <h1>Oops!</h1>
      <p>Sorry, an unexpected error has occurred.</p>
      <p>
        <i>{errorText(error)}</i>
      </p>
      <a className="button button-secondary" href="/">
        Back to the app
      </a>
    </main>
  );
}
