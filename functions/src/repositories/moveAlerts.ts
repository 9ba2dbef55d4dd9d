/** Repository for move alerts across users (collection group), as the evaluator reads them. */
import type { CurrencyPair, MoveRead, PriceSide } from '@price-alerts/domain/common';
import {
  MOVE_ALERTS_QUERY,
  REARM_MOVES_QUERY,
  moveAlertDocumentSchema,
  type MoveAlertDocument,
} from '@price-alerts/domain/store';
import type { Firestore, QueryDocumentSnapshot } from 'firebase-admin/firestore';
import { pageOf, type Page } from './alerts';
import { buildQuery } from './query';

export interface MoveReadRange {
  pair: CurrencyPair;
  read: MoveRead;
  side: PriceSide;
  /** Per cent: the firing read finds thresholds up to it, the re-arm read levels from it. */
  percent: number;
}

/** One page of armed active move alerts of a pair, read and side whose threshold is at most `percent`. */
export async function findMovesUpTo(
  db: Firestore,
  range: MoveReadRange,
  pageSize: number,
  after?: QueryDocumentSnapshot,
): Promise<Page<MoveAlertDocument>> {
  const values = [range.pair, range.read, range.side, 'active', true, range.percent] as const;
  const query = buildQuery(db, MOVE_ALERTS_QUERY, [...values], { limit: pageSize, startAfter: after });
  return pageOf(await query.get(), pageSize, moveAlertDocumentSchema);
}

/** One page of disarmed every-time move alerts whose re-arm level is at least `percent`. */
export async function findMovesToRearm(
  db: Firestore,
  range: MoveReadRange,
  pageSize: number,
  after?: QueryDocumentSnapshot,
): Promise<Page<MoveAlertDocument>> {
  const values = [range.pair, range.read, range.side, 'active', false, range.percent] as const;
  const query = buildQuery(db, REARM_MOVES_QUERY, [...values], { limit: pageSize, startAfter: after });
  return pageOf(await query.get(), pageSize, moveAlertDocumentSchema);
}
