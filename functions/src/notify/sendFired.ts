import { OutboxRunFailed, withOutbox } from '../repositories/deliveries';
import * as logs from '../logs';
import { newLease, type SenderDeps } from './sender';
import { sendMany } from './sendMany';
import { WAIT_FOR_RETRY_MS } from './sendSoon';

const TRIES = 3;

/**
 * Runs `fire` (an evaluation, the expiry run) with an outbox: the deliveries it creates are leased
 * to this invocation, which sends them at once, grouped by user and batched per provider. A retry
 * due within seconds (a provider's blip, a 429) is waited for and made here, still in batches: three
 * tries in all, then the sweeper. If the invocation dies first, the sweeper sends what is left when
 * the lease ends; a redelivered message finds the alerts fired and creates nothing.
 */
export async function sendFired<T>(deps: SenderDeps, fire: () => Promise<T>): Promise<T> {
  const lease = newLease(deps);
  let outcome: { result: T; created: string[] };
  try {
    outcome = await withOutbox(lease, fire);
  } catch (error) {
    // What fired before the failure is sent now, not a lease later; the run's error still stands.
    if (!(error instanceof OutboxRunFailed)) throw error;
    await send(deps, error.created, lease);
    throw error.error;
  }
  await send(deps, outcome.created, lease);
  return outcome.result;
}

/** Sends `created`; a failure is logged, not thrown: what the run did stands, and the sweeper sends the rest. */
async function send(deps: SenderDeps, created: readonly string[], lease: string): Promise<void> {
  if (created.length === 0) return;
  try {
    await sendAndRetry(deps, created, lease);
  } catch (error) {
    logs.firedSendFailed(created.length, error);
  }
}

async function sendAndRetry(deps: SenderDeps, created: readonly string[], lease: string): Promise<void> {
  let sent = await sendMany(deps, created, lease);
  logs.firedSent(sent.batched, sent.alone);
  for (let tries = 1; tries < TRIES; tries++) {
    const soon = sent.retries.flatMap(({ id, result: r }) =>
      r.outcome === 'retry' && r.dueAt - Date.now() <= WAIT_FOR_RETRY_MS ? [{ id, dueAt: r.dueAt }] : [],
    );
    if (soon.length === 0) break;
    const wait = Math.max(...soon.map((s) => s.dueAt)) - Date.now();
    await new Promise((resolve) => setTimeout(resolve, Math.max(0, wait)));
    sent = await sendMany(
      deps,
      soon.map((s) => s.id),
      newLease(deps),
    );
  }
}
