/**
 * Waits for every one to settle, then throws the first failure in the order given: none is left
 * running after the caller goes on, and none is left unhandled.
 */
export async function allEnded<T>(running: readonly Promise<T>[]): Promise<T[]> {
  const settled = await Promise.allSettled(running);
  const failed = settled.find((r) => r.status === 'rejected');
  if (failed) throw failed.reason;
  return settled.map((r) => (r as PromiseFulfilledResult<T>).value);
}
