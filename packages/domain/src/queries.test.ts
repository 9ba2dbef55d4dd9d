import { describe, expect, it } from 'vitest';
import { indexServes, missingIndexes, needsCompositeIndex, type IndexDefinition, type QueryShape } from './queries.ts';

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
