import { Link } from 'react-router-dom';
import './AlertAddedPage.css';

export default function AlertAddedPage() {
  return (
    <main className="page added">
      <svg viewBox="0 0 64 64" width="96" height="96" aria-hidden="true">
        <circle className="added-badge" cx="32" cy="32" r="30" />
        <path className="added-tick" d="m20 33 8 8 16-18" />
      </svg>
      <h1>Alert added successfully</h1>
      <p>Your trigger criteria will now be monitored to inform you as soon as it is met.</p>
      <Link className="button button-secondary" to="/create_alert">
        Add new alert
      </Link>
      <Link className="button button-primary" to="/dashboard">
        Continue
      </Link>
    </main>
  );
}
