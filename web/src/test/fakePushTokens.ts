/**
 * A typed stand-in for lib/repositories/pushTokens: tests mock the module with this one
 * (`vi.mock('…/repositories/pushTokens', () => import(…))`) and set how many devices the account
 * has registered besides this one with `setPushDevices` (one by default, so no hint shows unless a test asks).
 */
import { vi } from 'vitest';
import type * as Repository from '../lib/repositories/pushTokens';

let devices = 1;
const listeners = new Set<(count: number) => void>();

export const watchOtherPushDevices = vi.fn<typeof Repository.watchOtherPushDevices>((_db, _uid, onCount) => {
  listeners.add(onCount);
  onCount(devices);
  return () => listeners.delete(onCount);
});

export const forgetPushToken = vi.fn<typeof Repository.forgetPushToken>(async () => undefined);
export const watchLocalPushes = vi.fn<typeof Repository.watchLocalPushes>(() => () => undefined);

export function setPushDevices(count: number): void {
  devices = count;
  for (const listener of listeners) listener(count);
}
