import { SHEET_ANIMATION_MS } from '@price-alerts/domain/common';
import {
  useEffect,
  useLayoutEffect,
  useRef,
  useState,
  type CSSProperties,
  type ReactNode,
  type SyntheticEvent,
} from 'react';
import { holdToasts } from './toastHolder';
import './Modal.css';

// One source of truth for the exit animation: the domain constant (spec: "Modals and sheets animate
// out in 300 ms") is set on the dialog as --modal-duration, which Modal.css animates with, and the
// timer below waits for the same number before it closes the dialog.
const DURATION = { '--modal-duration': `${SHEET_ANIMATION_MS}ms` } as CSSProperties;

// What takes focus when it opens: the first control, as the spec's sheets always did.
const FIRST_CONTROL = 'button:not([disabled]), [href], input:not([disabled]), [tabindex]:not([tabindex="-1"])';

/**
 * A bottom sheet or centred dialog on a native <dialog> opened with showModal(): the platform keeps
 * focus inside, makes the rest of the page inert, returns focus when it closes, and turns Escape
 * (or Android's back) into a 'cancel' event. Escape and a tap on the backdrop animate it out, then
 * call onClose; when `open` turns false it animates out too. It closes, and leaves the page, only
 * after its 300 ms exit animation.
 */
export function Modal({
  open,
  onClose,
  labelledBy,
  variant = 'sheet',
  children,
}: {
  open: boolean;
  onClose: () => void;
  labelledBy: string;
  variant?: 'sheet' | 'dialog';
  children: ReactNode;
}) {
  const [mounted, setMounted] = useState(open);
  // Dismissed by the user (Escape, backdrop) and animating out; onClose follows the animation.
  const [dismissed, setDismissed] = useState(false);
  const dialog = useRef<HTMLDialogElement>(null);
  const panel = useRef<HTMLDivElement>(null);
  // Set when this component closes the dialog itself; the browser's 'close' event for that comes
  // later (it is queued), and must not be taken for a close by the platform.
  const closedHere = useRef(false);
  const onCloseRef = useRef(onClose);
  useLayoutEffect(() => {
    onCloseRef.current = onClose;
  });
  if (open && !mounted) setMounted(true);
  const closing = !open || dismissed;

  // Before the first paint: into the top layer, with the toasts shown above it.
  useLayoutEffect(() => {
    const element = dialog.current;
    if (!mounted || !element) return;
    if (!element.open) {
      closedHere.current = false;
      element.showModal();
      // showModal() focuses the first focusable area, which Chrome takes to be the panel itself
      // when its content scrolls (a short phone screen): the first control gets focus instead.
      panel.current?.querySelector<HTMLElement>(FIRST_CONTROL)?.focus();
    }
    return holdToasts(element);
  }, [mounted]);

  useEffect(() => {
    if (!mounted || !closing) return;
    const timer = setTimeout(() => {
      closedHere.current = true;
      dialog.current?.close();
      setMounted(false);
      setDismissed(false);
      if (dismissed) onCloseRef.current();
    }, SHEET_ANIMATION_MS);
    return () => clearTimeout(timer);
  }, [mounted, closing, dismissed]);

  if (!mounted) return null;

  function dismiss() {
    if (open) setDismissed(true);
  }

  function onCancel(event: SyntheticEvent) {
    event.preventDefault();
    dismiss();
  }

  // The platform may close it without a cancelable 'cancel' (a second Escape during the exit):
  // it is gone at once, so the parent hears of it at once.
  function onNativeClose() {
    if (closedHere.current) return;
    setMounted(false);
    setDismissed(false);
    if (open) onCloseRef.current();
  }

  return (
    <dialog
      ref={dialog}
      className={`modal-root ${variant} ${closing ? 'closing' : 'open'}`}
      style={DURATION}
      aria-labelledby={labelledBy}
      onCancel={onCancel}
      onClose={onNativeClose}
    >
      <div className="modal-backdrop" onClick={dismiss} aria-hidden="true" />
      <div className="modal-panel" ref={panel}>
        {children}
      </div>
    </dialog>
  );
}
