import { useAtomValue } from 'jotai';
import { Navigate } from 'react-router-dom';
import { authLoadingAtom, currentUserAtom } from '../../shared/session';
import './SplashPage.css';

/** The splash holds the brand on screen while auth loads, then sends the user on. */
export default function SplashPage() {
  const loading = useAtomValue(authLoadingAtom);
  const user = useAtomValue(currentUserAtom);
  if (!loading) return <Navigate to={user ? '/dashboard' : '/login'} replace />;
  return (
    <main className="splash centered-screen">
      <img src="/icons/icon-192.png" alt="" width={112} height={112} />
      <h1>Price Alerts</h1>
      <p>Never miss a price.</p>
    </main>
  );
}
