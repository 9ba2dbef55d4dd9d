import { describe, expect, it } from 'vitest';
import { describeIssues } from './issues.ts';
import { registerTokenRequestSchema } from '../notify/tokens.ts';

const issuesOf = (input: unknown) => {
  const parsed = registerTokenRequestSchema.safeParse(input);
  if (parsed.success) throw new Error(`expected ${JSON.stringify(input)} to be refused`);
  return parsed.error.issues;
};

describe('describeIssues', () => {
  it.each([
    [{}, 'token: Invalid input: expected string, received undefined'],
    [{ token: 'short' }, 'token: must be at least 10 characters'],
    [{ token: 'x'.repeat(4097) }, 'token: must be at most 4096 characters'],
    [{ token: 'fcm-token-0123456789', userId: 'u2' }, '(request): Unrecognized key: "userId"'],
    [null, '(request): Invalid input: expected object, received null'],
    [
      { token: 5, userAgent: 'x'.repeat(513) },
      'token: Invalid input: expected string, received number; userAgent: Too big: expected string to have <=512 characters',
    ],
  ])('%j', (input, expected) => {
    expect(describeIssues(issuesOf(input))).toBe(expected);
  });

  it('names nested paths with dots and the whole value as asked', () => {
    const issues = [
      { path: ['intervals', 0, 'pair'], message: 'Unknown pair' },
      { path: [], message: 'Not an object' },
    ];
    expect(describeIssues(issues, '(message)')).toBe('intervals.0.pair: Unknown pair; (message): Not an object');
  });
});
