import { useEffect, type ReactNode } from 'react';
import { createPortal } from 'react-dom';
import toast, { useToasterStore } from 'react-hot-toast';

/**
 * At most this many toasts show at once; a newer one dismisses the oldest. Toasts stack down from
 * the top, and a pile of them (quick actions, a slow network) would cover the screen's content.
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

/** Wraps the app's <Toaster /> (main.tsx). */
export function ToastLayer({ children }: { children: ReactNode }) {
  const { toasts } = useToasterStore();
  useEffect(() => {
    // The store lists the newest first.
    for (const old of toasts.filter((t) => t.visible).slice(MAX_VISIBLE_TOASTS)) toast.dismiss(old.id);
  }, [toasts]);
  return createPortal(children, toastLayer());
}
