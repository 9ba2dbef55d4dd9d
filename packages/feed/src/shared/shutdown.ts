/** On SIGINT or SIGTERM (Cloud Run's notice before it stops an instance): close, then exit. */
export function closeOnSignals(close: () => Promise<unknown>): void {
  for (const signal of ['SIGINT', 'SIGTERM'] as const)
    process.on(signal, () => void close().then(() => process.exit(0)));
}
