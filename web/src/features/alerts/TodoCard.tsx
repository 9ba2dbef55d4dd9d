import { useAtomValue } from 'jotai';
import { Link } from 'react-router-dom';
import { hasSetAvatarAtom, profileAtom, pwaPromptDismissedAtom } from '../../shared/session';
import './TodoCard.css';

/** 'My Todos': two first-run tasks, struck through when done, the card gone when both are. */
export function TodoCard() {
  const profile = useAtomValue(profileAtom);
  const avatarDone = useAtomValue(hasSetAvatarAtom);
  const pwaDone = useAtomValue(pwaPromptDismissedAtom);
  if (!profile || (avatarDone && pwaDone)) return null;
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
      </ul>
    </section>
  );
}
