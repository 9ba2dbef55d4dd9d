import { TOAST_DURATION_MS } from '@price-alerts/domain';
import { useEffect, useSyncExternalStore } from 'react';
import { createPortal } from 'react-dom';
import toast, { ToastBar, Toaster, useToasterStore, type DefaultToastOptions } from 'react-hot-toast';

/**
 * At most this many toasts show at once; a newer one dismisses the oldest: a pile of them (quick
 * actions, a slow network) would cover the screen's content.
 */
export const MAX_VISIBLE_TOASTS = 3;

/**
 * Toasts above modals. A modal <dialog> is in the top layer, above every z-index, and makes the
 * rest of the page inert: a toast outside it would be dimmed by its backdrop, could not be clicked
 * and would not be announced. So the Toaster renders into one element, and the topmost open modal
 * holds that element while it is open (Modal.tsx); it goes back to <body> when the last one closes.
 */
let layer: HTMLElement | undefined;
const holders: HTMLElement[] = [];
const listeners = new Set<() => void>();

function toastLayer(): HTMLElement {
  if (!layer) {
    layer = document.createElement('div');
    // No box of its own: the toasts are positioned as if they were children of the holder.
    layer.style.display = 'contents';
    document.body.append(layer);
  }
  return layer;
}

function place(): void {
  if (!layer) return;
  const parent = holders.at(-1) ?? document.body;
  for (const listener of listeners) listener();
  if (layer.parentNode === parent) return;
  // moveBefore keeps a showing toast as it is; a plain append would restart its entrance.
  if ('moveBefore' in parent && layer.isConnected && parent.isConnected) parent.moveBefore(layer, null);
  else parent.append(layer);
}

/** Puts the toasts inside `dialog` until the returned function is called. */
export function holdToasts(dialog: HTMLElement): () => void {
  holders.push(dialog);
  place();
  return () => {
    const index = holders.indexOf(dialog);
    if (index >= 0) holders.splice(index, 1);
    place();
  };
}

function subscribe(listener: () => void): () => void {
  listeners.add(listener);
  return () => listeners.delete(listener);
}
const inModal = () => holders.length > 0;

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

/** The app's one <Toaster /> (main.tsx). */
export function ToastLayer() {
  const { toasts } = useToasterStore();
  const top = useSyncExternalStore(subscribe, inModal, () => false);
  useEffect(() => {
    // The store lists the newest first.
    for (const old of toasts.filter((t) => t.visible).slice(MAX_VISIBLE_TOASTS)) toast.dismiss(old.id);
  }, [toasts]);
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
