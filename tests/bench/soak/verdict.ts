// The soak's end: waits until nothing is left to fire or send, then counts what happened to each alert
// and prints the verdict, the counts and the memory curve.
import type { Firestore } from 'firebase-admin/firestore';
import type { MemoryCurve, Role } from './chaos';
import { pushesByAlert, type Arrivals, type AppSocket } from './observe';
import type { Churn, Person, Sentinel } from './world';

const sleep = (ms: number) => new Promise((r) => setTimeout(r, ms));
const SETTLE_MS = 8 * 60_000;

/** Waits until no sentinel is active and no delivery is open, twice in a row; false after SETTLE_MS. */
export async function settle(
  db: Firestore,
  sentinels: readonly Sentinel[],
  arrivals: Arrivals,
  log: (line: string) => void,
): Promise<boolean> {
  const until = Date.now() + SETTLE_MS;
  let quiet = 0;
  while (Date.now() < until) {
    const open = (await db.collection('deliveries').where('dueAt', '>=', 0).count().get()).data().count;
    let active = 0;
    for (let i = 0; i < sentinels.length; i += 100) {
      const refs = sentinels.slice(i, i + 100).map((s) => db.doc(`users/${s.uid}/alerts/${s.id}`));
      active += (await db.getAll(...refs)).filter((d) => d.get('status') === 'active').length;
    }
    quiet = open === 0 && active === 0 ? quiet + 1 : 0;
    if (quiet >= 2) break;
    log(`${active} sentinels not fired yet, ${open} deliveries open`);
    await sleep(15_000);
  }
  await arrivals.stop();
  return quiet >= 2;
}

interface Report {
  db: Firestore;
  people: readonly Person[];
  sentinels: readonly Sentinel[];
  churn: Churn;
  arrivals: Arrivals;
  kills: { at: number; role: Role; pid: number | undefined }[];
  redelivered: number;
  sockets: readonly AppSocket[];
  memory: MemoryCurve;
  started: number;
  minutes: number;
  settled: boolean;
}

/** Prints everything; answers whether anything was lost, doubled or grew. */
export async function report(r: Report): Promise<boolean> {
  const { db, arrivals } = r;
  const deliveries = new Map<string, number>();
  for (const d of (await db.collection('deliveries').select('alertId').get()).docs) {
    const id = String(d.get('alertId'));
    deliveries.set(id, (deliveries.get(id) ?? 0) + 1);
  }
  const pushes = await pushesByAlert(
    db,
    r.people.map((p) => p.uid),
  );
  const problems: string[] = [];
  const tally = { fired: 0, never: 0, twice: 0, email: 0, push: 0, webhook: 0, webhooks: 0 };
  for (const s of r.sentinels) {
    const fired = (
      await db.collection(`users/${s.uid}/alerts/${s.id}/history`).where('type', '==', 'fired').count().get()
    ).data().count;
    const n = deliveries.get(s.id) ?? 0;
    if (fired === 1 && n === 1) tally.fired += 1;
    else if (fired === 0 && n === 0) tally.never += 1;
    else tally.twice += 1;
    if (fired !== 1 || n !== 1)
      problems.push(`${s.id} (${s.pair} ${s.type} ${s.level}): fired ${fired}, ${n} deliveries`);
    const channels = { email: arrivals.emails.get(s.id) ?? 0, push: pushes.get(s.id) ?? 0 };
    const hooks = arrivals.webhooks.get(s.id) ?? 0;
    if (channels.email === 1) tally.email += 1;
    if (channels.push === 1) tally.push += 1;
    if (s.webhook) tally.webhooks += 1;
    if (s.webhook && hooks === 1) tally.webhook += 1;
    if (channels.email !== 1 || channels.push !== 1 || hooks !== (s.webhook ? 1 : 0))
      problems.push(`${s.id}: ${channels.email} emails, ${channels.push} pushes, ${hooks} webhooks`);
  }
  const lost = { edits: 0, deletes: 0, pauses: 0, doubled: 0 };
  const churned = [...r.churn.alerts.values()];
  for (let i = 0; i < churned.length; i += 100) {
    const slice = churned.slice(i, i + 100);
    const docs = await db.getAll(...slice.map((a) => db.doc(`users/${a.uid}/alerts/${a.id}`)));
    slice.forEach((a, k) => {
      const doc = docs[k];
      const told = [arrivals.emails.get(a.id) ?? 0, pushes.get(a.id) ?? 0, arrivals.webhooks.get(a.id) ?? 0];
      if ((deliveries.get(a.id) ?? 0) > 1 || told.some((c) => c > 1)) {
        lost.doubled += 1;
        problems.push(`${a.id}: ${deliveries.get(a.id) ?? 0} deliveries, told ${told.join('/')} (email/push/webhook)`);
      }
      if (a.deleted) {
        if (doc?.exists) {
          lost.deletes += 1;
          problems.push(`${a.id}: deleted, but stored again`);
        }
        return;
      }
      if (!doc?.exists) {
        lost.edits += 1;
        problems.push(`${a.id}: lost`);
        return;
      }
      if (doc.get('note') !== a.note || doc.get('triggerPrice') !== a.level) {
        lost.edits += 1;
        problems.push(
          `${a.id}: holds ${doc.get('note')} at ${doc.get('triggerPrice')}, was set to ${a.note} at ${a.level}`,
        );
      }
      if (a.paused !== (doc.get('status') === 'paused')) {
        lost.pauses += 1;
        problems.push(`${a.id}: ${a.paused ? 'paused' : 'resumed'}, now ${doc.get('status')}`);
      }
    });
  }
  const warmMs = Math.min(5 * 60_000, (r.minutes * 60_000) / 6);
  const ours = new Set(['ingest', 'relay', 'relay balancer', 'simulator', 'mail and webhook sinks']);
  const lives = r.memory.lifetimes(ours, warmMs, (r.minutes * 60_000) / 2);
  for (const l of lives.filter((x) => x.judged && (x.end ?? 0) > (x.warm ?? 0) * 1.1))
    problems.push(
      `${l.role} (pid ${l.pid}): ${l.warm?.toFixed(0)} MB after warm-up, ${l.end?.toFixed(0)} MB at the end`,
    );
  const silent = r.sockets.filter((s) => s.frames === 0).length;
  if (silent) problems.push(`${silent} app sockets never got a frame`);
  const killed = (role: Role) => r.kills.filter((k) => k.role === role && k.pid).length;
  console.log('\n=== soak');
  console.log(`${r.minutes} min, ${r.people.length} people; settled: ${r.settled ? 'yes' : 'NO (timed out)'}`);
  console.log(
    `faults: killed the ingest ${killed('ingest')} times, a relay ${killed('relay')}, a functions worker ` +
      `${killed('functions worker')}; ${r.redelivered} Pub/Sub messages delivered again`,
  );
  console.log(
    `sentinels: ${r.sentinels.length}; fired exactly once ${tally.fired}, never ${tally.never}, otherwise ${tally.twice}`,
  );
  console.log(
    `  told exactly once: email ${tally.email}/${r.sentinels.length}, push ${tally.push}/${r.sentinels.length}, ` +
      `webhook ${tally.webhook}/${tally.webhooks}`,
  );
  const ops = Object.entries(r.churn.ops)
    .map(([op, n]) => `${op} ${n}`)
    .join(', ');
  console.log(`churn: ${churned.length} alerts; ${ops}`);
  console.log(
    `  lost edits ${lost.edits}, deletions undone ${lost.deletes}, pauses or resumes undone ${lost.pauses}, told twice ${lost.doubled}`,
  );
  const frames = r.sockets.reduce((sum, s) => sum + s.frames, 0);
  const reconnects = r.sockets.reduce((sum, s) => sum + s.reconnects, 0);
  console.log(`app sockets: ${r.sockets.length}, ${frames} frames, ${reconnects} reconnects`);
  console.log('memory (MB, RSS summed per role, a value every 5 min):');
  for (const c of r.memory.curves(r.started, 5 * 60_000)) console.log(`  ${c.role.padEnd(24)} ${c.curve.join(' ')}`);
  console.log(`each process of ours, from ${(warmMs / 60_000).toFixed(1)} min after it started to the end:`);
  for (const l of lives) {
    const growth = l.warm && l.end ? `${(((l.end - l.warm) / l.warm) * 100).toFixed(0)}%` : '-';
    const how = l.judged ? `${l.warm?.toFixed(0)} -> ${l.end?.toFixed(0)} MB (${growth})` : 'not judged';
    console.log(`  ${`${l.role} ${l.pid}`.padEnd(30)} lived ${l.minutes.toFixed(1).padStart(5)} min  ${how}`);
  }
  console.log(problems.length ? `problems (${problems.length}):` : 'nothing lost, nothing doubled, no memory growth');
  for (const p of problems.slice(0, 40)) console.log(`  ${p}`);
  return problems.length > 0 || !r.settled;
}
