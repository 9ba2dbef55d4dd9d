// The upstream side of the relay benchmark, in a process of its own: a simulator at 20 ticks/s per
// pair and the ingest service serving the relays' feed, with no-op sinks. Prints its port, then
// stops on 'exit'.
import { IngestService } from '../src/ingest/ingest.ts';
import { recordingLogger } from '../src/shared/log.ts';
import { Simulator } from '@price-alerts/stand-ins/simulator';

// The key comes from the benchmark, which hands it to the relays too.
const feedKey = process.env.BENCH_FEED_KEY ?? '';

const sim = await Simulator.start({ apiKey: 'bench', tickIntervalMs: 50, heartbeatMs: 5_000 });
const ingest = await IngestService.start(
  {
    upstreamUrl: sim.url(),
    port: 0,
    host: '127.0.0.1',
    windowMs: 1_000,
    silentMs: 30_000,
    initialBackoffMs: 100,
    maxBackoffMs: 1_000,
    relayHeartbeatMs: 10_000,
    source: 'bench',
    feedKey,
  },
  {
    publishIntervals: async () => {},
    saveLatest: async () => {},
    verifyToken: async (token) => ({ uid: token, exp: Date.now() / 1000 + 3600 }),
  },
  recordingLogger(),
);
process.stdin.setEncoding('utf8');
process.stdin.on('data', (line: string) => {
  if (line.trim() === 'exit')
    void ingest
      .close()
      .then(() => sim.close())
      .then(() => process.exit(0));
});
process.stdout.write(`${JSON.stringify({ port: ingest.port })}\n`);
