/**
 * Sending with a lease, for any document that keeps a state per channel (a delivery, a digest):
 * claim a lease in a transaction, try each pending channel, record each result at once, release with
 * the next due time. A sender that dies leaves a lease that expires; the sweeper (dueAt <= now) then
 * takes the document over. Each channel is sent at most once after success.
 */
import { type SendChannel } from '@price-alerts/domain/common';
import { DELIVERY_LEASE_MS, pendingChannels, retryDelayMs, type ChannelState } from '@price-alerts/domain/notify';
import {
  FieldValue,
  type DocumentData,
  type DocumentReference,
  type DocumentSnapshot,
  type Firestore,
  type Transaction,
} from 'firebase-admin/firestore';
import type { ChannelAttempt } from './channels';

/** What the lease discipline needs of a document. */
export interface Leased {
  channels: Partial<Record<SendChannel, ChannelState>>;
  lease?: { owner: string; until: number } | undefined;
  dueAt?: number | undefined;
}

export interface LeaseDeps {
  db: Firestore;
  now?: () => number;
  random?: () => number;
}

export type SendResult =
  | { outcome: 'missing' | 'done' | 'busy' }
  | { outcome: 'not-due' | 'retry'; dueAt: number }
  | { outcome: 'sent'; channels: Partial<Record<SendChannel, ChannelState>> };

export interface LeasedKind<D extends Leased> {
  parse(snapshot: DocumentSnapshot): D | undefined;
  /** Extra fields the claim writes (a digest closes itself to new items). */
  onClaim?(current: D, now: number): DocumentData;
  /** Documents the final-state transaction reads for `onFinal` (the alerts whose history it writes). */
  finalReads?(current: D, channel: SendChannel): DocumentReference[];
  /** In the transaction that makes a channel final for the first time: tell the alerts' histories. */
  onFinal?(
    tx: Transaction,
    current: D,
    channel: SendChannel,
    attempt: ChannelAttempt,
    reads: DocumentSnapshot[],
    at: number,
  ): void;
  /** In the transaction that first makes a channel wait (a webhook over its budget): tell the histories. */
  onWait?(tx: Transaction, current: D, channel: SendChannel, reads: DocumentSnapshot[], at: number): void;
}

const clock = (deps: LeaseDeps) => (deps.now ?? Date.now)();

/** What a claim finds: the document to send, or why not (writing `clear` when nothing is left). */
export type ClaimDecision =
  { claim: true; update: DocumentData } | { claim: false; result: SendResult; clear?: boolean };

/**
 * Whether `lease` may send `current` at `now`. Its own lease is claimable: an earlier run of the
 * claiming transaction committed, though the client was told it failed (a timeout under load) and
 * ran it again, or the document was born leased to it (a firing's own deliveries). The claim renews
 * the lease: the first may be nearly over, and the sweeper would take over while we send.
 */
export function claimDecision<D extends Leased>(
  kind: LeasedKind<D>,
  current: D | undefined,
  lease: string,
  now: number,
): ClaimDecision {
  if (!current) return { claim: false, result: { outcome: 'missing' } };
  if (pendingChannels(current).length === 0)
    // Nothing left to send: make sure the sweeper stops finding it.
    return { claim: false, result: { outcome: 'done' }, clear: current.dueAt !== undefined || !!current.lease };
  const own = current.lease?.owner === lease;
  if (!own && current.lease && current.lease.until > now) return { claim: false, result: { outcome: 'busy' } };
  if (!own && current.dueAt !== undefined && current.dueAt > now)
    return { claim: false, result: { outcome: 'not-due', dueAt: current.dueAt } };
  // Its own lease with a full term still ahead (a firing's, born with three minutes): nothing to write.
  if (own && current.lease && current.lease.until - now >= DELIVERY_LEASE_MS) return { claim: true, update: {} };
  const until = now + DELIVERY_LEASE_MS;
  return {
    claim: true,
    update: { ...(own ? {} : kind.onClaim?.(current, now)), lease: { owner: lease, until }, dueAt: until },
  };
}

export const CLEAR_LEASE = { lease: FieldValue.delete(), dueAt: FieldValue.delete() };

/** `lease` names this claim: unique per call, since one instance runs many sends at once. */
export async function claim<D extends Leased>(
  deps: LeaseDeps,
  kind: LeasedKind<D>,
  ref: DocumentReference,
  lease: string,
): Promise<SendResult | D> {
  return deps.db.runTransaction(async (tx) => {
    // Read on each run: a run repeated after a slow commit must not judge leases by the first's time.
    const current = kind.parse(await tx.get(ref));
    const decision = claimDecision(kind, current, lease, clock(deps));
    if (!decision.claim) {
      if (decision.clear) tx.update(ref, CLEAR_LEASE);
      return decision.result;
    }
    if (Object.keys(decision.update).length) tx.update(ref, decision.update);
    return current as D;
  });
}

/** Whether `attempt` is written over `current`'s channel (see record), and what it tells the history. */
export function recordDecision(
  current: Leased | undefined,
  lease: string,
  channel: SendChannel,
  attempt: ChannelAttempt,
): { firstFinal: boolean; firstWait: boolean } | undefined {
  // Sent, or handed to a digest (which now decides), is never written over.
  const state = current?.channels[channel]?.state;
  if (!current || state === 'sent' || state === 'held') return undefined;
  if (attempt.state.state !== 'sent' && current.lease?.owner !== lease) return undefined;
  const final = attempt.state.state !== 'pending';
  return {
    firstFinal: final && state === 'pending',
    firstWait: !final && attempt.state.overBudget === true && current.channels[channel]?.overBudget !== true,
  };
}

/**
 * Records one channel's result. A success already recorded is never overwritten. Anything but a
 * success is written only while this claim still holds the lease: a sender whose lease ran out and
 * was taken over must not write over the new holder's state. Its success is still recorded, so
 * nobody sends that channel again. When the channel leaves pending for a final state, the same
 * transaction runs `onFinal`, so what the history says is told at most once (and `onWait` when it
 * starts to wait for the budget, once per wait). A success that
 * arrives after another sender gave the channel up still becomes the state, with no second event.
 */
export async function record<D extends Leased>(
  deps: LeaseDeps,
  kind: LeasedKind<D>,
  ref: DocumentReference,
  lease: string,
  channel: SendChannel,
  attempt: ChannelAttempt,
): Promise<void> {
  const at = clock(deps);
  await deps.db.runTransaction(async (tx) => {
    const snapshot = await tx.get(ref);
    const current = kind.parse(snapshot);
    const decision = recordDecision(current, lease, channel, attempt);
    if (!current || !decision) return;
    const { firstFinal, firstWait } = decision;
    const refs = firstFinal || firstWait ? (kind.finalReads?.(current, channel) ?? []) : [];
    const reads = refs.length > 0 ? await tx.getAll(...refs) : [];
    tx.update(ref, { [`channels.${channel}`]: attempt.state });
    if (firstFinal) kind.onFinal?.(tx, current, channel, attempt, reads, at);
    if (firstWait) kind.onWait?.(tx, current, channel, reads, at);
  });
}

/** What releasing `current` writes and answers, once this claim's channels are recorded. */
export function releaseDecision<D extends Leased>(
  current: D | undefined,
  lease: string,
  now: number,
  random?: () => number,
): { result: SendResult; update?: DocumentData } {
  if (!current) return { result: { outcome: 'missing' } };
  const pending = pendingChannels(current);
  // Taken over (or finished) by another sender: its lease and due time are not ours to change.
  if (current.lease?.owner !== lease) return { result: { outcome: 'busy' } };
  if (pending.length === 0) return { result: { outcome: 'sent', channels: current.channels }, update: CLEAR_LEASE };
  // A channel held until a time (a webhook in quiet hours) is due then, not at the next retry.
  const waiting = pending.filter((c) => (current.channels[c]?.notBefore ?? 0) > now);
  const retrying = pending.filter((c) => !waiting.includes(c));
  const attempts = Math.max(0, ...retrying.map((c) => current.channels[c]?.attempts ?? 0));
  const dueAt = Math.min(
    ...(retrying.length ? [now + retryDelayMs(attempts, random)] : []),
    ...waiting.map((c) => current.channels[c]?.notBefore ?? now),
  );
  return { result: { outcome: 'retry', dueAt }, update: { lease: FieldValue.delete(), dueAt } };
}

export async function release<D extends Leased>(
  deps: LeaseDeps,
  kind: LeasedKind<D>,
  ref: DocumentReference,
  lease: string,
): Promise<SendResult> {
  const now = clock(deps);
  return deps.db.runTransaction(async (tx) => {
    const { result, update } = releaseDecision(kind.parse(await tx.get(ref)), lease, now, deps.random);
    if (update) tx.update(ref, update);
    return result;
  });
}
