// One price relay for the relay benchmark, in a process of its own so its CPU can be measured alone:
// a RelayService fed by the ingest service's feed (relay-feed.ts) at the port given. Prints its port;
// 'mark' starts a measure, 'report' prints CPU (percent of a core since the mark), RSS, clients and
// ticks skipped for backpressure; 'exit' stops it.
import { recordingLogger } from '../src/shared/log.ts';
import { RelayService } from '../src/relay/relayService.ts';

const relay = await RelayService.start(
  {
    feedUrl: `ws://127.0.0.1:${process.argv[2]}/feed`,
    feedKey: process.env.BENCH_FEED_KEY ?? '',
    port: 0,
    host: '127.0.0.1',
    heartbeatMs: 10_000,
  },
  // Each simulated phone is a person of its own (its token names it): a relay holds few sockets of one account.
  async (token) => ({ uid: token, exp: Date.now() / 1000 + 3600 }),
  recordingLogger(),
);
while (!relay.connected) await new Promise((r) => setTimeout(r, 50));

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
      clients: relay.relay.clientCount,
      skipped: relay.relay.skippedForBackpressure,
    };
    process.stdout.write(`${JSON.stringify(report)}\n`);
  } else if (line.trim() === 'exit') {
    void relay.close().then(() => process.exit(0));
  }
});
process.stdout.write(`${JSON.stringify({ port: relay.port })}\n`);
