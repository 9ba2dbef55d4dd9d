import { DASHBOARD_TEXT, displayName } from '@price-alerts/domain';
import { useAtomValue } from 'jotai';
import { Avatar } from '../../shared/Avatar';
import { avatarIdAtom, currentUserAtom, profileAtom, userProfileNameAtom } from '../../shared/session';
import { useOnline } from '../../shared/useOnline';
import { VerifyEmailNote } from '../../shared/VerifyEmailNote';
import { TopPairs } from './TopPairs';
import { AlertDetailsSheet } from './AlertDetailsSheet';
import { AlertsPanel } from './AlertsPanel';
import { TodoCard } from './TodoCard';
import { useAlertLink } from './useAlertLink';
import { useAlertLists } from './useAlertLists';
import './DashboardPage.css';
import './infoNote.css';

/**
 * The name and avatar wait for the profile: the account's stand-ins ('User', an email's first
 * letter) would flash and then change. A grey bar and circle hold their place meanwhile.
 */
function Greeting() {
  const user = useAtomValue(currentUserAtom);
  const profile = useAtomValue(profileAtom);
  const fullName = useAtomValue(userProfileNameAtom);
  const avatarId = useAtomValue(avatarIdAtom);
  const name = displayName(fullName, user?.displayName, user?.email);
  return (
    <header className="greeting">
      <div>
        <p>Welcome Back,</p>
        {profile ? (
          <h1>{name}</h1>
        ) : (
          <h1 aria-busy="true" aria-label="Loading your name">
            <span className="greeting-name-skeleton" aria-hidden="true" />
          </h1>
        )}
      </div>
      {profile ? (
        <Avatar id={avatarId} name={name} size={48} />
      ) : (
        <span className="avatar greeting-avatar-skeleton" aria-hidden="true" />
      )}
    </header>
  );
}

export default function DashboardPage() {
  const online = useOnline();
  useAlertLists();
  const linkedTab = useAlertLink();
  return (
    <main className="page dashboard">
      {/* Banners first: what the user should know before reading anything below. */}
      {!online && (
        <p className="info-note" role="status">
          {DASHBOARD_TEXT.offline}
        </p>
      )}
      <Greeting />
      <VerifyEmailNote variant="banner" />
      <TodoCard />
      {/* A linked alert remounts the panel on the tab that lists it. */}
      <AlertsPanel key={linkedTab ?? 'initial'} initialTab={linkedTab ?? 'active'} />
      <TopPairs />
      <AlertDetailsSheet />
    </main>
  );
}
