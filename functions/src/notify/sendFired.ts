import { OutboxRunFailed, withOutbox } from '../repositories/deliveries';
import * as logs from '../logs';
import { newLease, type SenderDeps } from './sender';
import { sendMany } from './sendMany';
import { WAIT_FOR_RETRY_MS } from './sendSoon';

const TRIES = 3;

/**
 * How long what fired waits for more of the same run before it is sent: a user's firings committed
 * within it are told in one notice, and a spike's first notices leave while the rest still fires.
 */
export const FLUSH_MS = 2_000;

/**
 * Runs `fire` (an evaluation, the expiry run) with an outbox: the deliveries it creates are leased
 * to this invocation, which sends them itself, grouped by user and batched per provider: at the end
 * of a short run, and every FLUSH_MS while a long one (a spike) goes on. A retry due within seconds
 * (a provider's blip, a 429) is waited for and made here, still in batches: three tries in all, then
 * the sweeper. If the invocation dies first, the sweeper sends what is left when the lease ends; a
 * redelivered message finds the alerts fired and creates nothing.
 */
export async function sendFired<T>(deps: SenderDeps, fire: () => Promise<T>): Promise<T> {
  const lease = newLease(deps);
  const outbox = new Flusher(deps, lease);
  try {
    const { result, created } = await withOutbox(lease, fire, (ids) => outbox.add(ids));
    await outbox.finish(created);
    return result;
  } catch (error) {
    // What fired before the failure is sent now, not a lease later; the run's error still stands.
    await outbox.finish(error instanceof OutboxRunFailed ? error.created : []);
    throw error instanceof OutboxRunFailed ? error.error : error;
  }
}

/**
 * Sends a run's deliveries as their firings commit, one flush at a time, FLUSH_MS after the first
 * of each; at the end, whatever the run created and no flush took (firing code that does not report
 * its commits, the expiry run's, say). One that never committed is found missing and skipped.
 */
class Flusher {
  private readonly waiting: string[] = [];
  private readonly handed = new Set<string>();
  private timer: NodeJS.Timeout | undefined;
  private flushing: Promise<void> = Promise.resolve();
  private readonly retrying: Promise<void>[] = [];

  constructor(
    private readonly deps: SenderDeps,
    private readonly lease: string,
  ) {}

  add(ids: readonly string[]): void {
    for (const id of ids) if (!this.handed.has(id)) this.hand(id);
    this.timer ??= setTimeout(() => void this.flush(), FLUSH_MS);
  }

  async finish(created: readonly string[]): Promise<void> {
    for (const id of created) if (!this.handed.has(id)) this.hand(id);
    await this.flush();
    await Promise.all(this.retrying);
  }

  private hand(id: string): void {
    this.handed.add(id);
    this.waiting.push(id);
  }

  private flush(): Promise<void> {
    clearTimeout(this.timer);
    this.timer = undefined;
    const ids = this.waiting.splice(0);
    this.flushing = this.flushing.then(() => this.send(ids));
    return this.flushing;
  }

  /** Never throws: what the run did stands, and the sweeper sends what is left. */
  private async send(ids: string[]): Promise<void> {
    if (ids.length === 0) return;
    try {
      const sent = await sendMany(this.deps, ids, this.lease);
      logs.firedSent(sent.batched, sent.alone);
      // Retries wait apart, so that they hold back no later flush.
      if (sent.retries.length) this.retrying.push(this.retry(sent.retries));
    } catch (error) {
      logs.firedSendFailed(ids.length, error);
    }
  }

  private async retry(first: Awaited<ReturnType<typeof sendMany>>['retries']): Promise<void> {
    let retries = first;
    try {
      for (let tries = 1; tries < TRIES; tries++) {
        const soon = retries.flatMap(({ id, result: r }) =>
          r.outcome === 'retry' && r.dueAt - Date.now() <= WAIT_FOR_RETRY_MS ? [{ id, dueAt: r.dueAt }] : [],
        );
        if (soon.length === 0) return;
        const wait = Math.max(...soon.map((s) => s.dueAt)) - Date.now();
        await new Promise((resolve) => setTimeout(resolve, Math.max(0, wait)));
        const sent = await sendMany(
          this.deps,
          soon.map((s) => s.id),
          newLease(this.deps),
        );
        logs.firedSent(sent.batched, sent.alone);
        retries = sent.retries;
      }
    } catch (error) {
      logs.firedSendFailed(retries.length, error);
    }
  }
}
