import { describe, expect, it } from 'vitest';
import { WindowLimit } from './windowLimit';

describe('WindowLimit', () => {
  it.each([
    ['within the limit', 3, [0, 1, 2], [true, true, true]],
    ['over it in the same window', 2, [0, 1, 2, 3], [true, true, false, false]],
    ['again once the window has passed', 1, [0, 10, 1_000, 1_500], [true, false, true, false]],
  ])('lets calls through %s', (_name, limit, times, expected) => {
    const windows = new WindowLimit(limit, 1_000);
    expect(times.map((at) => windows.take('ada', at))).toEqual(expected);
  });

  it('counts each key apart, and keeps at most maxKeys', () => {
    const windows = new WindowLimit(1, 60_000, 2);
    expect([windows.take('a', 0), windows.take('b', 0), windows.take('a', 1)]).toEqual([true, true, false]);
    // A third key drops the oldest ('a' was counted again, but first seen before 'b').
    expect(windows.take('c', 2)).toBe(true);
    expect(windows.take('a', 3)).toBe(true);
  });
});
