// The emulator serves any query without an index; production refuses one. This fails first. The
// repositories' builders run only shapes in QUERY_SHAPES, so what it checks is what runs.
import {
  QUERY_SHAPES,
  indexServes,
  missingIndexes,
  needsCompositeIndex,
  type IndexDefinition,
} from '@price-alerts/domain/store';
import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';

const file = join(import.meta.dirname, '..', '..', 'firestore.indexes.json');
const { indexes } = JSON.parse(readFileSync(file, 'utf8')) as { indexes: IndexDefinition[] };

describe('firestore.indexes.json', () => {
  it('has an index for every query the code declares', () => {
    expect(QUERY_SHAPES.length).toBeGreaterThanOrEqual(2);
    expect(missingIndexes(QUERY_SHAPES, indexes)).toEqual([]);
  });

  it('names each declared query once, so a missing index is named unambiguously', () => {
    const names = QUERY_SHAPES.map((s) => s.name);
    expect(new Set(names).size).toBe(names.length);
  });

  it('has no index that no query uses', () => {
    const unused = indexes.filter(
      (index) => !QUERY_SHAPES.some((s) => needsCompositeIndex(s) && indexServes(index, s)),
    );
    expect(unused).toEqual([]);
  });
});
