/**
 * The shape of a declared query. Every Firestore query the code runs is declared as data (queries.ts,
 * listQueries.ts, notifyQueries.ts) and built from it by the
 * repositories' builders (functions/src/repositories/query.ts, web/src/lib/repositories/query.ts),
 * which refuse a shape missing from QUERY_SHAPES, so one test can prove each has an index in
 * firestore.indexes.json (the emulator does not enforce indexes, production does). Reading a whole
 * collection (no filter, no order) needs no index and is not a declared query.
 */
export type FilterOp = '==' | 'in' | '<' | '<=' | '>' | '>=';

export interface QueryFilter {
  field: string;
  op: FilterOp;
  /** Left out of the query when its runtime value is undefined (an open side of a range). */
  optional?: boolean;
}

export interface QueryShape {
  name: string;
  collectionGroup: string;
  /** COLLECTION: one collection (top-level, or under a parent document); COLLECTION_GROUP: across users (server only). */
  scope: 'COLLECTION' | 'COLLECTION_GROUP';
  filters: readonly QueryFilter[];
  orderBy: readonly { field: string; direction: 'asc' | 'desc' }[];
  /** A fixed limit; a shape without one may be given a page size at runtime. */
  limit?: number;
}
