import { SHEET_ANIMATION_MS } from '@price-alerts/domain';
import { useEffect, useRef, useState, type CSSProperties, type KeyboardEvent, type ReactNode } from 'react';
import './Modal.css';

// One source of truth for the exit animation: the domain constant (spec: "Modals and sheets animate
// out in 300 ms") is set on the modal as --modal-duration, which Modal.css animates with, and the
// timer below waits for the same number before it unmounts.
const DURATION = { '--modal-duration': `${SHEET_ANIMATION_MS}ms` } as CSSProperties;

const FOCUSABLE = 'button:not([disabled]), [href], input:not([disabled]), [tabindex]:not([tabindex="-1"])';

/**
 * A bottom sheet or centred dialog: focus moves in and is trapped while open, Escape or the
 * backdrop closes it, focus returns where it was, and it animates out for 300 ms before unmounting.
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
  const panel = useRef<HTMLDivElement>(null);
  if (open && !mounted) setMounted(true);

  useEffect(() => {
    if (open || !mounted) return;
    const timer = setTimeout(() => setMounted(false), SHEET_ANIMATION_MS);
    return () => clearTimeout(timer);
  }, [open, mounted]);

  useEffect(() => {
    if (!open) return;
    const previous = document.activeElement as HTMLElement | null;
    panel.current?.querySelector<HTMLElement>(FOCUSABLE)?.focus();
    return () => previous?.focus();
  }, [open]);

  if (!mounted) return null;

  function onKeyDown(event: KeyboardEvent) {
    if (event.key === 'Escape') {
      event.stopPropagation();
      onClose();
      return;
    }
    if (event.key !== 'Tab' || !panel.current) return;
    const items = [...panel.current.querySelectorAll<HTMLElement>(FOCUSABLE)];
    const first = items[0];
    const last = items.at(-1);
    if (event.shiftKey && document.activeElement === first) {
      event.preventDefault();
      last?.focus();
    } else if (!event.shiftKey && document.activeElement === last) {
      event.preventDefault();
      first?.focus();
    }
  }

  return (
    <div className={`modal-root ${variant} ${open ? 'open' : 'closing'}`} style={DURATION} onKeyDown={onKeyDown}>
      <div className="modal-backdrop" onClick={onClose} aria-hidden="true" />
      <div className="modal-panel" role="dialog" aria-modal="true" aria-labelledby={labelledBy} ref={panel}>
        {children}
      </div>
    </div>
  );
}
