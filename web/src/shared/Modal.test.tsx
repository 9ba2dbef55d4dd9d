import { SHEET_ANIMATION_MS } from '@price-alerts/domain/common';
import { act, fireEvent, render, screen } from '@testing-library/react';
import { useState } from 'react';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { Modal } from './Modal';
import toast from 'react-hot-toast';
import Toasts, { MAX_VISIBLE_TOASTS } from './toasts';

beforeEach(() => {
  vi.useFakeTimers();
});
afterEach(() => {
  vi.useRealTimers();
});

/** A parent that owns `open`, as every caller does: onClose sets it false. */
function Harness({ initiallyOpen = true, onClose = () => {} }: { initiallyOpen?: boolean; onClose?: () => void }) {
  const [open, setOpen] = useState(initiallyOpen);
  return (
    <>
      <button type="button" onClick={() => setOpen((o) => !o)}>
        toggle
      </button>
      <Modal
        open={open}
        onClose={() => {
          onClose();
          setOpen(false);
        }}
        labelledBy="modal-title"
      >
        <h2 id="modal-title">Alert Details</h2>
        <button type="button">Pause</button>
      </Modal>
    </>
  );
}

const elapse = (ms: number) => act(() => vi.advanceTimersByTime(ms));
const focusables = () => document.querySelectorAll('dialog, button:not([disabled]), [href], input, [tabindex]');

describe('Modal', () => {
  it('opens as a modal <dialog> named by its title, focused on its first control, animating for the domain constant', () => {
    render(<Harness />);
    const dialog = screen.getByRole('dialog', { name: 'Alert Details' }) as HTMLDialogElement;
    expect(dialog.tagName).toBe('DIALOG');
    expect(dialog.open).toBe(true);
    expect(dialog.className).toBe('modal-root sheet open');
    expect(dialog.style.getPropertyValue('--modal-duration')).toBe(`${SHEET_ANIMATION_MS}ms`);
    expect(document.activeElement).toBe(screen.getByRole('button', { name: 'Pause' }));
  });

  it('on Escape (cancel) keeps the dialog, animates out, then closes and calls onClose', () => {
    const onClose = vi.fn();
    render(<Harness onClose={onClose} />);
    const dialog = screen.getByRole('dialog', { name: 'Alert Details' }) as HTMLDialogElement;
    const cancel = new Event('cancel', { cancelable: true });
    fireEvent(dialog, cancel);
    expect(cancel.defaultPrevented).toBe(true);
    expect(dialog.open).toBe(true);
    expect(dialog.classList.contains('closing')).toBe(true);
    elapse(SHEET_ANIMATION_MS - 1);
    expect(onClose).not.toHaveBeenCalled();
    expect(dialog.open).toBe(true);
    elapse(1);
    expect(onClose).toHaveBeenCalledTimes(1);
    expect(dialog.open).toBe(false);
    expect(screen.queryByRole('dialog')).toBeNull();
  });

  it('closes the same way on a tap on the backdrop', () => {
    const onClose = vi.fn();
    render(<Harness onClose={onClose} />);
    fireEvent.click(document.querySelector('.modal-backdrop') as Element);
    elapse(SHEET_ANIMATION_MS - 1);
    expect(onClose).not.toHaveBeenCalled();
    elapse(1);
    expect(onClose).toHaveBeenCalledTimes(1);
    expect(screen.queryByRole('dialog')).toBeNull();
  });

  it('when the parent closes it, stays for the exit animation and then leaves nothing focusable', () => {
    const onClose = vi.fn();
    render(<Harness onClose={onClose} />);
    fireEvent.click(screen.getByRole('button', { name: 'toggle' }));
    expect(screen.getByRole('dialog').className).toBe('modal-root sheet closing');
    elapse(SHEET_ANIMATION_MS);
    expect(screen.queryByRole('dialog')).toBeNull();
    expect([...focusables()].map((e) => e.textContent)).toEqual(['toggle']);
    expect(onClose).not.toHaveBeenCalled();
  });

  it('renders nothing while closed', () => {
    const { container } = render(
      <Modal open={false} onClose={() => {}} labelledBy="t" variant="dialog">
        <button type="button">Yes, Delete</button>
      </Modal>,
    );
    expect(container.innerHTML).toBe('');
    expect(focusables()).toHaveLength(0);
  });

  it('holds the toasts while open, so they show above it, and gives them back to the page after', () => {
    render(
      <>
        <Harness />
        <Toasts />
      </>,
    );
    act(() => void toast.success('Alert paused successfully!'));
    const shown = screen.getByText('Alert paused successfully!');
    expect(screen.getByRole('dialog').contains(shown)).toBe(true);
    fireEvent(screen.getByRole('dialog'), new Event('cancel', { cancelable: true }));
    elapse(SHEET_ANIMATION_MS);
    expect(shown.isConnected).toBe(true);
    expect(shown.closest('dialog')).toBeNull();
    act(() => toast.remove());
  });

  it('puts away a toast about the page when a sheet opens, and keeps the ones the sheet shows', () => {
    render(
      <>
        <Harness initiallyOpen={false} />
        <Toasts />
      </>,
    );
    act(() => void toast.success('Alert created successfully!'));
    // One that waits for an answer (the app's update prompt) stays: it would not come back.
    act(() => void toast('A new version is available.', { duration: Number.POSITIVE_INFINITY }));
    elapse(1_000);
    fireEvent.click(screen.getByRole('button', { name: 'toggle' }));
    act(() => void toast.success('Alert paused successfully!'));
    elapse(1_000);
    const dialog = screen.getByRole('dialog');
    expect(dialog.contains(screen.getByText('Alert paused successfully!'))).toBe(true);
    expect(screen.queryByText('Alert created successfully!')).toBeNull();
    expect(screen.getByText('A new version is available.')).toBeDefined();
    act(() => toast.remove());
  });

  it(`shows at most ${MAX_VISIBLE_TOASTS} toasts, the newest, so a pile of them never covers the screen`, () => {
    render(<Toasts />);
    act(() => {
      for (const n of [1, 2, 3, 4, 5]) toast.success(`Toast ${n}`);
    });
    elapse(1_000);
    expect(screen.getAllByRole('status').map((t) => t.textContent)).toEqual(['Toast 5', 'Toast 4', 'Toast 3']);
    act(() => toast.remove());
  });
});
