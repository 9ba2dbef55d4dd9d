// The admin query builder without the emulators: building a query does not reach Firestore.
import {
  DUE_DELIVERIES_QUERY,
  EVALUATOR_ALERTS_QUERY,
  LOCAL_PUSHES_QUERY,
  type FilterValues,
  type QueryShape,
} from '@price-alerts/domain/store';
import { deleteApp, initializeApp, type App } from 'firebase-admin/app';
import { getFirestore, type Firestore } from 'firebase-admin/firestore';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { buildQuery } from './query';

let app: App;
let db: Firestore;
beforeAll(() => {
  app = initializeApp({ projectId: 'demo-query-builder' }, 'query-builder');
  db = getFirestore(app);
});
afterAll(() => deleteApp(app));

describe('buildQuery (firebase-admin)', () => {
  const rangeQuery = (bounds: [op: '>=' | '<=', price: number][], pageSize: number) =>
    bounds
      .reduce(
        (query, [op, price]) => query.where('triggerPrice', op, price),
        db
          .collectionGroup('alerts')
          .where('currencyPair', '==', 'EUR/USD')
          .where('alertType', '==', 'Price reaching')
          .where('priceSide', '==', 'ask')
          .where('status', '==', 'active')
          .where('armed', '==', true),
      )
      .orderBy('triggerPrice', 'asc')
      .limit(pageSize);

  it('builds the evaluator range query across users, with the page size', () => {
    const built = buildQuery(
      db,
      EVALUATOR_ALERTS_QUERY,
      ['EUR/USD', 'Price reaching', 'ask', 'active', true, 1.05, 1.1],
      {
        limit: 300,
      },
    );
    const expected = rangeQuery(
      [
        ['>=', 1.05],
        ['<=', 1.1],
      ],
      300,
    );
    expect(built.isEqual(expected)).toBe(true);
    expect(built.isEqual(expected.limit(301))).toBe(false);
  });

  it('leaves an open side of the range out', () => {
    const built = buildQuery(
      db,
      EVALUATOR_ALERTS_QUERY,
      ['EUR/USD', 'Price reaching', 'ask', 'active', true, undefined, 1.1],
      {
        limit: 50,
      },
    );
    expect(built.isEqual(rangeQuery([['<=', 1.1]], 50))).toBe(true);
    expect(built.isEqual(rangeQuery([['>=', 1.1]], 50))).toBe(false);
  });

  it('builds the due deliveries query with its declared limit', () => {
    const expected = db.collection('deliveries').where('dueAt', '<=', 42).orderBy('dueAt', 'asc').limit(500);
    expect(buildQuery(db, DUE_DELIVERIES_QUERY, [42]).isEqual(expected)).toBe(true);
  });

  it('builds a subcollection query under its parent document', () => {
    const built = buildQuery(db.doc('users/u1'), LOCAL_PUSHES_QUERY, ['local:abc']);
    expect(built.isEqual(db.collection('users/u1/localPush').where('token', '==', 'local:abc'))).toBe(true);
  });

  it('refuses values that do not match the declared filters', () => {
    const loose = (values: unknown[]) => () =>
      buildQuery(db, DUE_DELIVERIES_QUERY, values as FilterValues<typeof DUE_DELIVERIES_QUERY>);
    expect(loose([])).toThrow(/takes 1 filter values, got 0/);
    expect(loose([[1, 2]])).toThrow(/dueAt <= cannot take \[1,2\]/);
  });

  it('refuses an undeclared shape, and a collection group under a document', () => {
    const undeclared: QueryShape = { ...DUE_DELIVERIES_QUERY, name: 'not declared' };
    expect(() => buildQuery(db, undeclared, [1])).toThrow(/not declared in QUERY_SHAPES/);
    expect(() =>
      buildQuery(db.doc('users/u1'), EVALUATOR_ALERTS_QUERY, [
        'EUR/USD',
        'Price reaching',
        'ask',
        'active',
        true,
        1,
        2,
      ]),
    ).toThrow(/spans a collection group/);
  });
});
