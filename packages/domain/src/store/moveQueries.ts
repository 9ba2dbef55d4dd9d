import type { QueryShape } from './queryShape.ts';

/** The alerts of one pair, read and side, active, armed or not: what both move reads start from. */
const ONE_READ = [
  { field: 'currencyPair', op: '==' },
  { field: 'moveRead', op: '==' },
  { field: 'priceSide', op: '==' },
  { field: 'status', op: '==' },
  { field: 'armed', op: '==' },
] as const;

/**
 * The evaluator's firing read for move alerts: across users, the armed active alerts of one pair,
 * read ('up:15') and side whose threshold a window's largest move reaches, lowest first. As for
 * levels, only the alerts that can fire are read.
 */
export const MOVE_ALERTS_QUERY = {
  name: 'evaluator move alerts up to a move',
  collectionGroup: 'alerts',
  scope: 'COLLECTION_GROUP',
  filters: [...ONE_READ, { field: 'movePercent', op: '<=' }],
  orderBy: [{ field: 'movePercent', direction: 'asc' }],
} as const satisfies QueryShape;

/** Every-time move alerts waiting to re-arm whose level a window's smallest move is back at or under. */
export const REARM_MOVES_QUERY = {
  name: 'evaluator move alerts re-armed by a move falling back',
  collectionGroup: 'alerts',
  scope: 'COLLECTION_GROUP',
  filters: [...ONE_READ, { field: 'rearmMoveAt', op: '>=' }],
  orderBy: [{ field: 'rearmMoveAt', direction: 'asc' }],
} as const satisfies QueryShape;
