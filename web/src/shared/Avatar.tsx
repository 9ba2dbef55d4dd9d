import './Avatar.css';

export function avatarUrl(id: number): string {
  return `/avatars/${id}.svg`;
}

/** The chosen avatar, or a neutral placeholder with the name's initial. */
export function Avatar({ id, name, size = 48 }: { id: number | null | undefined; name: string; size?: number }) {
  if (id) return <img className="avatar" src={avatarUrl(id)} alt="" width={size} height={size} />;
  return (
    <span className="avatar avatar-placeholder" style={{ width: size, height: size }} aria-hidden="true">
      {name.trim().charAt(0).toUpperCase() || '?'}
    </span>
  );
}
