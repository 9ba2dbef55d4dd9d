/**
 * Builds the firebase-admin query a declaration in QUERY_SHAPES describes. The functions' repositories
 * query Firestore only through this, so the index test sees every query the server runs.
 */
import { planQuery, type FilterValues, type QueryShape } from '@price-alerts/domain/store';
import type { DocumentReference, DocumentSnapshot, Firestore, Query } from 'firebase-admin/firestore';

export interface Page {
  /** Only for a shape that declares no limit (the evaluator's page size). */
  limit?: number;
  /** Continues after this document, in the shape's order. */
  startAfter?: DocumentSnapshot;
}

/** A top-level collection or collection group from the database; a subcollection from its parent document. */
function source(from: Firestore | DocumentReference, shape: QueryShape): Query {
  // Told apart by shape rather than instanceof, which two copies of the SDK would defeat.
  if ('collectionGroup' in from) {
    return shape.scope === 'COLLECTION_GROUP'
      ? from.collectionGroup(shape.collectionGroup)
      : from.collection(shape.collectionGroup);
  }
  if (shape.scope === 'COLLECTION_GROUP') throw new Error(`Query '${shape.name}' spans a collection group`);
  return from.collection(shape.collectionGroup);
}

/** The query for `shape` with `values` for its filters, in declaration order (see planQuery for what is refused). */
export function buildQuery<S extends QueryShape>(
  from: Firestore | DocumentReference,
  shape: S,
  values: FilterValues<S>,
  page: Page = {},
): Query {
  const plan = planQuery(shape, values, page.limit);
  let query = source(from, shape);
  for (const { field, op, value } of plan.where) query = query.where(field, op, value);
  for (const { field, direction } of plan.orderBy) query = query.orderBy(field, direction);
  if (plan.limit !== undefined) query = query.limit(plan.limit);
  if (page.startAfter) query = query.startAfter(page.startAfter);
  return query;
}
