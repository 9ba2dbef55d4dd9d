import { displayName } from '@price-alerts/domain/account';
import { TOAST } from '@price-alerts/domain/copy';
import { useAtomValue } from 'jotai';
import toast from 'react-hot-toast';
import { Link, useNavigate } from 'react-router-dom';
import { signOut } from '../../lib/auth';
import { config } from '../../lib/config';
import { Avatar } from '../../shared/Avatar';
import { avatarIdAtom, currentUserAtom, userProfileNameAtom } from '../../shared/session';
import './AccountPage.css';

const ITEMS = [
  { to: '/profile', label: 'Profile' },
  { to: '/change-password', label: 'Change Password' },
  { to: '/notifications', label: 'Notifications' },
  { to: '/setup_pwa', label: 'Add to Home Screen' },
  { to: '/about-us', label: 'About' },
] as const;

export default function AccountPage() {
  const user = useAtomValue(currentUserAtom);
  const fullName = useAtomValue(userProfileNameAtom);
  const avatarId = useAtomValue(avatarIdAtom);
  const navigate = useNavigate();
  const name = displayName(fullName, user?.displayName, user?.email);

  async function logOut() {
    try {
      await signOut();
      toast.success(TOAST.loggedOut);
      navigate('/login', { replace: true });
    } catch (error) {
      toast.error(TOAST.logoutError(error instanceof Error ? error.message : String(error)));
    }
  }

  return (
    <main className="page account">
      <header className="account-header">
        <Avatar id={avatarId} name={name} size={64} />
        <div>
          <h1>{name}</h1>
          <p>{user?.email}</p>
        </div>
      </header>
      <nav aria-label="Account">
        <ul className="menu">
          {ITEMS.map((item) => (
            <li key={item.to}>
              <Link to={item.to}>{item.label}</Link>
            </li>
          ))}
          <li>
            <a href={config.websiteUrl} target="_blank" rel="noopener noreferrer">
              Website <span className="visually-hidden">(opens in a new tab)</span>
            </a>
          </li>
          <li>
            <button type="button" className="menu-danger" onClick={logOut}>
              Log out
            </button>
          </li>
        </ul>
      </nav>
    </main>
  );
}
