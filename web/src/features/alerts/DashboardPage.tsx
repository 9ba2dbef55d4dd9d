import { displayName } from '@price-alerts/domain';
import { useAtomValue } from 'jotai';
import { Avatar } from '../../shared/Avatar';
import { avatarIdAtom, currentUserAtom, userProfileNameAtom } from '../../shared/session';
import { VerifyEmailNote } from '../../shared/VerifyEmailNote';
import { TopPairs } from './TopPairs';
import { AlertDetailsSheet } from './AlertDetailsSheet';
import { AlertsPanel } from './AlertsPanel';
import { TodoCard } from './TodoCard';
import { useAlertLink } from './useAlertLink';
import { useAlertLists } from './useAlertLists';
import './DashboardPage.css';

export default function DashboardPage() {
  const user = useAtomValue(currentUserAtom);
  const fullName = useAtomValue(userProfileNameAtom);
  const avatarId = useAtomValue(avatarIdAtom);
  const name = displayName(fullName, user?.displayName, user?.email);
  useAlertLists();
  const linkedTab = useAlertLink();
  return (
    <main className="page dashboard">
      <header className="greeting">
        <div>
          <p>Welcome Back,</p>
          <h1>{name}</h1>
        </div>
        <Avatar id={avatarId} name={name} size={48} />
      </header>
      <VerifyEmailNote variant="banner" />
      <TodoCard />
      {/* A linked alert remounts the panel on the tab that lists it. */}
      <AlertsPanel key={linkedTab ?? 'initial'} initialTab={linkedTab ?? 'active'} />
      <TopPairs />
      <AlertDetailsSheet />
    </main>
  );
}
