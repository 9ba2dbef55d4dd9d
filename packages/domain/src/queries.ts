import {
  ACTIVE_ALERTS_LIMIT,
  ACTIVE_LIST_STATUSES,
  PREVIOUS_ALERTS_LIMIT,
  PREVIOUS_LIST_STATUSES,
} from './constants.ts';

/**
 * Every Firestore query the code runs is declared here as data and built from it by the
 * repositories, so one test can prove each has an index in firestore.indexes.json (the emulator
 * does not enforce indexes, production does).
 */
export type FilterOp = '==' | 'in' | '<' | '<=' | '>' | '>=';

export interface QueryShape {
  name: string;
  collectionGroup: string;
  /** COLLECTION: one user's subcollection; COLLECTION_GROUP: across users (server only). */
  scope: 'COLLECTION' | 'COLLECTION_GROUP';
  filters: readonly { field: string; op: FilterOp }[];
  orderBy: readonly { field: string; direction: 'asc' | 'desc' }[];
  limit?: number;
}

export const ACTIVE_ALERTS_QUERY = {
  name: 'dashboard active and paused alerts',
  collectionGroup: 'alerts',
  scope: 'COLLECTION',
  filters: [{ field: 'status', op: 'in' }],
  orderBy: [{ field: 'createdAt', direction: 'desc' }],
  limit: ACTIVE_ALERTS_LIMIT,
  statuses: ACTIVE_LIST_STATUSES,
} as const satisfies QueryShape & { statuses: readonly string[] };

export const PREVIOUS_ALERTS_QUERY = {
  name: 'dashboard triggered and cancelled alerts',
  collectionGroup: 'alerts',
  scope: 'COLLECTION',
  filters: [{ field: 'status', op: 'in' }],
  orderBy: [{ field: 'createdAt', direction: 'desc' }],
  limit: PREVIOUS_ALERTS_LIMIT,
  statuses: PREVIOUS_LIST_STATUSES,
} as const satisfies QueryShape & { statuses: readonly string[] };

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
    { field: 'status', op: '==' },
    { field: 'triggerPrice', op: '>=' },
    { field: 'triggerPrice', op: '<=' },
  ],
  orderBy: [{ field: 'triggerPrice', direction: 'asc' }],
} as const satisfies QueryShape;

/** The delivery sweeper: open deliveries whose next look is due (an expired lease, a retry, an orphan). */
export const DUE_DELIVERIES_QUERY = {
  name: 'deliveries due for sending',
  collectionGroup: 'deliveries',
  scope: 'COLLECTION',
  filters: [{ field: 'dueAt', op: '<=' }],
  orderBy: [{ field: 'dueAt', direction: 'asc' }],
  limit: 100,
} as const satisfies QueryShape;

/** Registry the index test walks; each module that adds a query shape adds it here. */
export const QUERY_SHAPES: QueryShape[] = [
  ACTIVE_ALERTS_QUERY,
  PREVIOUS_ALERTS_QUERY,
  EVALUATOR_ALERTS_QUERY,
  DUE_DELIVERIES_QUERY,
];

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
