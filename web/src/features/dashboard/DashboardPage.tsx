import { displayName } from '@price-alerts/domain/account';
import { DASHBOARD_TEXT } from '@price-alerts/domain/copy';
import { useAtomValue } from 'jotai';
import { startTransition, useEffect, useState } from 'react';
import { Avatar } from '../../shared/Avatar';
import { rememberGreeting, useLastGreeting } from '../../shared/firstPaint/lastGreetingSchema';
import {
  avatarIdAtom,
  currentUserAtom,
  hasSetAvatarAtom,
  profileAtom,
  pwaPromptDismissedAtom,
  SESSION_CHECK_LABEL,
  userProfileNameAtom,
} from '../../shared/session';
import { Spinner } from '../../shared/Spinner';
import { useOnline } from '../../shared/useOnline';
import { VerifyEmailNote } from '../../shared/VerifyEmailNote';
import { TopPairs } from './topPairs/TopPairs';
import { AlertDetailsSheet } from './details/AlertDetailsSheet';
import { AlertsPanel } from './AlertsPanel';
import { TodoCard } from './TodoCard';
import { useAlertLink } from './useAlertLink';
import { useAlertLists } from './useAlertLists';
import './DashboardPage.css';
import '../../shared/infoNote.css';

/**
 * The name and avatar wait for the profile: the account's stand-ins ('User', an email's first
 * letter) would flash and then change. Meanwhile the greeting this device last showed stands in
 * (shared/firstPaint/lastGreeting.ts), if it was this user's, or, while the session is being checked, whoever
 * was signed in last (the HTML shows it too: web/src/shared/firstPaint/build/lastGreetingScript.ts). Without it, a grey bar and circle
 * hold their place.
 */
function Greeting() {
  const user = useAtomValue(currentUserAtom);
  const profile = useAtomValue(profileAtom);
  const fullName = useAtomValue(userProfileNameAtom);
  const avatarId = useAtomValue(avatarIdAtom);
  const avatarDone = useAtomValue(hasSetAvatarAtom);
  const pwaDone = useAtomValue(pwaPromptDismissedAtom);
  const last = useLastGreeting();
  const uid = user?.uid;
  const name = displayName(fullName, user?.displayName, user?.email);
  const shown = profile ? { name, avatarId } : last;
  useEffect(() => {
    if (profile && uid) rememberGreeting({ uid, name, avatarId, todos: { avatar: avatarDone, pwa: pwaDone } });
  }, [profile, uid, name, avatarId, avatarDone, pwaDone]);
  return (
    <header className="greeting">
      <div>
        <p>Welcome Back,</p>
        {shown ? (
          <h1>{shown.name}</h1>
        ) : (
          <h1 aria-busy="true" aria-label="Loading your name" data-last-greeting="">
            <span className="greeting-name-skeleton" aria-hidden="true" />
          </h1>
        )}
      </div>
      {shown ? (
        <Avatar id={shown.avatarId} name={shown.name} size={48} />
      ) : (
        <span className="avatar greeting-avatar-skeleton" aria-hidden="true" />
      )}
    </header>
  );
}

/**
 * What the dashboard shows while the session is being checked (RequireAuth): the spec's spinner,
 * under the greeting, so that a signed-in reload paints the name with the HTML.
 */
export function Pending() {
  return (
    <main className="page dashboard">
      <Greeting />
      <Spinner label={SESSION_CHECK_LABEL} />
    </main>
  );
}

/**
 * False for the first commit, then true in a transition of its own: what waits for it mounts in a
 * second, shorter task rather than lengthening the first one.
 */
function useAfterFirstPaint(): boolean {
  const [after, setAfter] = useState(false);
  useEffect(() => {
    const frame = requestAnimationFrame(() => startTransition(() => setAfter(true)));
    return () => cancelAnimationFrame(frame);
  }, []);
  return after;
}

export default function DashboardPage() {
  const online = useOnline();
  useAlertLists();
  const linkedTab = useAlertLink();
  const pairsShown = useAfterFirstPaint();
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
      {pairsShown && <TopPairs />}
      <AlertDetailsSheet />
    </main>
  );
}
