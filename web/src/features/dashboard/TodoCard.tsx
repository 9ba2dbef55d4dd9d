import { useAtomValue } from 'jotai';
import { Link } from 'react-router-dom';
import { useLastGreeting } from '../../shared/firstPaint/lastGreetingSchema';
import { asksOnlyOnTap } from '../../shared/permissionPrompt';
import { devicePushAtom } from '../../shared/pushState';
import { hasSetAvatarAtom, profileAtom, pwaPromptDismissedAtom } from '../../shared/session';
import './TodoCard.css';

/**
 * 'My Todos': two first-run tasks, struck through when done, the card gone when both are, and while
 * this device has not been asked for notifications, a third that leads to the switch. Until the
 * profile arrives, as the dashboard last showed it to this user (shared/firstPaint/lastGreeting.ts), so the
 * alerts under it are not pushed down when it appears; with nothing remembered, not at all.
 */
export function TodoCard() {
  const profile = useAtomValue(profileAtom);
  const profileAvatarDone = useAtomValue(hasSetAvatarAtom);
  const profilePwaDone = useAtomValue(pwaPromptDismissedAtom);
  const remembered = useLastGreeting()?.todos;
  const device = useAtomValue(devicePushAtom);
  // Where the browser asks only after a tap: the way to the switch that asks.
  const pushToDo =
    profile !== null && profile.notificationsEnabled !== false && device === 'not-asked' && asksOnlyOnTap();
  const todos = profile ? { avatar: profileAvatarDone, pwa: profilePwaDone } : remembered;
  if (!todos || (todos.avatar && todos.pwa && !pushToDo)) return null;
  const { avatar: avatarDone, pwa: pwaDone } = todos;
  return (
    <section className="card todos" aria-labelledby="todos-title">
      <h2 id="todos-title">My Todos</h2>
      <ul>
        <li>
          <Link to="/profile" className={avatarDone ? 'done' : undefined}>
            Setup Your Avatar
          </Link>
        </li>
        <li>
          <Link to="/setup_pwa" className={pwaDone ? 'done' : undefined}>
            Add To Home screen
          </Link>
        </li>
        {pushToDo ? (
          <li>
            <Link to="/notifications">Turn on notifications</Link>
          </li>
        ) : null}
      </ul>
    </section>
  );
}
