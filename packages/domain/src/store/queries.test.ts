import { describe, expect, it } from 'vitest';
import {
  ACTIVE_ALERTS_QUERY,
  DUE_DELIVERIES_QUERY,
  EVALUATOR_ALERTS_QUERY,
  LOCAL_PUSHES_QUERY,
  indexServes,
  missingIndexes,
  needsCompositeIndex,
  planQuery,
  type FilterValues,
  type IndexDefinition,
  type QueryShape,
} from './queries.ts';

const dashboard: QueryShape = {
  name: 'dashboard',
  collectionGroup: 'alerts',
  scope: 'COLLECTION',
  filters: [{ field: 'status', op: 'in' }],
  orderBy: [{ field: 'createdAt', direction: 'desc' }],
};

const evaluator: QueryShape = {
  name: 'evaluator',
  collectionGroup: 'alerts',
  scope: 'COLLECTION_GROUP',
  filters: [
    { field: 'currencyPair', op: '==' },
    { field: 'status', op: '==' },
    { field: 'alertType', op: '==' },
    { field: 'triggerPrice', op: '>=' },
    { field: 'triggerPrice', op: '<=' },
  ],
  orderBy: [],
};

const idx = (scope: IndexDefinition['queryScope'], ...fields: [string, 'ASCENDING' | 'DESCENDING'][]) =>
  ({
    collectionGroup: 'alerts',
    queryScope: scope,
    fields: fields.map(([fieldPath, order]) => ({ fieldPath, order })),
  }) satisfies IndexDefinition;

describe('needsCompositeIndex', () => {
  it.each<[string, QueryShape, boolean]>([
    ['filter and order on different fields', dashboard, true],
    ['one field only', { ...dashboard, orderBy: [] }, false],
    [
      'equality filters only, in one collection',
      { ...evaluator, scope: 'COLLECTION', filters: evaluator.filters.slice(0, 2) },
      false,
    ],
    [
      'equality filters only, across a collection group',
      { ...evaluator, filters: evaluator.filters.slice(0, 2) },
      true,
    ],
    ['a collection-group query', { ...dashboard, scope: 'COLLECTION_GROUP', orderBy: [] }, true],
    ['equality plus range', evaluator, true],
  ])('%s: %s', (_label, shape, expected) => {
    expect(needsCompositeIndex(shape)).toBe(expected);
  });
});

describe('indexServes', () => {
  it.each<[string, IndexDefinition, QueryShape, boolean]>([
    ['the dashboard index', idx('COLLECTION', ['status', 'ASCENDING'], ['createdAt', 'DESCENDING']), dashboard, true],
    ['wrong order direction', idx('COLLECTION', ['status', 'ASCENDING'], ['createdAt', 'ASCENDING']), dashboard, false],
    ['wrong scope', idx('COLLECTION_GROUP', ['status', 'ASCENDING'], ['createdAt', 'DESCENDING']), dashboard, false],
    ['fields swapped', idx('COLLECTION', ['createdAt', 'DESCENDING'], ['status', 'ASCENDING']), dashboard, false],
    ['a missing field', idx('COLLECTION', ['status', 'ASCENDING']), dashboard, false],
    [
      'equality fields in another order, range last',
      idx(
        'COLLECTION_GROUP',
        ['alertType', 'ASCENDING'],
        ['currencyPair', 'ASCENDING'],
        ['status', 'ASCENDING'],
        ['triggerPrice', 'ASCENDING'],
      ),
      evaluator,
      true,
    ],
    [
      'range field not last',
      idx(
        'COLLECTION_GROUP',
        ['triggerPrice', 'ASCENDING'],
        ['currencyPair', 'ASCENDING'],
        ['status', 'ASCENDING'],
        ['alertType', 'ASCENDING'],
      ),
      evaluator,
      false,
    ],
  ])('%s', (_label, index, shape, expected) => {
    expect(indexServes(index, shape)).toBe(expected);
  });
});

describe('missingIndexes', () => {
  it('names only the shapes without an index', () => {
    const indexes = [idx('COLLECTION', ['status', 'ASCENDING'], ['createdAt', 'DESCENDING'])];
    expect(missingIndexes([dashboard, evaluator], indexes)).toEqual(['evaluator']);
  });
});

describe('planQuery', () => {
  it('pairs each declared filter with its value, in order, with the declared order and limit', () => {
    expect(planQuery(ACTIVE_ALERTS_QUERY, [ACTIVE_ALERTS_QUERY.statuses])).toEqual({
      where: [{ field: 'status', op: 'in', value: ['active', 'paused'] }],
      orderBy: [{ field: 'createdAt', direction: 'desc' }],
      limit: 10,
    });
    expect(planQuery(LOCAL_PUSHES_QUERY, ['local:abc'])).toEqual({
      where: [{ field: 'token', op: '==', value: 'local:abc' }],
      orderBy: [],
    });
  });

  it('leaves out an optional filter without a value, and takes a page size where no limit is declared', () => {
    const plan = planQuery(
      EVALUATOR_ALERTS_QUERY,
      ['EUR/USD', 'Price reaching', 'ask', 'active', true, undefined, 1.1],
      300,
    );
    expect(plan.where.map((w) => [w.field, w.op, w.value])).toEqual([
      ['currencyPair', '==', 'EUR/USD'],
      ['alertType', '==', 'Price reaching'],
      ['priceSide', '==', 'ask'],
      ['status', '==', 'active'],
      ['armed', '==', true],
      ['triggerPrice', '<=', 1.1],
    ]);
    expect(plan.limit).toBe(300);
  });

  // Values from outside the type system (casts, any) are refused at runtime too.
  const loose =
    <S extends QueryShape>(shape: S, values: unknown[], pageSize?: number) =>
    () =>
      planQuery(shape, values as FilterValues<S>, pageSize);

  it.each<[string, () => unknown, RegExp]>([
    ['a shape not in QUERY_SHAPES', loose(dashboard, [['active']]), /not declared in QUERY_SHAPES/],
    [
      'too few values',
      loose(EVALUATOR_ALERTS_QUERY, ['EUR/USD', 'Price reaching', 'active']),
      /takes 7 filter values, got 3/,
    ],
    ['too many values', loose(DUE_DELIVERIES_QUERY, [1, 2]), /takes 1 filter values, got 2/],
    ['no value for a required filter', loose(LOCAL_PUSHES_QUERY, [undefined]), /token == cannot take undefined/],
    ['a list for ==', loose(LOCAL_PUSHES_QUERY, [['a', 'b']]), /token == cannot take \["a","b"\]/],
    ['an object for a range', loose(DUE_DELIVERIES_QUERY, [{ at: 1 }]), /dueAt <= cannot take/],
    ['one value for in', loose(ACTIVE_ALERTS_QUERY, ['active']), /status in cannot take "active"/],
    ['an empty list for in', loose(ACTIVE_ALERTS_QUERY, [[]]), /status in cannot take \[\]/],
    ['31 values for in', loose(ACTIVE_ALERTS_QUERY, [Array.from({ length: 31 }, (_, i) => `s${i}`)]), /status in/],
    ['a page size where a limit is declared', loose(DUE_DELIVERIES_QUERY, [1], 5), /fixed limit of 500/],
    ['a page size of 0', loose(EVALUATOR_ALERTS_QUERY, ['EUR/USD', 'x', 'ask', 'active', true, 1, 2], 0), /limit 0/],
    [
      'a fractional page size',
      loose(EVALUATOR_ALERTS_QUERY, ['EUR/USD', 'x', 'ask', 'active', true, 1, 2], 2.5),
      /limit 2.5/,
    ],
  ])('refuses %s', (_label, plan, message) => {
    expect(plan).toThrow(message);
  });
});
