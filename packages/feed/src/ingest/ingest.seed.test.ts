// An ingest service starts each pair's moves from where its stored latest price stood, so a
// restart neither hides a move nor re-arms every fired every-time move alert.
import type { PriceDocument } from '@price-alerts/domain/store';
import { afterEach, describe, expect, it } from 'vitest';
import type { IngestService, IngestSinks } from './ingest.ts';
import { startOfflineIngest } from '../testing/testIngest.ts';

const T = Date.now();
let service: IngestService | undefined;
afterEach(async () => {
  await service?.close();
  service = undefined;
});

/** A service whose store holds `stored` and whose upstream is nowhere (no tick but the test's). */
async function start(sinks: Partial<IngestSinks>) {
  const started = await startOfflineIngest(sinks, 'seed-test');
  service = started.service;
  return started;
}

const stored: PriceDocument = {
  pair: 'BTC/USD',
  ask: 101,
  bid: 101,
  timestamp: T - 60_000,
  moves: { ask: { '15': { low: 100, lowAt: T - 120_000, high: 102, highAt: T - 90_000 } } },
};

describe('the ingest service after a restart', () => {
  it('measures the first tick from the stored lookback', async () => {
    const { service } = await start({ loadLatest: async () => [stored] });
    service.aggregator.add({ pair: 'BTC/USD', symbol: 'BTCUSD', ask: 101.5, bid: 101.5, timestamp: T });
    const [window] = service.aggregator.flush(T + 2_000);
    expect(window?.moves?.ask?.['15']?.up.last).toMatchObject({ price: 101.5, from: 100 });
    expect(window?.moves?.ask?.['15']?.down.last).toMatchObject({ from: 102 });
  });

  it('starts afresh, and says so, when the store cannot be read', async () => {
    const { service, log } = await start({
      loadLatest: async () => {
        throw new Error('unavailable');
      },
    });
    service.aggregator.add({ pair: 'BTC/USD', symbol: 'BTCUSD', ask: 101.5, bid: 101.5, timestamp: T });
    const [window] = service.aggregator.flush(T + 2_000);
    expect(window?.moves?.ask?.['15']?.up.last.from).toBe(101.5);
    expect(log.lines.some((l) => l.message.includes('moves start from the first ticks'))).toBe(true);
  });
});
