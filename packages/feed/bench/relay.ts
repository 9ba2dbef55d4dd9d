// Relay fan-out benchmark: the ingest service and a simulator at 20 ticks/s per pair in one process,
// one or two relay processes fed by it, and N app clients (in this process) subscribed to the 4 top
// pairs, spread over the relays. Prints, per size, delivery latency (upstream tick to client receipt)
// p50/p99 and each relay process's CPU and memory. The clients share the machine's cores with the
// relays, so only every SAMPLE-th client parses what it gets (and measures); the rest receive and
// count frames, as a phone's socket would, at a fraction of the parsing cost.
// Run: npm run bench:relay [-- 1000 5000 10000] [--relays 2]
import { TOP_PAIRS } from '@price-alerts/domain/common';
import { encodeSubscribe, parseFeedFrame, relayProtocols, type FeedSession } from '@price-alerts/domain/prices';
import { spawn } from 'node:child_process';
import { once } from 'node:events';
import { join } from 'node:path';
import { createInterface } from 'node:readline';
import { WebSocket } from 'ws';

const args = process.argv.slice(2);
const relaysAt = args.indexOf('--relays');
const RELAYS = relaysAt >= 0 ? Number(args[relaysAt + 1]) : 1;
const sizes = args
  .filter((_, i) => relaysAt < 0 || (i !== relaysAt && i !== relaysAt + 1))
  .map(Number)
  .filter((n) => n > 0);
const MEASURE_MS = 10_000;
/** One client in this many parses and measures. */
const SAMPLE = 20;
const env = { ...process.env, BENCH_FEED_KEY: 'bench-relay-feed-key-0123456789' };

function start(file: string, ...argv: string[]) {
  const child = spawn(
    join(import.meta.dirname, '..', '..', '..', 'node_modules', '.bin', 'tsx'),
    [join(import.meta.dirname, file), ...argv],
    {
      stdio: ['pipe', 'pipe', 'inherit'],
      env,
    },
  );
  const lines = createInterface({ input: child.stdout });
  const next = async () => JSON.parse((await once(lines, 'line'))[0] as string) as Record<string, number>;
  return { child, next };
}

type Child = ReturnType<typeof start>;
const ask = async (p: Child, line: string) => {
  p.child.stdin.write(`${line}\n`);
  return p.next();
};

async function runOnce(clients: number) {
  const feed = start('relay-feed.ts');
  const { port: feedPort } = await feed.next();
  const relays = [];
  for (let r = 0; r < RELAYS; r++) relays.push(start('relay-server.ts', String(feedPort)));
  const ports = await Promise.all(relays.map(async (r) => (await r.next()).port as number));
  const latencies: number[] = [];
  let measuring = false;
  const sockets: WebSocket[] = [];
  let frames = 0;
  let failed = 0;
  const opened: Promise<void>[] = [];
  for (let i = 0; i < clients; i++) {
    const socket = new WebSocket(`ws://127.0.0.1:${ports[i % ports.length]}/prices`, relayProtocols(`bench-${i}`), {
      skipUTF8Validation: true,
    });
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
      if (measuring) frames += 1;
      if (i % SAMPLE !== 0 && session) return;
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
  await Promise.all(relays.map((r) => ask(r, 'mark')));
  measuring = true;
  await new Promise((r) => setTimeout(r, MEASURE_MS));
  measuring = false;
  const reports = await Promise.all(relays.map((r) => ask(r, 'report')));
  for (const s of sockets) s.terminate();
  for (const p of [...relays, feed]) p.child.stdin.write('exit\n');
  await Promise.all([...relays, feed].map((p) => once(p.child, 'exit')));
  latencies.sort((a, b) => a - b);
  const pct = (p: number) => latencies[Math.min(latencies.length - 1, Math.floor((p / 100) * latencies.length))] ?? NaN;
  const each = reports
    .map(
      (r) =>
        `CPU ${r.cpuPercent?.toFixed(0)}% of a core, RSS ${r.rssMiB?.toFixed(0)} MiB, ${r.clients} clients, ${r.skipped} skipped`,
    )
    .join('; ');
  console.log(
    `${clients} clients on ${RELAYS} relay${RELAYS > 1 ? 's' : ''}, ${TOP_PAIRS.length} pairs @ 20 ticks/s: ` +
      `${Math.round(frames / (MEASURE_MS / 1000)).toLocaleString('en-US')} frames/s delivered, ` +
      `latency p50 ${pct(50)} ms, p99 ${pct(99)} ms; ${each}`,
  );
}

for (const clients of sizes.length ? sizes : [1000, 5000]) await runOnce(clients);
