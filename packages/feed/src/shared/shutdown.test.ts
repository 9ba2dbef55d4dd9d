// A service closes once however many signals come: the local supervisor signals the process group
// and each process, and tsx passes its own on to the child.
import { EventEmitter } from 'node:events';
import { describe, expect, it, vi } from 'vitest';
import { closeOnSignals } from './shutdown.ts';

describe('closeOnSignals', () => {
  it('closes once, then exits, for SIGTERM twice and a SIGINT', async () => {
    const signals = new EventEmitter();
    const exit = vi.fn();
    let finish = () => {};
    const close = vi.fn(() => new Promise<void>((resolve) => (finish = resolve)));
    closeOnSignals(close, { on: (signal, listener) => signals.on(signal, listener), exit });
    signals.emit('SIGTERM');
    signals.emit('SIGTERM');
    signals.emit('SIGINT');
    expect(close).toHaveBeenCalledTimes(1);
    expect(exit).not.toHaveBeenCalled();
    finish();
    await vi.waitFor(() => expect(exit).toHaveBeenCalledWith(0));
    signals.emit('SIGTERM');
    expect([close.mock.calls.length, exit.mock.calls.length]).toEqual([1, 1]);
  });
});
