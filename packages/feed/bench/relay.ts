// Relay fan-out benchmark: N app clients subscribed to the 4 top pairs, the simulator at 20 ticks/s
// per pair; prints delivery latency (upstream tick to client receipt) p50/p99 and the relay
// process's CPU and memory. Run: npm run bench:relay [-- 1000 5000]
import { TOP_PAIRS, encodeSubscribe, parseFeedFrame, relayProtocols, type FeedSession } from '@price-alerts/domain';
import { spawn } from 'node:child_process';
import { once } from 'node:events';
import { join } from 'node:path';
import { createInterface } from 'node:readline';
import { WebSocket } from 'ws';

const sizes = process.argv
  .slice(2)
  .map(Number)
  .filter((n) => n > 0);
const MEASURE_MS = 10_000;

async function runOnce(clients: number) {
  const server = spawn(
    join(import.meta.dirname, '..', '..', '..', 'node_modules', '.bin', 'tsx'),
    [join(import.meta.dirname, 'relay-server.ts')],
    {
      stdio: ['pipe', 'pipe', 'inherit'],
    },
  );
  const lines = createInterface({ input: server.stdout });
  const nextLine = async () => JSON.parse((await once(lines, 'line'))[0] as string) as Record<string, number>;
  const { port } = await nextLine();
  const latencies: number[] = [];
  let measuring = false;
  const sockets: WebSocket[] = [];
  let failed = 0;
  const opened: Promise<void>[] = [];
  for (let i = 0; i < clients; i++) {
    const socket = new WebSocket(`ws://127.0.0.1:${port}/prices`, relayProtocols('bench'));
    opened.push(
      new Promise<void>((resolve) => {
        socket.once('open', () => resolve());
        socket.once('error', () => {
          failed += 1;
          resolve();
        });
      }),
    );
    let session: FeedSession | null = null;
    socket.on('message', (data) => {
      const now = Date.now();
      for (const m of parseFeedFrame(data.toString(), session)) {
        if (m.type === 'subscribed') session = m.session;
        else if (m.type === 'tick' && measuring) latencies.push(now - m.tick.timestamp);
      }
    });
    socket.on('open', () => socket.send(encodeSubscribe(TOP_PAIRS)));
    sockets.push(socket);
    // Connect in batches, as clients arrive in life: a burst of thousands would overflow the accept queue.
    if (i % 100 === 99) await Promise.all(opened.slice(-100));
  }
  await Promise.all(opened);
  if (failed) console.warn(`${failed} of ${clients} clients could not connect`);
  await new Promise((r) => setTimeout(r, 2_000));
  server.stdin.write('mark\n');
  await nextLine();
  measuring = true;
  await new Promise((r) => setTimeout(r, MEASURE_MS));
  measuring = false;
  server.stdin.write('report\n');
  const report = await nextLine();
  for (const s of sockets) s.terminate();
  server.stdin.write('exit\n');
  await once(server, 'exit');
  latencies.sort((a, b) => a - b);
  const pct = (p: number) => latencies[Math.min(latencies.length - 1, Math.floor((p / 100) * latencies.length))] ?? NaN;
  console.log(
    `relay fan-out: ${clients} clients x ${TOP_PAIRS.length} pairs @ 20 ticks/s: ` +
      `${Math.round(latencies.length / (MEASURE_MS / 1000)).toLocaleString('en-US')} ticks/s delivered, ` +
      `latency p50 ${pct(50)} ms, p99 ${pct(99)} ms; relay CPU ${report.cpuPercent?.toFixed(0)}% of a core, ` +
      `RSS ${report.rssMiB?.toFixed(0)} MiB, ${report.clients} clients connected, ticks skipped for backpressure ${report.skipped}`,
  );
}

for (const clients of sizes.length ? sizes : [1000, 5000]) await runOnce(clients);
