// The soak's faults and its watch on the processes: a kill (SIGKILL, as a crash or an OOM would) of the
// ingest, a relay or a functions worker, Pub/Sub messages delivered a second time, and each process's
// resident memory, sampled.
import { execFileSync } from 'node:child_process';

export type Role = 'ingest' | 'relay' | 'functions worker';

/** Each process of the stack this soak watches, by what its command line runs. */
const ROLES: [string, RegExp][] = [
  ['ingest', /ingest-cli\.ts/],
  ['relay', /relay-cli\.ts/],
  ['relay balancer', /relay-balancer-cli\.ts/],
  ['simulator', /simulator-cli\.ts/],
  ['mail and webhook sinks', /sinks-cli/],
  ['functions worker', /functionsEmulatorRuntime/],
  ['Firestore emulator', /cloud-firestore-emulator/],
  ['Pub/Sub emulator', /pubsub-emulator/],
  ['emulator suite', /firebase(-tools)?\S*\s+emulators:start|firebase\.js emulators:start/],
];

export interface ProcessSample {
  role: string;
  pid: number;
  rssMb: number;
}

/** Every process of a role this soak knows, with its resident memory. tsx runs a script in a child, both are counted. */
export function processes(): ProcessSample[] {
  const out = execFileSync('ps', ['-eo', 'pid=,rss=,args='], { encoding: 'utf8' });
  const found: ProcessSample[] = [];
  for (const line of out.split('\n')) {
    const match = /^\s*(\d+)\s+(\d+)\s+(.*)$/.exec(line);
    if (!match) continue;
    const role = ROLES.find(([, pattern]) => pattern.test(match[3] ?? ''))?.[0];
    if (role && !/\bps\b -eo/.test(match[3] ?? ''))
      found.push({ role, pid: Number(match[1]), rssMb: Number(match[2]) / 1024 });
  }
  return found;
}

/** Kills one process of the role (the largest, which is the script under its tsx parent); undefined if none runs. */
export function kill(role: Role): number | undefined {
  const candidates = processes().filter((p) => p.role === role);
  const pick =
    role === 'functions worker'
      ? candidates[Math.floor(Math.random() * candidates.length)]
      : [...candidates].sort((a, b) => b.rssMb - a.rssMb)[0];
  if (!pick) return undefined;
  try {
    process.kill(pick.pid, 'SIGKILL');
    return pick.pid;
  } catch {
    return undefined;
  }
}

/** Memory over time: each sample keeps every watched process, so a curve per role and a verdict per process. */
export class MemoryCurve {
  readonly samples: { at: number; processes: ProcessSample[] }[] = [];

  sample(at: number): void {
    this.samples.push({ at, processes: processes() });
  }

  /** Per role, the sum of its processes at the first sample from each `stepMs` on. */
  curves(start: number, stepMs: number): { role: string; curve: number[] }[] {
    const roles = new Set(this.samples.flatMap((s) => s.processes.map((p) => p.role)));
    const last = this.samples.at(-1)?.at ?? start;
    return [...roles].map((role) => {
      const curve: number[] = [];
      for (let t = start; t <= last; t += stepMs) {
        const sample = this.samples.find((s) => s.at >= t);
        curve.push(Math.round(sample?.processes.filter((p) => p.role === role).reduce((a, p) => a + p.rssMb, 0) ?? 0));
      }
      return { role, curve };
    });
  }

  /**
   * Per process of these roles: its memory `warmMs` after it was first seen, and at its last sample. A
   * process judged must have lived `judgeMs` past its warm-up: one killed and restarted is a new process,
   * and its start is not growth.
   */
  lifetimes(roles: ReadonlySet<string>, warmMs: number, judgeMs: number) {
    const pids = new Map<number, { role: string; seen: { at: number; rssMb: number }[] }>();
    for (const s of this.samples)
      for (const p of s.processes.filter((q) => roles.has(q.role))) {
        const entry = pids.get(p.pid) ?? { role: p.role, seen: [] };
        entry.seen.push({ at: s.at, rssMb: p.rssMb });
        pids.set(p.pid, entry);
      }
    return [...pids].map(([pid, { role, seen }]) => {
      const first = seen[0]?.at ?? 0;
      const warm = seen.find((x) => x.at >= first + warmMs);
      const end = seen.at(-1);
      const judged = warm !== undefined && end !== undefined && end.at - warm.at >= judgeMs;
      return { pid, role, minutes: ((end?.at ?? first) - first) / 60_000, warm: warm?.rssMb, end: end?.rssMb, judged };
    });
  }
}

const PUBSUB = `http://${process.env.PUBSUB_EMULATOR_HOST ?? '127.0.0.1:8085'}/v1/projects`;

/**
 * Taps a topic with a subscription of its own and publishes a share of what it sees again, a few
 * seconds later, exactly as it was (data and attributes, so a signature still holds): a redelivery.
 */
export class Redeliverer {
  redelivered = 0;
  #stopped = false;

  constructor(
    readonly project: string,
    readonly topic: string,
    readonly share: number,
  ) {}

  async start(): Promise<void> {
    const sub = `${PUBSUB}/${this.project}/subscriptions/soak-redeliver-${Date.now()}`;
    const made = await fetch(sub, {
      method: 'PUT',
      headers: { 'content-type': 'application/json' },
      body: JSON.stringify({ topic: `projects/${this.project}/topics/${this.topic}` }),
    });
    if (!made.ok) throw new Error(`tapping ${this.topic}: ${made.status} ${await made.text()}`);
    void this.#loop(sub);
  }

  stop(): void {
    this.#stopped = true;
  }

  async #loop(sub: string): Promise<void> {
    type Pulled = { receivedMessages?: { ackId: string; message: { data: string; attributes?: object } }[] };
    while (!this.#stopped) {
      const res = await fetch(`${sub}:pull`, {
        method: 'POST',
        headers: { 'content-type': 'application/json' },
        body: JSON.stringify({ maxMessages: 100, returnImmediately: false }),
      }).catch(() => undefined);
      const pulled = res?.ok ? (((await res.json()) as Pulled).receivedMessages ?? []) : [];
      if (pulled.length === 0) {
        await new Promise((r) => setTimeout(r, 500));
        continue;
      }
      await fetch(`${sub}:acknowledge`, {
        method: 'POST',
        headers: { 'content-type': 'application/json' },
        body: JSON.stringify({ ackIds: pulled.map((m) => m.ackId) }),
      });
      for (const { message } of pulled) if (Math.random() < this.share) this.#later(message);
    }
  }

  #later(message: { data: string; attributes?: object }): void {
    setTimeout(
      () => {
        void fetch(`${PUBSUB}/${this.project}/topics/${this.topic}:publish`, {
          method: 'POST',
          headers: { 'content-type': 'application/json' },
          body: JSON.stringify({ messages: [{ data: message.data, attributes: message.attributes ?? {} }] }),
        }).then((r) => {
          if (r.ok) this.redelivered += 1;
        });
      },
      1_000 + Math.random() * 9_000,
    );
  }
}
