/**
 * On SIGINT or SIGTERM (Cloud Run's notice before it stops an instance): close, then exit. Once,
 * however many signals come: the local supervisor signals both the process group and each process,
 * and tsx passes its own on to the child, so a service gets two or three; closing again would, among
 * other things, write the ingest's history twice.
 */
export function closeOnSignals(close: () => Promise<unknown>, target: SignalTarget = process): void {
  let closing: Promise<unknown> | undefined;
  for (const signal of ['SIGINT', 'SIGTERM'] as const)
    target.on(signal, () => {
      closing ??= close().then(() => target.exit(0));
    });
}

/** The process, or a stand-in for it in tests. */
export interface SignalTarget {
  on(signal: 'SIGINT' | 'SIGTERM', listener: () => void): unknown;
  exit(code: number): void;
}
