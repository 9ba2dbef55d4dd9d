// The charts' history between the ingest service and a relay, over real sockets: the feed's hello
// carries the ingest's candles, and a relay merges them into its own on every hello (its own opens and
// closes, the higher high and the lower low), so a new relay gets the history and one that kept running
// through an ingest restart keeps it. In turn the relay sends the ingest, once a connection, what of its
// own the hello lacked, so a restarted ingest has the history again for the relays that come after (against a
// stand-in ingest: relayService.feedCandles.test.ts).
import type { CurrencyPair } from '@price-alerts/domain/common';
import { type Candle } from '@price-alerts/domain/prices';
import { describe, expect, it } from 'vitest';
import {
  FEED_TEST_KEY,
  cleanupsAfterEach,
  hourly,
  hoursAgo,
  said,
  startRelay,
  weekOf,
} from '../testing/candleTests.ts';
import type { IngestService } from '../ingest/ingest.ts';
import { startTestIngest } from '../testing/testIngest.ts';
import { sleep } from '../testing/testRelay.ts';
import { Simulator } from '@price-alerts/stand-ins/simulator';

const KEY = FEED_TEST_KEY;
const cleanups = cleanupsAfterEach();

async function startSim() {
  // Ticks at subscribe and then rarely: the history is what the test folds.
  const sim = await Simulator.start({ apiKey: 'k', tickIntervalMs: 60_000 });
  cleanups.push(() => sim.close());
  return sim;
}

async function startIngest(upstreamUrl: string, history: [number, number][], port = 0) {
  const ingest = await startTestIngest(upstreamUrl, { port, feedKey: KEY });
  cleanups.push(() => ingest.close());
  fold(ingest, history);
  return ingest;
}

/** Folds XAU/USD ticks [ask, hours ago] into the ingest's book, as its upstream's ticks would be. */
function fold(ingest: IngestService, history: [number, number][], pair: CurrencyPair = 'XAU/USD') {
  for (const [ask, ago] of history)
    ingest.relay.candles.add({ pair, symbol: '', ask, bid: ask - 1, timestamp: hoursAgo(ago) + 60_000 });
}

/** The ingest's week of ask candles of XAU/USD, up to an hour ago (the live ticks come later). */
const ingestWeek = (ingest: IngestService) =>
  ingest.relay.candles.candles('XAU/USD', 'ask', '1w').filter((c) => c.t <= hoursAgo(1));

const candleOf = (ago: number, o: number, h: number, l: number, c: number): Candle => ({
  t: hoursAgo(ago),
  o,
  h,
  l,
  c,
});

describe('the charts’ history on the relay feed', () => {
  it('reaches a relay in the hello it connects with', async () => {
    const sim = await startSim();
    const ingest = await startIngest(sim.url(), [
      [2700, 50],
      [2710, 3],
      [2720, 2],
    ]);
    const relay = await startRelay(cleanups, ingest.port);
    await expect.poll(() => relay.connected, { timeout: 5_000 }).toBe(true);
    expect(await weekOf(relay)).toEqual([hourly(50, 2700), hourly(3, 2710), hourly(2, 2720)]);
  });

  it('is kept by a relay whose new ingest’s hello has less, with the wider of their highs and lows', async () => {
    const sim = await startSim();
    const first = await startIngest(sim.url(), [
      [2700, 5],
      [2710, 4],
      [2720, 3],
    ]);
    const port = first.port;
    const relay = await startRelay(cleanups, port);
    await expect.poll(() => relay.connected, { timeout: 5_000 }).toBe(true);
    await first.close();
    // A new ingest that holds less (it crashed; nothing was stored): an older hour, and another
    // price for an hour the relay holds.
    const second = await startIngest(
      sim.url(),
      [
        [2600, 9],
        [2715, 4],
      ],
      port,
    );
    await expect.poll(() => second.feed?.relayCount, { timeout: 5_000 }).toBe(1);
    await expect
      .poll(() => weekOf(relay), { timeout: 5_000 })
      .toEqual([hourly(9, 2600), hourly(5, 2700), candleOf(4, 2710, 2715, 2710, 2710), hourly(3, 2720)]);
  });

  it('is given back by a relay that kept running to an ingest that restarted, and reaches the relays after', async () => {
    const sim = await startSim();
    const first = await startIngest(sim.url(), [
      [2600, 9],
      [2700, 5],
      [2710, 4],
      [2720, 3],
    ]);
    const port = first.port;
    const kept = await startRelay(cleanups, port);
    await expect.poll(() => kept.connected, { timeout: 5_000 }).toBe(true);
    // It held nothing the first hello lacked: it sent nothing.
    expect(said(kept, 'Relay sent the ingest its candles')).toBe(0);
    await first.close();
    // The new ingest started from an older stored history (a redeploy's overlap, a crash): only the
    // ninth hour back, and its own first price in the fourth.
    const second = await startIngest(
      sim.url(),
      [
        [2600, 9],
        [2730, 4],
      ],
      port,
    );
    // The relay's hours fill the gaps, its low widens the fourth hour; the ingest's open and close stay.
    const full = [hourly(9, 2600), hourly(5, 2700), candleOf(4, 2730, 2730, 2710, 2730), hourly(3, 2720)];
    await expect.poll(() => ingestWeek(second), { timeout: 5_000 }).toEqual(full);
    expect(second.feed?.candlesMerged).toBe(1);
    expect(said(kept, 'Relay sent the ingest its candles')).toBe(1);

    const later = await startRelay(cleanups, port);
    await expect.poll(() => later.connected, { timeout: 5_000 }).toBe(true);
    expect(await weekOf(later)).toEqual(full);
    // The relay that kept running has the same hours, highs and lows, its own opens and closes.
    expect(await weekOf(kept)).toEqual([
      hourly(9, 2600),
      hourly(5, 2700),
      candleOf(4, 2710, 2730, 2710, 2710),
      hourly(3, 2720),
    ]);
    // Nothing loops: one hello each on this ingest, the one message merged, none sent by the new relay.
    await sleep(300);
    expect(second.feed?.candlesMerged).toBe(1);
    expect(said(kept, 'Relay connected to the ingest feed')).toBe(2);
    expect(said(later, 'Relay connected to the ingest feed')).toBe(1);
    expect(said(later, 'Relay sent the ingest its candles')).toBe(0);
    expect(second.feed?.badFrames).toBe(0);
  });
});
