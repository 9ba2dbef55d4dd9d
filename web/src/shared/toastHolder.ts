/**
 * Toasts above modals. A modal <dialog> is in the top layer, above every z-index, and makes the
 * rest of the page inert: a toast outside it would be dimmed by its backdrop, could not be clicked
 * and would not be announced. So the Toaster renders into one element, and the topmost open modal
 * holds that element while it is open (Modal.tsx); it goes back to <body> when the last one closes.
 */
let layer: HTMLElement | undefined;
const holders: HTMLElement[] = [];
/** When the topmost modal took the toasts (Date.now(), as a toast's createdAt). */
let heldSince = 0;
const listeners = new Set<() => void>();

export function toastLayer(): HTMLElement {
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
  heldSince = Date.now();
  place();
  return () => {
    const index = holders.indexOf(dialog);
    if (index >= 0) holders.splice(index, 1);
    place();
  };
}

export function subscribeHolder(listener: () => void): () => void {
  listeners.add(listener);
  return () => listeners.delete(listener);
}
export const heldByModal = () => holders.length > 0;
/** Since when the open modal holds the toasts; 0 while none does. */
export const toastsHeldSince = () => (holders.length > 0 ? heldSince : 0);
