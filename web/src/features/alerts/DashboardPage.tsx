import { displayName } from '@price-alerts/domain';
import { useAtomValue } from 'jotai';
import { currentUserAtom } from '../auth/atoms';

export default function DashboardPage() {
  const user = useAtomValue(currentUserAtom);
  return (
    <main className="page dashboard">
      <header className="greeting">
        <p>Welcome Back,</p>
        <h1>{displayName(undefined, user?.displayName, user?.email)}</h1>
      </header>
    </main>
  );
}
