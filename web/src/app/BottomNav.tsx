import { NavLink } from 'react-router-dom';
import './BottomNav.css';

function AlertsIcon() {
  return (
    <svg viewBox="0 0 24 24" aria-hidden="true">
      <path d="M12 3a6 6 0 0 0-6 6v3.6L4.3 15.3A1 1 0 0 0 5.1 17h13.8a1 1 0 0 0 .8-1.7L18 12.6V9a6 6 0 0 0-6-6Zm0 19a2.5 2.5 0 0 0 2.45-2h-4.9A2.5 2.5 0 0 0 12 22Z" />
    </svg>
  );
}

function PlusIcon() {
  return (
    <svg viewBox="0 0 24 24" aria-hidden="true">
      <path d="M11 5h2v6h6v2h-6v6h-2v-6H5v-2h6z" />
    </svg>
  );
}

function AccountIcon() {
  return (
    <svg viewBox="0 0 24 24" aria-hidden="true">
      <path d="M12 12a4.5 4.5 0 1 0 0-9 4.5 4.5 0 0 0 0 9Zm0 2c-4.4 0-8 2.2-8 5v2h16v-2c0-2.8-3.6-5-8-5Z" />
    </svg>
  );
}

const linkClass = ({ isActive }: { isActive: boolean }) => (isActive ? 'nav-item active' : 'nav-item');

export function BottomNav() {
  return (
    <nav className="bottom-nav" aria-label="Main">
      <NavLink to="/dashboard" className={linkClass}>
        <AlertsIcon />
        <span>Alerts</span>
      </NavLink>
      <NavLink
        to="/create_alert"
        className={({ isActive }) => `nav-add ${isActive ? 'active' : ''}`}
        aria-label="Add alert"
      >
        <PlusIcon />
      </NavLink>
      <NavLink to="/account" className={linkClass}>
        <AccountIcon />
        <span>Account</span>
      </NavLink>
    </nav>
  );
}
