import { useEffect } from 'react';
import toast from 'react-hot-toast';

/**
 * What a push's button did while the app is open (the service worker applied it: sw.ts), said as a
 * toast too; the list and the history follow from the alert's own change.
 */
export function useActionResults(): void {
  useEffect(() => {
    const sw = typeof navigator !== 'undefined' ? navigator.serviceWorker : undefined;
    if (!sw) return;
    const onMessage = (event: MessageEvent) => {
      const message = event.data as { type?: unknown; text?: unknown } | null;
      if (message?.type === 'ALERT_ACTION_RESULT' && typeof message.text === 'string') {
        toast(message.text.slice(0, 200), { id: 'alert-action-result' });
      }
    };
    sw.addEventListener('message', onMessage);
    return () => sw.removeEventListener('message', onMessage);
  }, []);
}
