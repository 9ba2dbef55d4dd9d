/**
 * A typed stand-in for lib/repositories/history: tests mock the module with this one
 * (`vi.mock('…/repositories/history', () => import(…))`) and deliver an alert's history with
 * `emitHistory`, or fail its live query with `failHistory`, as Firestore would.
 */
import type { AlertEvent } from '@price-alerts/domain/alerts';
import { vi } from 'vitest';
import type * as Repository from '../lib/repositories/history';

type Watch = typeof Repository.watchHistory;
const listeners = new Map<string, { onData: Parameters<Watch>[3]; onError: Parameters<Watch>[4] }>();

export const watchHistory = vi.fn<Watch>((_db, _uid, alertId, onData, onError) => {
  listeners.set(alertId, { onData, onError });
  return () => listeners.delete(alertId);
});

function listener(alertId: string) {
  const found = listeners.get(alertId);
  if (!found) throw new Error(`No live query on the history of ${alertId}`);
  return found;
}

/** What the live query of the alert's history would deliver now. */
export function emitHistory(alertId: string, events: Repository.HistoryEvent[]): void {
  listener(alertId).onData(events);
}

export function failHistory(alertId: string, error = new Error('permission-denied')): void {
  listener(alertId).onError(error);
}

/** Whether the alert's history is being listened to (the sheet stops when it closes). */
export const watchingHistory = (alertId: string): boolean => listeners.has(alertId);

export function resetHistoryRepository(): void {
  watchHistory.mockClear();
  listeners.clear();
}

export const testEvent = (id: string, patch: Partial<AlertEvent> = {}): Repository.HistoryEvent => ({
  id,
  type: 'created',
  at: new Date('2026-03-05T14:07:00').getTime(),
  expireAt: new Date('2026-06-03T14:07:00'),
  ...patch,
});
