/**
 * The charts' history over an ingest restart: each pair's candles are written to priceHistory/{symbol}
 * once, on a graceful stop (SIGTERM: a redeploy, Cloud Run's notice, Ctrl-C locally), and read back
 * once at the next start, before any relay is served. That is 15 writes a stop and 15 reads a start,
 * and nothing on a timer. What the stored history lacks (the new revision of a redeploy reads it before
 * the old one writes; a crash writes nothing) comes back from the relays that kept running: each sends
 * the ingest what of its own candles the hello lacked as it reconnects (relayService.ts, feedHub.ts).
 */
import type { PairHistory } from '@price-alerts/domain/prices';
import type { Logger } from '../shared/log.ts';
import type { CandleBook } from '../shared/pairCandles.ts';

/** A start waits this long for the store, then serves without the history rather than not at all. */
const LOAD_MS = 10_000;
/**
 * A stop waits this long for the write: within the 10 s Cloud Run gives after SIGTERM, and the 5 s the
 * local supervisor gives before it kills.
 */
const SAVE_MS = 4_000;

function within<T>(work: Promise<T>, ms: number): Promise<T> {
  let timer: NodeJS.Timeout | undefined;
  const timeout = new Promise<never>((_, fail) => {
    timer = setTimeout(() => fail(new Error(`no answer in ${ms / 1000} s`)), ms);
  });
  return Promise.race([work, timeout]).finally(() => clearTimeout(timer));
}

/** Merges the stored history into `book`; a store that cannot be read is logged, and the charts start afresh. */
export async function loadHistory(
  load: (() => Promise<PairHistory[]>) | undefined,
  book: CandleBook,
  log: Logger,
): Promise<void> {
  if (!load) return;
  try {
    const stored = await within(load(), LOAD_MS);
    for (const { pair, candles } of stored) book.merge(pair, candles);
    log.info('Read the charts’ history', { pairs: stored.length });
  } catch (error) {
    log.warn('Could not read the charts’ history; the charts start from the first ticks', { error: String(error) });
  }
}

/** Writes `book`; never throws, so a failed write delays no stop. */
export async function saveHistory(
  save: ((history: PairHistory[]) => Promise<void>) | undefined,
  book: CandleBook,
  log: Logger,
): Promise<void> {
  const history = book.snapshot();
  if (!save || history.length === 0) return;
  try {
    await within(save(history), SAVE_MS);
    log.info('Wrote the charts’ history', { pairs: history.length });
  } catch (error) {
    log.error('Could not write the charts’ history; the next start has what was written last', {
      error: String(error),
    });
  }
}
