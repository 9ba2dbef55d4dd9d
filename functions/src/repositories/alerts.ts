/** Repository for alerts across users (collection group), as the evaluator reads them. */
import { type AlertType, type CurrencyPair, type PriceSide } from '@price-alerts/domain/common';
import {
  ARM_DUE_QUERY,
  EVALUATOR_ALERTS_QUERY,
  REARM_ABOVE_QUERY,
  REARM_BELOW_QUERY,
  alertDocumentSchema,
  anyAlertDocumentSchema,
  type LevelAlert as Alert,
  type AnyAlertDocument,
} from '@price-alerts/domain/store';
import type { ZodMiniType } from 'zod/mini';
import type { Firestore, QuerySnapshot, QueryDocumentSnapshot, Timestamp } from 'firebase-admin/firestore';
import { parseDoc } from './parse';
import { buildQuery } from './query';

export interface PriceRange {
  pair: CurrencyPair;
  alertType: AlertType;
  side: PriceSide;
  /** Inclusive bounds; an open side is left out of the query. */
  min?: number;
  max?: number;
}

export interface Page<T> {
  /** Each with its path and the time it was last written (a firing's precondition). */
  alerts: (T & { id: string; path: string; updateTime: Timestamp })[];
  /** Documents the query read (invalid ones included): what Firestore bills. */
  read: number;
  /** Pass back to read the next page; undefined on the last one. */
  next?: QueryDocumentSnapshot;
}

export interface AlertPage {
  alerts: (Alert & { path: string; updateTime: Timestamp })[];
  /** Documents the query read (invalid ones included): what Firestore bills. */
  read: number;
  /** Pass back to read the next page; undefined on the last one. */
  next?: QueryDocumentSnapshot;
}

/** One page of armed active alerts of a pair, type and side with a trigger price in range, lowest first. */
export async function findActiveInRange(
  db: Firestore,
  range: PriceRange,
  pageSize: number,
  after?: QueryDocumentSnapshot,
): Promise<AlertPage> {
  const query = buildQuery(
    db,
    EVALUATOR_ALERTS_QUERY,
    [range.pair, range.alertType, range.side, 'active', true, range.min, range.max],
    { limit: pageSize, startAfter: after },
  );
  return pageOf(await query.get(), pageSize);
}

/** A page of documents read through `schema`: those it refuses are logged and left out, but billed. */
export function pageOf<T extends object>(
  snapshot: QuerySnapshot,
  pageSize: number,
  schema: ZodMiniType<T> = alertDocumentSchema as unknown as ZodMiniType<T>,
): Page<T> {
  const alerts = snapshot.docs
    .map((d) => {
      const alert = parseDoc(schema, d);
      return alert && { ...alert, path: d.ref.path, updateTime: d.updateTime };
    })
    .filter((a) => a !== undefined);
  return { alerts, read: snapshot.size, ...(snapshot.size === pageSize ? { next: snapshot.docs.at(-1) } : {}) };
}

/** Every-time alerts of a pair and side waiting to re-arm that a fall to `low` or a rise to `high` reaches. */
export async function findRearmable(
  db: Firestore,
  range: { pair: CurrencyPair; side: PriceSide; low: number; high: number },
  direction: 'below' | 'above',
  pageSize: number,
  after?: QueryDocumentSnapshot,
): Promise<AlertPage> {
  const query =
    direction === 'below'
      ? buildQuery(db, REARM_BELOW_QUERY, [range.pair, range.side, 'active', false, range.low], {
          limit: pageSize,
          startAfter: after,
        })
      : buildQuery(db, REARM_ABOVE_QUERY, [range.pair, range.side, 'active', false, range.high], {
          limit: pageSize,
          startAfter: after,
        });
  return pageOf(await query.get(), pageSize);
}

/** Active alerts, of levels and moves alike, re-armed during their cooldown whose cooldown has ended by `now`. */
export async function findArmDue(
  db: Firestore,
  now: number,
  pageSize: number,
  after?: QueryDocumentSnapshot,
): Promise<Page<AnyAlertDocument>> {
  const query = buildQuery(db, ARM_DUE_QUERY, ['active', now], { limit: pageSize, startAfter: after });
  return pageOf(await query.get(), pageSize, anyAlertDocumentSchema);
}
