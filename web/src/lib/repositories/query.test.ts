// The web query builder without the emulators: building a query does not reach Firestore.
import {
  ACTIVE_ALERTS_QUERY,
  ALL_PREVIOUS_ALERTS_QUERY,
  EVALUATOR_ALERTS_QUERY,
  LOCAL_PUSHES_QUERY,
  PREVIOUS_ALERTS_QUERY,
  type FilterValues,
  type QueryShape,
} from '@price-alerts/domain/store';
import { deleteApp, initializeApp, type FirebaseApp } from 'firebase/app';
import {
  collection,
  doc,
  getFirestore,
  limit,
  orderBy,
  query,
  queryEqual,
  where,
  type Firestore,
} from 'firebase/firestore';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { buildQuery } from './query';

let app: FirebaseApp;
let db: Firestore;
beforeAll(() => {
  app = initializeApp({ projectId: 'demo-query-builder', apiKey: 'test' }, 'query-builder');
  db = getFirestore(app);
});
afterAll(() => deleteApp(app));

const alerts = () => collection(db, 'users', 'u1', 'alerts');

describe('buildQuery (web)', () => {
  it("builds a full list's page with the page size it is given, and refuses one for a capped list", () => {
    const page = buildQuery(doc(db, 'users', 'u1'), ALL_PREVIOUS_ALERTS_QUERY, [ALL_PREVIOUS_ALERTS_QUERY.statuses], {
      pageSize: 20,
    });
    const expected = query(
      alerts(),
      where('status', 'in', ['triggered', 'cancelled']),
      orderBy('createdAt', 'desc'),
      limit(20),
    );
    expect(queryEqual(page, expected)).toBe(true);
    expect(() =>
      buildQuery(doc(db, 'users', 'u1'), ACTIVE_ALERTS_QUERY, [ACTIVE_ALERTS_QUERY.statuses], { pageSize: 20 }),
    ).toThrow(/fixed limit of 10/);
  });

  it('builds each dashboard list under the user, newest first, with its limit', () => {
    const active = buildQuery(doc(db, 'users', 'u1'), ACTIVE_ALERTS_QUERY, [ACTIVE_ALERTS_QUERY.statuses]);
    const expected = query(
      alerts(),
      where('status', 'in', ['active', 'paused']),
      orderBy('createdAt', 'desc'),
      limit(10),
    );
    expect(queryEqual(active, expected)).toBe(true);
    expect(queryEqual(active, query(expected, limit(11)))).toBe(false);
    const previous = buildQuery(doc(db, 'users', 'u1'), PREVIOUS_ALERTS_QUERY, [PREVIOUS_ALERTS_QUERY.statuses]);
    expect(
      queryEqual(
        previous,
        query(alerts(), where('status', 'in', ['triggered', 'cancelled']), orderBy('createdAt', 'desc'), limit(5)),
      ),
    ).toBe(true);
  });

  it('builds the local push query for one token', () => {
    const built = buildQuery(doc(db, 'users', 'u1'), LOCAL_PUSHES_QUERY, ['local:abc']);
    const expected = query(collection(db, 'users', 'u1', 'localPush'), where('token', '==', 'local:abc'));
    expect(queryEqual(built, expected)).toBe(true);
  });

  it('refuses values that do not match the declared filters', () => {
    const loose = (values: unknown[]) => () =>
      buildQuery(doc(db, 'users', 'u1'), ACTIVE_ALERTS_QUERY, values as FilterValues<typeof ACTIVE_ALERTS_QUERY>);
    expect(loose([])).toThrow(/takes 1 filter values, got 0/);
    expect(loose(['active'])).toThrow(/status in cannot take "active"/);
    expect(loose([[]])).toThrow(/status in cannot take \[\]/);
  });

  it('refuses an undeclared shape and a collection-group query', () => {
    const undeclared: QueryShape = { ...LOCAL_PUSHES_QUERY, name: 'not declared' };
    expect(() => buildQuery(doc(db, 'users', 'u1'), undeclared, ['x'])).toThrow(/not declared in QUERY_SHAPES/);
    expect(() =>
      buildQuery(db, EVALUATOR_ALERTS_QUERY, ['EUR/USD', 'Price reaching', 'ask', 'active', true, 1, 2]),
    ).toThrow(/spans a collection group/);
  });
});
