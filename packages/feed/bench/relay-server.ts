// The relay side of the fan-out benchmark, in its own process so its CPU can be measured alone:
// a simulator upstream at 20 ticks/s per pair, and the ingest service with no-op sinks.
import { IngestService } from '../src/ingest.ts';
import { recordingLogger } from '../src/log.ts';
import { Simulator } from '../src/simulator.ts';

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
  },
  {
    publishIntervals: async () => {},
    saveLatest: async () => {},
    verifyToken: async () => ({ uid: 'bench', exp: Date.now() / 1000 + 3600 }),
  },
  recordingLogger(),
);

let mark = { cpu: process.cpuUsage(), at: process.hrtime.bigint() };
process.stdin.setEncoding('utf8');
process.stdin.on('data', (line: string) => {
  if (line.trim() === 'mark') {
    mark = { cpu: process.cpuUsage(), at: process.hrtime.bigint() };
    process.stdout.write('{"marked":true}\n');
  } else if (line.trim() === 'report') {
    const cpu = process.cpuUsage(mark.cpu);
    const seconds = Number(process.hrtime.bigint() - mark.at) / 1e9;
    const report = {
      cpuPercent: ((cpu.user + cpu.system) / 1e6 / seconds) * 100,
      rssMiB: process.memoryUsage().rss / 2 ** 20,
      clients: ingest.relay.clientCount,
      skipped: ingest.relay.skippedForBackpressure,
    };
    process.stdout.write(`${JSON.stringify(report)}\n`);
  } else if (line.trim() === 'exit') {
    void ingest
      .close()
      .then(() => sim.close())
      .then(() => process.exit(0));
  }
});
process.stdout.write(`${JSON.stringify({ port: ingest.port })}\n`);
