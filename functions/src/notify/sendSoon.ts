import type { SendResult } from './lease';

/** A retry due this soon is waited for in the same invocation, so a provider blip costs seconds, not minutes. */
export const WAIT_FOR_RETRY_MS = 15_000;
const MAX_ROUNDS = 3;

const soon = (r: SendResult) => r.outcome === 'retry' && r.dueAt - Date.now() <= WAIT_FOR_RETRY_MS;

/** Sends, and again while the result is a retry due within WAIT_FOR_RETRY_MS: three tries in all. */
export async function sendSoon(send: () => Promise<SendResult>, logged: (result: SendResult) => void): Promise<void> {
  let result = await send();
  logged(result);
  for (let round = 1; round < MAX_ROUNDS && soon(result); round++) {
    const due = result.outcome === 'retry' ? result.dueAt : Date.now();
    await new Promise((resolve) => setTimeout(resolve, Math.max(0, due - Date.now())));
    result = await send();
    logged(result);
  }
}
