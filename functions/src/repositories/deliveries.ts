/** Repository for deliveries/{userId}__{alertId}__{firedAtMs}: server-only notification state. */
import { dateMillis } from '@price-alerts/domain/common';
import { deliveryId, deliverySchema, type Delivery } from '@price-alerts/domain/notify';
import { DUE_DELIVERIES_QUERY } from '@price-alerts/domain/store';
import type { DocumentReference, Firestore, Transaction, WriteBatch } from 'firebase-admin/firestore';
import { AsyncLocalStorage } from 'node:async_hooks';
import { buildQuery } from './query';

export function deliveryRef(db: Firestore, userId: string, alertId: string, firedAtMs: number): DocumentReference {
  return deliveryRefById(db, deliveryId(userId, alertId, firedAtMs));
}

export function deliveryRefById(db: Firestore, id: string): DocumentReference {
  return db.collection('deliveries').doc(id);
}

/** Ids of open deliveries whose next look is due: retries, expired leases, orphans of a dead sender. */
export async function dueDeliveries(db: Firestore, now: number): Promise<string[]> {
  const snapshot = await buildQuery(db, DUE_DELIVERIES_QUERY, [now]).get();
  return snapshot.docs.map((d) => d.id);
}

/**
 * The deliveries a run creates (an evaluation, the expiry run), born leased to that run's sender so
 * that it sends them itself, in batches, as its firing goes on: no invocation per delivery, and
 * the sweeper leaves them alone meanwhile. What the run leaves unsent, the sweeper sends once the
 * lease ends. Kept in the run's async context, so the firing code needs no sender of its own.
 */
interface Outbox {
  lease: string;
  created: Set<string>;
  /** Per writer (a batch, a transaction), the ids it queued and has not committed yet. */
  queued: WeakMap<object, string[]>;
  onCommitted?: ((ids: readonly string[]) => void) | undefined;
}
const outboxes = new AsyncLocalStorage<Outbox>();

/**
 * How long a delivery is born leased: time for the run to fire the rest and reach it (a spike's
 * firing takes seconds); the sender's claim renews it for each page it sends.
 */
export const OUTBOX_LEASE_MS = 180_000;

/** What a run that threw had created: its caller sends those before it gives the error up. */
export class OutboxRunFailed extends Error {
  constructor(
    readonly error: unknown,
    readonly created: string[],
  ) {
    super(error instanceof Error ? error.message : String(error));
  }
}

/**
 * Runs `run` with an outbox leased as `lease`; returns what it returned and the ids it created, or
 * throws OutboxRunFailed with the error and the ids created before it. `onCommitted` hears of the
 * ids a writer committed, when the firing code says so (`outboxCommitted`); the rest are known
 * only at the end.
 */
export async function withOutbox<T>(
  lease: string,
  run: () => Promise<T>,
  onCommitted?: (ids: readonly string[]) => void,
): Promise<{ result: T; created: string[] }> {
  const box: Outbox = { lease, created: new Set(), queued: new WeakMap(), onCommitted };
  try {
    const result = await outboxes.run(box, run);
    return { result, created: [...box.created] };
  } catch (error) {
    throw new OutboxRunFailed(error, [...box.created]);
  }
}

/**
 * Creates the delivery inside the transaction that fires the alert, under an id of that firing.
 * `create` fails if it exists: a replay of the same firing never queues a second notification.
 * Within an outbox it is leased to the outbox's sender. An id noted by an attempt of a transaction
 * that then fails is missing when sent, or, when a concurrent run fired the alert, that run's own
 * (leased to it, so this one skips it).
 */
export function createDelivery(tx: Transaction | WriteBatch, db: Firestore, delivery: Delivery): DocumentReference {
  const parsed = deliverySchema.parse(delivery);
  const ref = deliveryRef(db, parsed.userId, parsed.alertId, dateMillis(parsed.triggeredAt));
  const box = outboxes.getStore();
  if (box && parsed.dueAt !== undefined) {
    const until = Date.now() + OUTBOX_LEASE_MS;
    (tx as WriteBatch).create(ref, { ...parsed, lease: { owner: box.lease, until }, dueAt: until });
    box.created.add(ref.id);
    const queued = box.queued.get(tx) ?? [];
    box.queued.set(tx, queued);
    queued.push(ref.id);
  } else (tx as WriteBatch).create(ref, parsed);
  return ref;
}

/** A transaction's attempt begins: what an earlier attempt of it queued was never committed. */
export function outboxAttempt(writer: Transaction | WriteBatch): void {
  outboxes.getStore()?.queued.delete(writer);
}

/** `writer` committed: the run's outbox may send what it created at once. */
export function outboxCommitted(writer: Transaction | WriteBatch): void {
  const box = outboxes.getStore();
  const ids = box?.queued.get(writer);
  if (!box || !ids) return;
  box.queued.delete(writer);
  box.onCommitted?.(ids);
}
