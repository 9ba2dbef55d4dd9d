// The charts' history over an ingest restart, with a stand-in store: read once at start, before the
// feed is served, and written once on a graceful stop; a store that fails delays neither.
import type { PairHistory } from '@price-alerts/domain/prices';
import { afterEach, describe, expect, it, vi } from 'vitest';
import type { IngestService, IngestSinks } from './ingest.ts';
import { CandleBook } from '../shared/pairCandles.ts';
import { startOfflineIngest } from '../testing/testIngest.ts';

const HOUR = 3_600_000;
const T = Math.floor(Date.now() / HOUR) * HOUR - 5 * HOUR;
let service: IngestService | undefined;
afterEach(async () => {
  await service?.close();
  service = undefined;
});

/** A service whose upstream is nowhere: no tick but the test's. */
async function start(sinks: Partial<IngestSinks>) {
  const started = await startOfflineIngest(sinks, 'history-test');
  service = started.service;
  return started;
}

/** What an earlier ingest stored: BTC/USD at 100 five hours ago. */
function stored(): PairHistory[] {
  const book = new CandleBook();
  book.add({ pair: 'BTC/USD', symbol: 'BTCUSD', ask: 100, bid: 99, timestamp: T });
  return book.snapshot();
}

describe('the ingest service and the charts’ history', () => {
  it('has the stored history in its book once started, and writes it back with what it folded on close', async () => {
    const saveHistory = vi.fn(async (_history: PairHistory[]) => {});
    const { service: ingest } = await start({ loadHistory: async () => stored(), saveHistory });
    expect(ingest.relay.candles.candles('BTC/USD', 'ask', '1w')).toEqual([{ t: T, o: 100, h: 100, l: 100, c: 100 }]);
    ingest.relay.publish({ pair: 'BTC/USD', symbol: 'BTCUSD', ask: 110, bid: 109, timestamp: T + HOUR });
    await ingest.close();
    service = undefined;
    expect(saveHistory).toHaveBeenCalledTimes(1);
    const book = new CandleBook();
    for (const { pair, candles } of saveHistory.mock.lastCall?.[0] ?? []) book.merge(pair, candles);
    expect(book.candles('BTC/USD', 'ask', '1w').map((c) => c.c)).toEqual([100, 110]);
  });

  it('writes nothing when it holds no candle', async () => {
    const saveHistory = vi.fn(async () => {});
    const { service: ingest } = await start({ saveHistory });
    await ingest.close();
    service = undefined;
    expect(saveHistory).not.toHaveBeenCalled();
  });

  it('starts without the history, and says so, when the store cannot be read', async () => {
    const { service: ingest, log } = await start({
      loadHistory: async () => {
        throw new Error('unavailable');
      },
    });
    expect(ingest.relay.candles.snapshot()).toEqual([]);
    expect(log.lines.some((l) => l.message.includes('the charts start from the first ticks'))).toBe(true);
  });

  it('stops, and says so, when the history cannot be written', async () => {
    const { service: ingest, log } = await start({
      loadHistory: async () => stored(),
      saveHistory: async () => {
        throw new Error('unavailable');
      },
    });
    await ingest.close();
    service = undefined;
    expect(log.lines.some((l) => l.severity === 'error' && l.message.includes('Could not write'))).toBe(true);
  });
});
