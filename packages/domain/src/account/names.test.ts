import { describe, expect, it } from 'vitest';
import { displayName } from './names.ts';

describe('displayName', () => {
  it.each([
    ['Demo Trader', 'Google Name', 'demo@x.test', 'Demo Trader'],
    ['  ', 'Google Name', 'demo@x.test', 'Google Name'],
    [undefined, null, 'demo.trader@x.test', 'demo.trader'],
    [null, '', '@x.test', 'User'],
    [undefined, undefined, undefined, 'User'],
    [' Ana ', null, null, 'Ana'],
  ])('(%o, %o, %o) greets %o', (full, auth, email, expected) => {
    expect(displayName(full, auth, email)).toBe(expected);
  });
});
