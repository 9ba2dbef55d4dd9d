import { Link } from 'react-router-dom';
import './PageHeader.css';

export function PageHeader({ title, back = '/account' }: { title: string; back?: string }) {
  return (
    <header className="page-header">
      <Link className="back" to={back} aria-label="Back">
        <svg viewBox="0 0 24 24" aria-hidden="true" width="24" height="24">
          <path d="M15.4 5.4 14 4l-8 8 8 8 1.4-1.4L8.8 12z" fill="currentColor" />
        </svg>
      </Link>
      <h1>{title}</h1>
    </header>
  );
}
