import { useEffect, useRef } from 'react';
import { registerSW } from 'virtual:pwa-register';
import { whenServiceWorkerDue } from '../../lib/serviceWorkerStart';
import './UpdatePrompt.css';

export const UPDATE_MESSAGE = 'A new version of Price Alerts is available.';

/** Registers the service worker once it is due and offers a refresh when a new version is waiting. */
export function UpdatePrompt() {
  // StrictMode runs the effect twice in development; the ref outlives that, so one registration.
  const started = useRef(false);
  useEffect(() => {
    if (started.current) return;
    started.current = true;
    void whenServiceWorkerDue().then(register);
  }, []);
  return null;
}

function register() {
  const update = registerSW({
    immediate: true,
    // react-hot-toast is not in the layout's first download: it is loaded when there is news.
    async onNeedRefresh() {
      const { default: toast } = await import('react-hot-toast');
      toast(
        (t) => (
          <span className="update-toast">
            {UPDATE_MESSAGE}
            <button
              type="button"
              className="button button-primary"
              onClick={() => {
                toast.dismiss(t.id);
                void update(true);
              }}
            >
              Refresh
            </button>
          </span>
        ),
        { id: 'app-update', duration: Number.POSITIVE_INFINITY },
      );
    },
  });
}
