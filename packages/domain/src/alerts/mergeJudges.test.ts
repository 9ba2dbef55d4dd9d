import { describe, expect, it } from 'vitest';
import type { AlertType } from '../common/constants.ts';
import type { Judge } from '../prices/intervals.ts';
import { mergeJudges } from './levelIndex.ts';

const ABOVE: AlertType = 'Price rising above';
const BELOW: AlertType = 'Price dropping below';

describe('mergeJudges', () => {
  const skipAbove: Judge = { ask: [ABOVE], skip: [{ side: 'ask', type: ABOVE, max: 1.1 }] };
  it.each<[string, Judge, Judge, Judge]>([
    ['keeps a skip the other judge has no read for', skipAbove, { bid: [BELOW] }, { ...skipAbove, bid: [BELOW] }],
    ['drops a skip when the other needs that read whole', skipAbove, { ask: [ABOVE] }, { ask: [ABOVE] }],
    ['drops it even when both skip the same: one of them may be a catch-up', skipAbove, skipAbove, { ask: [ABOVE] }],
  ])('%s', (_label, a, b, expected) => {
    expect(mergeJudges(a, b)).toEqual(expected);
  });
});
