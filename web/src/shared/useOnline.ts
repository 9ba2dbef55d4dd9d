import { useSyncExternalStore } from 'react';

/**
 * Whether the browser believes it has a network. `navigator.onLine` can say true on a network that
 * reaches nothing, but false is reliable: the app then shows its offline banner instead of the
 * errors that a lost network would otherwise raise one by one.
 */
export function isOnline(): boolean {
  return typeof navigator === 'undefined' || navigator.onLine;
}

function subscribe(onChange: () => void): () => void {
  window.addEventListener('online', onChange);
  window.addEventListener('offline', onChange);
  return () => {
    window.removeEventListener('online', onChange);
    window.removeEventListener('offline', onChange);
  };
}

export function useOnline(): boolean {
  return useSyncExternalStore(subscribe, isOnline, () => true);
}
