import { describe, expect, it } from 'vitest';
import { RateLimit, RateLimits } from './rateLimit.ts';

/** A clock the test moves. */
function clock() {
  let now = 1_000_000;
  return { now: () => now, advance: (ms: number) => (now += ms) };
}

describe('RateLimit', () => {
  it.each([
    {
      name: 'the burst at once, then nothing',
      burst: 3,
      perSecond: 1,
      steps: [0, 0, 0, 0],
      allowed: [true, true, true, false],
    },
    {
      name: 'one more each 1 / perSecond',
      burst: 1,
      perSecond: 2,
      steps: [0, 0, 499, 1],
      allowed: [true, false, false, true],
    },
    {
      name: 'never more than the burst after a wait',
      burst: 2,
      perSecond: 10,
      steps: [0, 0, 10_000, 0, 0],
      allowed: [true, true, true, true, false],
    },
  ])('allows $name', ({ burst, perSecond, steps, allowed }) => {
    const { now, advance } = clock();
    const limit = new RateLimit(burst, perSecond, now);
    expect(steps.map((ms) => (advance(ms), limit.take()))).toEqual(allowed);
  });

  it('is full once refilled to its burst', () => {
    const { now, advance } = clock();
    const limit = new RateLimit(2, 1, now);
    expect(limit.full).toBe(true);
    limit.take();
    expect(limit.full).toBe(false);
    advance(999);
    expect(limit.full).toBe(false);
    advance(1);
    expect(limit.full).toBe(true);
  });
});

describe('RateLimits', () => {
  it('gives each key one bucket, shared by all that take under it', () => {
    const { now } = clock();
    const limits = new RateLimits(2, 1, now);
    expect(['a', 'a', 'b', 'a', 'b', 'b'].map((key) => limits.take(key))).toEqual([
      true,
      true,
      true,
      false,
      true,
      false,
    ]);
  });

  it('forgets a bucket full again, at most once a sweep, and a key that comes back starts full', () => {
    const { now, advance } = clock();
    const limits = new RateLimits(2, 1, now, 10_000);
    limits.take('a');
    limits.take('a');
    limits.take('b');
    expect(limits.size).toBe(2);
    advance(9_999);
    limits.take('c');
    expect(limits.size).toBe(3);
    // 'a' and 'b' have refilled; 'c' took a second ago.
    advance(1);
    limits.take('d');
    expect(limits.size).toBe(2);
    expect([limits.take('a'), limits.take('a'), limits.take('a')]).toEqual([true, true, false]);
  });
});
