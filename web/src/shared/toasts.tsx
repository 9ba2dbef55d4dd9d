import { TOAST_DURATION_MS } from '@price-alerts/domain/common';
import { useEffect, useSyncExternalStore } from 'react';
import { createPortal } from 'react-dom';
import toast, { ToastBar, Toaster, useToasterStore, type DefaultToastOptions } from 'react-hot-toast';
import { subscribeHolder, toastLayer, toastsHeldSince } from './toastHolder';

/**
 * At most this many toasts show at once; a newer one dismisses the oldest: a pile of them (quick
 * actions, a slow network) would cover the screen's content.
 */
export const MAX_VISIBLE_TOASTS = 3;

/**
 * Where toasts go so that they hide nothing: at the bottom, above the bottom navigation (base.css
 * sets --toast-bottom from whether the page has one), clear of every screen's greeting, title and
 * back arrow at the top. While a modal is open its sheet or dialog holds the bottom and the middle,
 * and its backdrop the top: toasts go to the top, over the dimmed page.
 */
const OPTIONS: DefaultToastOptions = {
  duration: TOAST_DURATION_MS,
  // The library's own light colours would ignore the dark theme.
  style: {
    background: 'var(--surface)',
    color: 'var(--text)',
    border: '1px solid var(--border)',
    boxShadow: 'var(--shadow)',
  },
  success: { iconTheme: { primary: 'var(--success)', secondary: 'var(--surface)' } },
  error: { iconTheme: { primary: 'var(--danger)', secondary: 'var(--surface)' } },
};

/** The app's one <Toaster />, loaded by ToastLayer (toastLayer.tsx). */
export default function Toasts() {
  const { toasts } = useToasterStore();
  const heldSince = useSyncExternalStore(subscribeHolder, toastsHeldSince, () => 0);
  const top = heldSince > 0;
  useEffect(() => {
    // The store lists the newest first.
    for (const old of toasts.filter((t) => t.visible).slice(MAX_VISIBLE_TOASTS)) toast.dismiss(old.id);
  }, [toasts]);
  useEffect(() => {
    // A toast about the page behind is no part of the sheet or dialog that just opened: inside it, a
    // screen reader would read it as the dialog's own, and on top it would cover the dialog's title.
    if (heldSince === 0) return;
    // One that waits for an answer (the app's update prompt never expires) stays: it would not come back.
    const about = toasts.filter((t) => t.visible && t.createdAt < heldSince && Number.isFinite(t.duration));
    for (const before of about) toast.dismiss(before.id);
  }, [heldSince, toasts]);
  return createPortal(
    <Toaster
      position={top ? 'top-center' : 'bottom-center'}
      containerStyle={top ? undefined : { bottom: 'var(--toast-bottom)' }}
      toastOptions={OPTIONS}
    >
      {(shown) => (
        <ToastBar toast={shown}>
          {({ icon, message }) => (
            // A tap puts it away at once: at the bottom it may sit over the control the user wants.
            // (Keyboard and screen-reader users lose nothing: it goes by itself after 5 s.)
            <div className="toast-body" onClick={() => toast.dismiss(shown.id)}>
              {icon}
              {message}
            </div>
          )}
        </ToastBar>
      )}
    </Toaster>,
    toastLayer(),
  );
}
