import { DASHBOARD_TEXT } from '@price-alerts/domain/copy';
import { useState } from 'react';
import { isOnline, useOnline } from '../../shared/useOnline';

/**
 * The create and edit forms' submit while offline: a write would settle only when the network
 * returns, leaving the button busy with no word why. Offline, nothing is sent and the form says so;
 * the draft stays as typed, and the note goes once the network is back.
 */
export function useOfflineGuard(): { guard: (submit: () => void) => () => void; note: string | null } {
  const online = useOnline();
  const [refused, setRefused] = useState(false);
  const guard = (submit: () => void) => () => {
    if (isOnline()) submit();
    else setRefused(true);
  };
  return { guard, note: refused && !online ? DASHBOARD_TEXT.offlineChanges : null };
}
