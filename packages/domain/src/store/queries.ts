import { ACTIVE_LIST_STATUSES } from '../common/constants.ts';
import {
  ACTIVE_ALERTS_QUERY,
  ALL_ACTIVE_ALERTS_QUERY,
  ALL_PREVIOUS_ALERTS_QUERY,
  PAIR_ALERTS_QUERY,
  PREVIOUS_ALERTS_QUERY,
} from './listQueries.ts';
import {
  DUE_DELIVERIES_QUERY,
  DUE_DIGESTS_QUERY,
  LOCAL_PUSHES_QUERY,
  USER_OPEN_DIGESTS_QUERY,
} from './notifyQueries.ts';
import { MOVE_ALERTS_QUERY, REARM_MOVES_QUERY } from './moveQueries.ts';
import type { FilterOp, QueryFilter, QueryShape } from './queryShape.ts';

export * from './listQueries.ts';
export * from './moveQueries.ts';
export * from './notifyQueries.ts';
export * from './queryShape.ts';

/**
 * The evaluator's read: across users, the active alerts of one pair and type whose trigger price
 * lies in the range a price interval can fire, paged by trigger price. Reading only this range
 * keeps the cost to the alerts that fire, whatever the number that do not.
 */
export const EVALUATOR_ALERTS_QUERY = {
  name: 'evaluator alerts in a trigger-price range',
  collectionGroup: 'alerts',
  scope: 'COLLECTION_GROUP',
  filters: [
    { field: 'currencyPair', op: '==' },
    { field: 'alertType', op: '==' },
    { field: 'priceSide', op: '==' },
    { field: 'status', op: '==' },
    { field: 'armed', op: '==' },
    { field: 'triggerPrice', op: '>=', optional: true },
    { field: 'triggerPrice', op: '<=', optional: true },
  ],
  orderBy: [{ field: 'triggerPrice', direction: 'asc' }],
} as const satisfies QueryShape;

/**
 * Every-time alerts waiting to re-arm, of one pair and side, that a path's lowest price re-arms
 * (rearmBelow at or above it) or its highest (rearmAbove at or below it): reads only what re-arms.
 */
export const REARM_BELOW_QUERY = {
  name: 'evaluator alerts re-armed by a fall',
  collectionGroup: 'alerts',
  scope: 'COLLECTION_GROUP',
  filters: [
    { field: 'currencyPair', op: '==' },
    { field: 'priceSide', op: '==' },
    { field: 'status', op: '==' },
    { field: 'armed', op: '==' },
    { field: 'rearmBelow', op: '>=' },
  ],
  orderBy: [{ field: 'rearmBelow', direction: 'asc' }],
} as const satisfies QueryShape;

export const REARM_ABOVE_QUERY = {
  name: 'evaluator alerts re-armed by a rise',
  collectionGroup: 'alerts',
  scope: 'COLLECTION_GROUP',
  filters: [
    { field: 'currencyPair', op: '==' },
    { field: 'priceSide', op: '==' },
    { field: 'status', op: '==' },
    { field: 'armed', op: '==' },
    { field: 'rearmAbove', op: '<=' },
  ],
  orderBy: [{ field: 'rearmAbove', direction: 'asc' }],
} as const satisfies QueryShape;

/** Every-time alerts re-armed by the price during their cooldown, whose cooldown is now over. */
export const ARM_DUE_QUERY = {
  name: 'alerts whose cooldown ended',
  collectionGroup: 'alerts',
  scope: 'COLLECTION_GROUP',
  filters: [
    { field: 'status', op: '==' },
    { field: 'armAt', op: '<=' },
  ],
  orderBy: [{ field: 'armAt', direction: 'asc' }],
} as const satisfies QueryShape;

/**
 * The ingest service's listener: every active alert, across users, for its level index
 * (levelIndex.ts). Ordered by pair only so that it has a composite index: a collection-group
 * query on one field would need a single-field exemption instead.
 */
export const INGEST_ACTIVE_ALERTS_QUERY = {
  name: 'active alerts for the level index',
  collectionGroup: 'alerts',
  scope: 'COLLECTION_GROUP',
  filters: [{ field: 'status', op: '==' }],
  orderBy: [{ field: 'currencyPair', direction: 'asc' }],
} as const satisfies QueryShape;

/** The expiry job: active and paused alerts whose expiry has come, oldest first. */
export const EXPIRING_ALERTS_QUERY = {
  name: 'alerts past their expiry',
  collectionGroup: 'alerts',
  scope: 'COLLECTION_GROUP',
  filters: [
    { field: 'status', op: 'in' },
    { field: 'expiresAt', op: '<=' },
  ],
  orderBy: [{ field: 'expiresAt', direction: 'asc' }],
  statuses: ACTIVE_LIST_STATUSES,
} as const satisfies QueryShape & { statuses: readonly string[] };

/**
 * The minute job: alerts snoozed from a notice (actions/) whose snooze has ended, earliest first.
 * Only paused alerts carry the 'snoozed' reason: the user's resume and any edit remove it.
 */
export const SNOOZES_DUE_QUERY = {
  name: 'snoozed alerts whose snooze ended',
  collectionGroup: 'alerts',
  scope: 'COLLECTION_GROUP',
  filters: [
    { field: 'pauseReason', op: '==' },
    { field: 'snoozedUntil', op: '<=' },
  ],
  orderBy: [{ field: 'snoozedUntil', direction: 'asc' }],
} as const satisfies QueryShape;

/** The details sheet: one alert's history, newest first. */
export const ALERT_HISTORY_QUERY = {
  name: 'one alert history, newest first',
  collectionGroup: 'history',
  scope: 'COLLECTION',
  filters: [],
  orderBy: [{ field: 'at', direction: 'desc' }],
  limit: 100,
} as const satisfies QueryShape;

/**
 * The deleted alert's events, when its delete's trigger runs after the same id was created again:
 * those from before that creation (the new alert's own are at or after it).
 */
export const HISTORY_BEFORE_QUERY = {
  name: 'one alert history before a time',
  collectionGroup: 'history',
  scope: 'COLLECTION',
  filters: [{ field: 'at', op: '<' }],
  orderBy: [{ field: 'at', direction: 'asc' }],
} as const satisfies QueryShape;

/** Registry the index test walks and the builders check; a new query shape is added here. */
export const QUERY_SHAPES: readonly QueryShape[] = [
  ACTIVE_ALERTS_QUERY,
  PREVIOUS_ALERTS_QUERY,
  ALL_ACTIVE_ALERTS_QUERY,
  ALL_PREVIOUS_ALERTS_QUERY,
  PAIR_ALERTS_QUERY,
  EVALUATOR_ALERTS_QUERY,
  REARM_BELOW_QUERY,
  REARM_ABOVE_QUERY,
  ARM_DUE_QUERY,
  MOVE_ALERTS_QUERY,
  REARM_MOVES_QUERY,
  INGEST_ACTIVE_ALERTS_QUERY,
  EXPIRING_ALERTS_QUERY,
  SNOOZES_DUE_QUERY,
  ALERT_HISTORY_QUERY,
  HISTORY_BEFORE_QUERY,
  DUE_DELIVERIES_QUERY,
  USER_OPEN_DIGESTS_QUERY,
  DUE_DIGESTS_QUERY,
  LOCAL_PUSHES_QUERY,
];

export type FilterScalar = string | number | boolean;

type FilterValue<F> =
  | (F extends { op: 'in' } ? readonly FilterScalar[] : FilterScalar)
  | (F extends { optional: true } ? undefined : never);

type ValuesOf<Filters extends readonly QueryFilter[]> = { -readonly [K in keyof Filters]: FilterValue<Filters[K]> };

/** The runtime values of a shape's filters: one per filter, in declaration order. */
export type FilterValues<S extends QueryShape> = ValuesOf<S['filters']>;

/** What a builder turns into its SDK's query: the filters with their values, the order and the limit. */
export interface QueryPlan {
  where: { field: string; op: FilterOp; value: FilterScalar | FilterScalar[] }[];
  orderBy: QueryShape['orderBy'];
  limit?: number;
}

/** Firestore takes at most 30 values in one 'in' filter. */
const MAX_IN_VALUES = 30;

const isScalar = (value: unknown): value is FilterScalar =>
  typeof value === 'string' || typeof value === 'number' || typeof value === 'boolean';

function fits(op: FilterOp, value: unknown): boolean {
  if (op !== 'in') return isScalar(value);
  return Array.isArray(value) && value.length > 0 && value.length <= MAX_IN_VALUES && value.every(isScalar);
}

/**
 * Checks runtime values against a declared shape and resolves what the query will be. Throws for a
 * shape not in QUERY_SHAPES (the index test would not see it), a value count other than the filters',
 * a missing value for a required filter, a value that does not fit its operator, a page size for a
 * shape with a fixed limit, or a limit that is not a positive whole number.
 */
export function planQuery<S extends QueryShape>(shape: S, values: FilterValues<S>, pageSize?: number): QueryPlan {
  const refuse = (why: string) => new Error(`Query '${shape.name}': ${why}`);
  if (!QUERY_SHAPES.includes(shape)) throw refuse('not declared in QUERY_SHAPES');
  const given = values as readonly unknown[];
  if (given.length !== shape.filters.length)
    throw refuse(`takes ${shape.filters.length} filter values, got ${given.length}`);
  const where: QueryPlan['where'] = [];
  shape.filters.forEach(({ field, op, optional }, i) => {
    const value = given[i];
    if (value === undefined && optional) return;
    if (!fits(op, value)) throw refuse(`${field} ${op} cannot take ${JSON.stringify(value) ?? String(value)}`);
    where.push({ field, op, value: Array.isArray(value) ? [...(value as FilterScalar[])] : (value as FilterScalar) });
  });
  if (pageSize !== undefined && shape.limit !== undefined) throw refuse(`has a fixed limit of ${shape.limit}`);
  const limit = pageSize ?? shape.limit;
  if (limit !== undefined && !(Number.isInteger(limit) && limit > 0))
    throw refuse(`limit ${limit} is not a positive whole number`);
  return { where, orderBy: shape.orderBy, ...(limit !== undefined ? { limit } : {}) };
}

export interface IndexDefinition {
  collectionGroup: string;
  queryScope: 'COLLECTION' | 'COLLECTION_GROUP';
  fields: { fieldPath: string; order?: 'ASCENDING' | 'DESCENDING'; arrayConfig?: string }[];
}

const EQUALITY_OPS: readonly FilterOp[] = ['==', 'in'];

/**
 * Whether Firestore can serve the shape from automatic single-field indexes: a query over one
 * field only, or equality filters alone (merged by Firestore without a composite index).
 */
export function needsCompositeIndex(shape: QueryShape): boolean {
  const fields = new Set([...shape.filters.map((f) => f.field), ...shape.orderBy.map((o) => o.field)]);
  if (fields.size <= 1 && shape.scope === 'COLLECTION') return false;
  const onlyEquality = shape.orderBy.length === 0 && shape.filters.every((f) => EQUALITY_OPS.includes(f.op));
  return !(onlyEquality && shape.scope === 'COLLECTION');
}

/**
 * A composite index serves the shape when its leading fields are exactly the equality fields (in
 * any order) and the remaining ones are the range and order-by fields in order and direction.
 */
export function indexServes(index: IndexDefinition, shape: QueryShape): boolean {
  if (index.collectionGroup !== shape.collectionGroup || index.queryScope !== shape.scope) return false;
  const equality = new Set(shape.filters.filter((f) => EQUALITY_OPS.includes(f.op)).map((f) => f.field));
  const ordered: { field: string; order: 'ASCENDING' | 'DESCENDING' }[] = shape.orderBy.map((o) => ({
    field: o.field,
    order: o.direction === 'asc' ? 'ASCENDING' : 'DESCENDING',
  }));
  for (const range of shape.filters.filter((f) => !EQUALITY_OPS.includes(f.op))) {
    if (!ordered.some((o) => o.field === range.field)) ordered.unshift({ field: range.field, order: 'ASCENDING' });
  }
  const fields = index.fields.filter((f) => f.fieldPath !== '__name__');
  if (fields.length !== equality.size + ordered.length) return false;
  const head = fields.slice(0, equality.size);
  if (!head.every((f) => equality.has(f.fieldPath) && f.order !== undefined)) return false;
  return fields
    .slice(equality.size)
    .every((f, i) => f.fieldPath === ordered[i]?.field && f.order === ordered[i]?.order);
}

/** Names of the shapes that need a composite index and have none. */
export function missingIndexes(shapes: readonly QueryShape[], indexes: readonly IndexDefinition[]): string[] {
  return shapes.filter((s) => needsCompositeIndex(s) && !indexes.some((i) => indexServes(i, s))).map((s) => s.name);
}
