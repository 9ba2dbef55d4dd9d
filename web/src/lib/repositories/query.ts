/**
 * Builds the Firestore web SDK query a declaration in QUERY_SHAPES describes. The app's repositories
 * query Firestore only through this, so the index test sees every query the app runs.
 */
import { planQuery, type FilterValues, type QueryShape } from '@price-alerts/domain/store';
import {
  collection,
  limit,
  orderBy,
  query,
  startAfter,
  where,
  type DocumentReference,
  type DocumentSnapshot,
  type Firestore,
  type Query,
} from 'firebase/firestore';

/** A page of a shape without a fixed limit: its size, and the last document of the page before. */
export interface Paging {
  pageSize: number;
  after?: DocumentSnapshot | null;
}

/**
 * The query for `shape` with `values` for its filters, in declaration order (see planQuery for what
 * is refused): a top-level collection from the database, a subcollection from its parent document.
 * The app never queries a collection group (the rules deny it).
 */
export function buildQuery<S extends QueryShape>(
  from: Firestore | DocumentReference,
  shape: S,
  values: FilterValues<S>,
  paging?: Paging,
): Query {
  if (shape.scope === 'COLLECTION_GROUP') throw new Error(`Query '${shape.name}' spans a collection group`);
  const plan = planQuery(shape, values, paging?.pageSize);
  // One call per branch: TypeScript picks collection()'s overload for each kind of parent.
  const source =
    from.type === 'document' ? collection(from, shape.collectionGroup) : collection(from, shape.collectionGroup);
  return query(
    source,
    ...plan.where.map((f) => where(f.field, f.op, f.value)),
    ...plan.orderBy.map((o) => orderBy(o.field, o.direction)),
    // The cursor continues the same order (Firestore breaks ties by document id), so no alert is
    // skipped or repeated between pages that do not change meanwhile.
    ...(paging?.after ? [startAfter(paging.after)] : []),
    ...(plan.limit === undefined ? [] : [limit(plan.limit)]),
  );
}
