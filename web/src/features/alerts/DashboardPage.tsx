import { displayName } from '@price-alerts/domain';
import { useAtomValue } from 'jotai';
import { Avatar } from '../../shared/Avatar';
import { avatarIdAtom, currentUserAtom, userProfileNameAtom } from '../auth/atoms';
import { TopPairs } from '../prices/TopPairs';
import { AlertDetailsSheet } from './AlertDetailsSheet';
import { AlertsPanel } from './AlertsPanel';
import { TodoCard } from './TodoCard';
import { useAlertLists } from './useAlertLists';

export default function DashboardPage() {
  const user = useAtomValue(currentUserAtom);
  const fullName = useAtomValue(userProfileNameAtom);
  const avatarId = useAtomValue(avatarIdAtom);
  const name = displayName(fullName, user?.displayName, user?.email);
  useAlertLists();
  return (
    <main className="page dashboard">
      <header className="greeting">
        <div>
          <p>Welcome Back,</p>
          <h1>{name}</h1>
        </div>
        <Avatar id={avatarId} name={name} size={48} />
      </header>
      <TodoCard />
      <AlertsPanel />
      <TopPairs />
      <AlertDetailsSheet />
    </main>
  );
}
