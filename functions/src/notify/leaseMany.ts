/**
 * The lease discipline of lease.ts for many documents at once (a spike's deliveries): claimed, then
 * their channels recorded and released, a transaction per page of documents instead of several per
 * document. Each document follows exactly the rules it would alone.
 */
import { type SendChannel } from '@price-alerts/domain/common';
import type { DocumentData, DocumentReference } from 'firebase-admin/firestore';
import { chunk } from '../lib/chunk';
import type { ChannelAttempt } from './channels';
import {
  CLEAR_LEASE,
  claimDecision,
  recordDecision,
  releaseDecision,
  type LeaseDeps,
  type Leased,
  type LeasedKind,
  type SendResult,
} from './lease';

/** Documents per transaction: each may write itself and a history event per channel, a few hundred writes in all. */
export const LEASE_PAGE = 100;

const clock = (deps: LeaseDeps) => (deps.now ?? Date.now)();

const pages = <T>(items: readonly T[]): T[][] => chunk(items, LEASE_PAGE);

/** Claims each of `refs` for `lease` (see claimDecision); returns those claimed, as they were read. */
export async function claimMany<D extends Leased>(
  deps: LeaseDeps,
  kind: LeasedKind<D>,
  refs: readonly DocumentReference[],
  lease: string,
): Promise<{ ref: DocumentReference; current: D }[]> {
  const claimed = await Promise.all(
    pages(refs).map((page) =>
      deps.db.runTransaction(async (tx) => {
        const now = clock(deps);
        const snapshots = await tx.getAll(...page);
        const out: { ref: DocumentReference; current: D }[] = [];
        for (const snapshot of snapshots) {
          const current = kind.parse(snapshot);
          const decision = claimDecision(kind, current, lease, now);
          if (decision.claim && current) {
            if (Object.keys(decision.update).length) tx.update(snapshot.ref, decision.update);
            out.push({ ref: snapshot.ref, current });
          } else if (!decision.claim && decision.clear) tx.update(snapshot.ref, CLEAR_LEASE);
        }
        return out;
      }),
    ),
  );
  return claimed.flat();
}

export interface Settled {
  ref: DocumentReference;
  attempts: Partial<Record<SendChannel, ChannelAttempt>>;
  /**
   * Channels to open (pending) where absent, keeping the lease: the caller goes on to send them (a
   * webhook, one request per firing) rather than releasing the document.
   */
  open?: SendChannel[];
}

/**
 * Records each document's channel attempts and releases it, as `record` then `release` would, in one
 * transaction per page; the histories hear of each channel made final (or made to wait) once.
 */
export async function settleMany<D extends Leased>(
  deps: LeaseDeps,
  kind: LeasedKind<D>,
  items: readonly Settled[],
  lease: string,
): Promise<SendResult[]> {
  const at = clock(deps);
  const results = await Promise.all(
    pages(items).map((page) =>
      deps.db.runTransaction(async (tx) => {
        const snapshots = await tx.getAll(...page.map((i) => i.ref));
        const plans = page.map((item, i) => {
          const current = kind.parse(snapshots[i] as (typeof snapshots)[number]);
          const told = Object.entries(item.attempts).flatMap(([channel, attempt]) => {
            const decision = recordDecision(current, lease, channel as SendChannel, attempt);
            return decision ? [{ channel: channel as SendChannel, attempt, ...decision }] : [];
          });
          return { item, current, told };
        });
        // The alerts whose histories hear of it, read before any write, as a transaction must.
        const wanted = plans.flatMap(({ current, told }) =>
          current
            ? told
                .filter((t) => t.firstFinal || t.firstWait)
                .flatMap((t) => kind.finalReads?.(current, t.channel) ?? [])
            : [],
        );
        const unique = [...new Map(wanted.map((r) => [r.path, r])).values()];
        const read = unique.length ? await tx.getAll(...unique) : [];
        const byPath = new Map(read.map((s) => [s.ref.path, s]));
        return plans.map(({ item, current, told }) => {
          if (!current) return { outcome: 'missing' } as const;
          const channels = { ...current.channels };
          const update: DocumentData = {};
          for (const t of told) {
            channels[t.channel] = t.attempt.state;
            update[`channels.${t.channel}`] = t.attempt.state;
            const reads = (kind.finalReads?.(current, t.channel) ?? []).flatMap((r) => byPath.get(r.path) ?? []);
            if (t.firstFinal) kind.onFinal?.(tx, current, t.channel, t.attempt, reads, at);
            if (t.firstWait) kind.onWait?.(tx, current, t.channel, reads, at);
          }
          const opened = (item.open ?? []).filter((c) => !channels[c]);
          for (const c of opened) update[`channels.${c}`] = { state: 'pending', attempts: 0 };
          const held = item.open?.length && current.lease?.owner === lease;
          const released = held
            ? undefined
            : releaseDecision({ ...current, channels }, lease, clock(deps), deps.random);
          Object.assign(update, released?.update ?? {});
          if (Object.keys(update).length) tx.update(item.ref, update);
          return released?.result ?? ({ outcome: 'busy' } as const);
        });
      }),
    ),
  );
  return results.flat();
}

/** Opens `channels` (pending) where absent, while `lease` holds the document: what `open` does alone. */
export async function openChannels(
  deps: LeaseDeps,
  ref: DocumentReference,
  lease: string,
  channels: readonly SendChannel[],
): Promise<void> {
  await deps.db.runTransaction(async (tx) => {
    const current = (await tx.get(ref)).data() as Leased | undefined;
    if (!current || current.lease?.owner !== lease) return;
    const opened = channels.filter((c) => !current.channels[c]);
    if (opened.length)
      tx.update(ref, Object.fromEntries(opened.map((c) => [`channels.${c}`, { state: 'pending', attempts: 0 }])));
  });
}
